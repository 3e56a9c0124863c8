import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makeViewerState } from "../../../test/fixtures";
import { BookActions } from "./book-actions";

afterEach(() => {
  vi.unstubAllGlobals();
});

const book = makeBookSummary("The Lantern Keeper", { id: "book-1", status: "scheduled" });
const state = makeViewerState();

function renderActions() {
  const router = createMemoryRouter([{ path: "/books/:id", element: <BookActions book={book} /> }], {
    initialEntries: ["/books/book-1"],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("BookActions", () => {
  it("offers a visitor to sign in, returning to the book", async () => {
    mockApi({});
    renderActions();
    const link = await screen.findByTestId("book-actions-sign-in");
    expect(link.getAttribute("href")).toBe("/auth/sign-in?next=%2Fbooks%2Fbook-1");
  });

  it("stars, shelves and subscribes, showing each new state", async () => {
    const calls = mockApi({
      ...signedIn,
      "books.viewerState": () => state,
      "books.star": () => ({ starred: true, nUserStarred: 8 }),
      "me.listPut": () => ({ bookId: "book-1", list: "reading", addedAt: "2026-11-21T10:00:00.000Z" }),
      "books.subscribeLaunch": () => ({ subscribed: true }),
    });
    renderActions();
    const star = await screen.findByRole("button", { name: "Star this book" });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    expect(await screen.findByRole("button", { name: "Starred" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Starred" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.change(screen.getByLabelText("Shelf"), { target: { value: "reading" } });
    await waitFor(() => expect((screen.getByLabelText("Shelf") as HTMLSelectElement).value).toBe("reading"));

    fireEvent.click(screen.getByRole("button", { name: "Notify me at launch" }));
    expect(await screen.findByRole("button", { name: "Don't notify me" })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        "PUT /api/v1/books/book-1/star",
        "PUT /api/v1/me/lists/reading/book-1",
        "PUT /api/v1/books/book-1/launch-subscription",
      ]),
    );
  });

  it("shows the spec's message when a star fails", async () => {
    mockApi({
      ...signedIn,
      "books.viewerState": () => state,
      "books.star": () => apiError(500, "internal", "Failed to toggle book star."),
    });
    renderActions();
    const star = await screen.findByRole("button", { name: "Star this book" });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    expect(await screen.findByText("Failed to toggle book star.")).toBeTruthy();
  });
});
