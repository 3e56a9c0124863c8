import type { FeedItem } from "@quire/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makePublicUser } from "../../../test/fixtures";
import { FeedScreen } from "./feed-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const ada = { id: "user-ada", username: "ada", firstName: "Ada", lastName: "Lovelace", avatarUrl: null };

function item(id: string, type: FeedItem["type"], title: string, createdAt: string): FeedItem {
  return {
    id,
    type,
    actor: ada,
    createdAt,
    book: makeBookSummary(title, { id: `book-${id}` }),
  };
}

function renderFeed() {
  const router = createMemoryRouter([{ path: "/feed", element: <FeedScreen /> }], { initialEntries: ["/feed"] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("FeedScreen", () => {
  it("shows what followed people did, with links, and loads more by cursor", async () => {
    const calls = mockApi({
      ...signedIn,
      "feed.list": () =>
        calls.filter((call) => call.path === "/api/v1/feed").length === 1
          ? Response.json({
              items: [item("a1", "started", "Frankenstein", new Date().toISOString())],
              nextCursor: "next-page",
            })
          : Response.json({
              items: [item("a2", "starred", "Persuasion", "2026-01-01T00:00:00.000Z")],
              nextCursor: null,
            }),
    });
    renderFeed();
    const first = await screen.findByTestId("feed-item");
    expect(first.textContent).toContain("Ada Lovelace started reading Frankenstein");
    expect(within(first).getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toBe("/u/ada");
    expect(within(first).getByRole("link", { name: "Frankenstein" }).getAttribute("href")).toBe("/books/book-a1");
    expect(first.querySelector("time")?.textContent).toBe("just now");

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("feed-item")).toHaveLength(2));
    expect(screen.getAllByTestId("feed-item")[1]?.textContent).toContain("Ada Lovelace starred Persuasion");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("points an empty feed at people to follow", async () => {
    mockApi({
      ...signedIn,
      "feed.list": () => ({ items: [], nextCursor: null }),
      "users.suggested": () => ({
        items: [
          {
            ...makePublicUser("user-ada", "Ada", { lastName: "Lovelace", location: "Lisbon" }),
            author: { nReaders: 12 },
          },
        ],
      }),
      "users.followState": () => ({ following: false, nFollowers: 0 }),
    });
    renderFeed();
    expect(await screen.findByText("Your feed is quiet")).toBeTruthy();
    const suggested = await screen.findByTestId("suggested-people");
    expect(within(suggested).getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toBe("/u/ada");
    expect(within(suggested).getByRole("button", { name: "Follow" })).toBeTruthy();
    expect(within(suggested).getByText("@ada · Author · 12 readers")).toBeTruthy();
  });

  it("shows the error and retries", async () => {
    let fail = true;
    mockApi({
      ...signedIn,
      "feed.list": () =>
        fail
          ? apiError(403, "permission-denied", "Not for you")
          : Response.json({ items: [item("a1", "finished", "Emma", new Date().toISOString())], nextCursor: null }),
    });
    renderFeed();
    expect((await screen.findByTestId("error-message")).textContent).toBe("Not for you");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect((await screen.findByTestId("feed-item")).textContent).toContain("Ada Lovelace finished Emma");
  });
});
