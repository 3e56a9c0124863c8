import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { ProfileScreen } from "./profile-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const wren = {
  id: "user-wren",
  firstName: "Wren",
  lastName: "Reed",
  username: "wren",
  roles: ["reader"],
  social: {},
  createdAt: "2026-01-01T00:00:00.000Z",
  avatarUrl: null,
  coverUrl: null,
  description: "",
  location: "Lisbon",
  nFollowing: 0,
  nFollowers: 4,
  interactionScore: 0,
  author: null as { nReaders: number } | null,
};

function renderProfile() {
  const router = createMemoryRouter([{ path: "/u/:username", element: <ProfileScreen /> }], {
    initialEntries: ["/u/wren"],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("ProfileScreen follow button", () => {
  it("follows and unfollows, moving the follower count", async () => {
    const calls = mockApi({
      "GET /api/auth/get-session": () => Response.json({ user: makeMe() }),
      "GET /api/v1/users/by-username/wren": () => Response.json({ user: wren }),
      "GET /api/v1/users/user-wren/follow": () => Response.json({ following: false, nFollowers: 4 }),
      "PUT /api/v1/users/user-wren/follow": () => Response.json({ following: true, nFollowers: 5 }),
      "DELETE /api/v1/users/user-wren/follow": () => Response.json({ following: false, nFollowers: 4 }),
    });
    renderProfile();
    const follow = await screen.findByRole("button", { name: "Follow" });
    await waitFor(() => expect((follow as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(follow);
    const following = await screen.findByRole("button", { name: "Following" });
    expect(following.getAttribute("aria-pressed")).toBe("true");
    expect(within(screen.getByTestId("profile-counts")).getByText("5")).toBeTruthy();
    fireEvent.click(following);
    expect(await screen.findByRole("button", { name: "Follow" })).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining(["PUT /api/v1/users/user-wren/follow", "DELETE /api/v1/users/user-wren/follow"]),
    );
  });

  it("offers no follow button to a visitor", async () => {
    mockApi({ "GET /api/v1/users/by-username/wren": () => Response.json({ user: wren }) });
    renderProfile();
    expect(await screen.findByText("@wren")).toBeTruthy();
    expect(screen.queryByTestId("follow-button")).toBeNull();
  });
});

describe("ProfileScreen counts", () => {
  it.each([
    [12_345, "12,345", "Readers"],
    [1, "1", "Reader"],
  ])("shows an author's %i readers next to their follow counts", async (nReaders, shown, label) => {
    mockApi({
      "GET /api/v1/users/by-username/wren": () =>
        Response.json({ user: { ...wren, roles: ["reader", "author"], author: { nReaders } } }),
    });
    renderProfile();
    const readers = await screen.findByTestId("profile-readers");
    expect(readers.textContent).toBe(`${label}${shown}`);
    expect(within(screen.getByTestId("profile-counts")).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows no reader count for a reader", async () => {
    mockApi({ "GET /api/v1/users/by-username/wren": () => Response.json({ user: wren }) });
    renderProfile();
    expect(await screen.findByText("@wren")).toBeTruthy();
    expect(within(screen.getByTestId("profile-counts")).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByTestId("profile-readers")).toBeNull();
  });
});
