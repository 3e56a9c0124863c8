import type { Notification as InboxNotification } from "@quire/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { mockApi, signedIn } from "../../../test/api-mock";
import { NotificationsBell } from "../components/notifications-bell";
import { NotificationsScreen } from "./notifications-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const follower: InboxNotification = {
  id: "n-1",
  type: "new follower",
  title: "New follower",
  body: "Ada Lovelace started following you.",
  actor: { id: "user-ada", name: "Ada Lovelace" },
  resource: { id: "user-ada", type: "user", name: "ada" },
  createdAt: "2026-11-21T10:00:00.000Z",
  readAt: null,
};

function renderInbox() {
  const router = createMemoryRouter(
    [
      {
        path: "/notifications",
        element: (
          <>
            <NotificationsBell />
            <NotificationsScreen />
          </>
        ),
      },
    ],
    { initialEntries: ["/notifications"] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("NotificationsScreen", () => {
  it("marks what it shows as read on opening: the bell drops, the items stay highlighted for this visit", async () => {
    let unread = 1;
    const calls = mockApi({
      ...signedIn,
      "notifications.list": () => ({
        items: [{ ...follower, readAt: unread ? null : "2026-11-21T11:00:00.000Z" }],
        nextCursor: null,
        unreadCount: unread,
      }),
      "notifications.read": () => {
        unread = 0;
        return Response.json({ unreadCount: 0 });
      },
    });
    renderInbox();
    expect(await screen.findByText("Ada Lovelace started following you.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /New follower/ }).getAttribute("href")).toBe("/u/ada");
    await waitFor(() =>
      expect(screen.getByTestId("notifications-bell").getAttribute("aria-label")).toBe("Notifications"),
    );
    expect(calls).toContainEqual({ method: "POST", path: "/api/v1/notifications/read", body: { ids: ["n-1"] } });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull());
    // Refetched as read, still shown as new until the reader leaves.
    expect(screen.getByRole("link", { name: /New follower \(new\)/ })).toBeTruthy();
    expect(calls.filter((call) => call.path === "/api/v1/notifications/read")).toHaveLength(1);
  });

  it("keeps 'Mark all as read' for what is not on screen, and names a deleted account without a link", async () => {
    let unread = 150;
    const calls = mockApi({
      ...signedIn,
      "notifications.list": () => ({
        items: [
          {
            ...follower,
            body: "A former reader started following you.",
            actor: { id: "user-gone", name: "A former reader", former: true },
            resource: { id: "user-gone", type: "user", name: "gone" },
            readAt: "2026-11-21T11:00:00.000Z",
          },
        ],
        nextCursor: "more",
        unreadCount: unread,
      }),
      "notifications.read": () => {
        unread = 0;
        return Response.json({ unreadCount: 0 });
      },
    });
    renderInbox();
    expect(await screen.findByText("A former reader started following you.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /New follower/ })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() =>
      expect(screen.getByTestId("notifications-bell").getAttribute("aria-label")).toBe("Notifications"),
    );
    expect(calls).toContainEqual({ method: "POST", path: "/api/v1/notifications/read", body: { all: true } });
  });

  it("says when there is nothing yet", async () => {
    mockApi({
      ...signedIn,
      "notifications.list": () => ({ items: [], nextCursor: null, unreadCount: 0 }),
    });
    renderInbox();
    expect(await screen.findByText("Nothing new yet")).toBeTruthy();
  });
});
