import type { BookSummary } from "@quire/core";
import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { mockApi, signedIn } from "../../../test/api-mock";
import { makeBookDetail, makeBookSummary, makeViewerState } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { BookScreen } from "./book-screen";

/** The book page of "The Lantern Keeper" for Ada (user-1), written by these authors. */
async function bookPageOf(book: Partial<BookSummary>) {
  mockApi({
    ...signedIn,
    "books.get": () => makeBookDetail(makeBookSummary("The Lantern Keeper", { id: "book-1", ...book })),
    "books.chapters": () => Response.json({ items: [], nextCursor: null }),
    "books.viewerState": () => makeViewerState(),
  });
  renderRouter(
    createMemoryRouter([{ path: "/books/:id", element: <BookScreen /> }], { initialEntries: ["/books/book-1"] }),
  );
  await screen.findByRole("heading", { name: "The Lantern Keeper", level: 1 });
  await screen.findByRole("button", { name: "Star this book" });
}

describe("BookScreen, Edit in Studio", () => {
  it("links the book's own author to its studio screen", async () => {
    await bookPageOf({ authorIds: ["someone-else", "user-1"] });
    expect(screen.getByRole("link", { name: "Edit in Studio" }).getAttribute("href")).toBe("/studio/books/book-1");
  });

  it("shows no link to other readers", async () => {
    await bookPageOf({ authorIds: ["someone-else"] });
    expect(screen.queryByRole("link", { name: "Edit in Studio" })).toBeNull();
  });

  it("shows no link on a public-domain book, even to someone listed as its author", async () => {
    await bookPageOf({ authorIds: ["user-1"], source: "public-domain" });
    expect(screen.queryByRole("link", { name: "Edit in Studio" })).toBeNull();
  });
});
