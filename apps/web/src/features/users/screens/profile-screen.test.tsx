import type { BookSummary, PublicProfile } from "@quire/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makeMe, makeProfile, makeViewerState } from "../../../test/fixtures";
import { ProfileScreen } from "./profile-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const wren = makeProfile({ location: "Lisbon", nFollowers: 4 });

function renderProfile(at = "/u/wren") {
  const router = createMemoryRouter(
    [
      { path: "/u/:username", element: <ProfileScreen /> },
      { path: "/users/:id", element: <ProfileScreen /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("ProfileScreen follow button", () => {
  it("follows and unfollows, moving the follower count", async () => {
    const calls = mockApi({
      ...signedIn,
      "users.byUsername": () => ({ user: wren }),
      "users.followState": () => ({ following: false, nFollowers: 4 }),
      "users.follow": () => ({ following: true, nFollowers: 5 }),
      "users.unfollow": () => ({ following: false, nFollowers: 4 }),
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
    mockApi({ "users.byUsername": () => ({ user: wren }) });
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
      "users.byUsername": () => ({ user: { ...wren, roles: ["reader", "author"], author: { nReaders } } }),
    });
    renderProfile();
    const readers = await screen.findByTestId("profile-readers");
    expect(readers.textContent).toBe(`${label}${shown}`);
    expect(within(screen.getByTestId("profile-counts")).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows no reader count for a reader", async () => {
    mockApi({ "users.byUsername": () => ({ user: wren }) });
    renderProfile();
    expect(await screen.findByText("@wren")).toBeTruthy();
    expect(within(screen.getByTestId("profile-counts")).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByTestId("profile-readers")).toBeNull();
  });
});

const makeBook = (id: string, overrides: Partial<BookSummary> = {}) =>
  makeBookSummary(`Book ${id}`, { id, authors: ["Wren Reed"], authorIds: ["user-wren"], ...overrides });

const author: PublicProfile = { ...wren, roles: ["reader", "author"], author: { nReaders: 3 } };

describe("ProfileScreen books", () => {
  it("lists an author's books page by page, with a launch reminder on the scheduled ones", async () => {
    const scheduled = makeBook("soon", { status: "scheduled", launchedDate: "2027-03-12T12:00:00.000Z" });
    const calls = mockApi({
      ...signedIn,
      "users.byUsername": () => ({ user: author }),
      "users.followState": () => ({ following: false, nFollowers: 4 }),
      "users.books": ({ path }) =>
        calls.filter((call) => call.path === path).length === 1
          ? Response.json({ items: [makeBook("first")], nextCursor: "page-2" })
          : Response.json({ items: [scheduled], nextCursor: null }),
      "books.viewerState": () => makeViewerState(),
      "books.subscribeLaunch": () => ({ subscribed: true }),
    });
    renderProfile();
    const books = await screen.findByRole("list", { name: "Books by Wren Reed" });
    expect(within(books).getByRole("link", { name: "Book first" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(books).findByRole("link", { name: "Book soon" })).toBeTruthy();
    expect(within(books).getByText("Launches Mar 12, 2027")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    const notify = await within(books).findByRole("button", { name: "Notify me at launch" });
    await waitFor(() => expect((notify as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(notify);
    expect(await within(books).findByRole("button", { name: "Don't notify me" })).toBeTruthy();
    expect(within(books).getAllByRole("listitem")).toHaveLength(2);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("PUT /api/v1/books/soon/launch-subscription");
  });

  it("shows the author where their books will appear, and others no empty section", async () => {
    mockApi({
      "auth.session": () => ({ user: makeMe({ id: "user-wren", username: "wren" }) }),
      "users.byUsername": () => ({ user: author }),
      "users.books": () => ({ items: [], nextCursor: null }),
    });
    renderProfile();
    expect(await screen.findByText("Books you launch appear here")).toBeTruthy();
    cleanup();

    const calls = mockApi({
      "users.byUsername": () => ({ user: author }),
      "users.books": () => ({ items: [], nextCursor: null }),
    });
    renderProfile();
    expect(await screen.findByText("@wren")).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/api/v1/users/user-wren/books"));
    await waitFor(() => expect(screen.queryByTestId("profile-books")).toBeNull());
    expect(screen.queryByText("Books you launch appear here")).toBeNull();
  });

  it("asks no books of a reader who is no author", async () => {
    const calls = mockApi({ "users.byUsername": () => ({ user: wren }) });
    renderProfile();
    expect(await screen.findByText("@wren")).toBeTruthy();
    expect(screen.queryByTestId("profile-books")).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain("/api/v1/users/user-wren/books");
  });
});

describe("ProfileScreen details", () => {
  it("names no place for someone who never gave one", async () => {
    mockApi({ "users.byUsername": () => ({ user: { ...wren, location: null } }) });
    renderProfile();
    expect(await screen.findByText("@wren")).toBeTruthy();
    expect(screen.queryByText("Location")).toBeNull();
    expect(screen.getByText("Joined Jan 1, 2026")).toBeTruthy();
  });

  it("shows the place someone gave", async () => {
    mockApi({ "users.byUsername": () => ({ user: wren }) });
    renderProfile();
    expect(await screen.findByText("Lisbon")).toBeTruthy();
  });

  it("moves a byline's /users/:id on to the profile at its username", async () => {
    const calls = mockApi({
      "users.get": () => ({ user: wren }),
      "users.byUsername": () => ({ user: wren }),
    });
    renderProfile("/users/user-wren");
    expect(await screen.findByRole("heading", { level: 1, name: "Wren Reed" })).toBeTruthy();
    expect(calls.map((call) => call.path).slice(0, 2)).toEqual([
      "/api/v1/users/user-wren",
      "/api/v1/users/by-username/wren",
    ]);
  });

  it("says so when a byline's user is gone", async () => {
    mockApi({});
    renderProfile("/users/gone");
    expect((await screen.findByTestId("profile-not-found")).textContent).toContain(
      "Not found. This link leads to no one on Quire.",
    );
  });
});
