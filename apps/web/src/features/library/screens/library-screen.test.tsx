import { screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makeProgress } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { LibraryScreen } from "./library-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const book = (id: string, title: string) => makeBookSummary(title, { id });

function renderLibrary() {
  const router = createMemoryRouter([{ path: "/library", element: <LibraryScreen /> }], {
    initialEntries: ["/library"],
  });
  renderRouter(router);
}

describe("LibraryScreen", () => {
  it("continues reading with progress and lists each shelf", async () => {
    mockApi({
      ...signedIn,
      "me.progress": () => ({
        items: [
          {
            book: book("b1", "The Lamplighter"),
            progress: makeProgress({ bookId: "b1", progress: 42 }),
          },
        ],
      }),
      "me.lists": () => ({
        lists: {
          "want-to-read": [{ book: book("b2", "Salt Roads"), addedAt: "2026-11-19T10:00:00.000Z" }],
          reading: [],
          finished: [],
        },
      }),
    });
    renderLibrary();
    const item = await screen.findByTestId("continue-item");
    expect(within(item).getAllByRole("link")[0]?.getAttribute("href")).toBe("/read/b1");
    expect(within(item).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
    const wantToRead = await screen.findByTestId("shelf-want-to-read");
    expect(within(wantToRead).getByRole("link").getAttribute("href")).toBe("/books/b2");
    expect(within(wantToRead).getAllByText("Salt Roads").length).toBeGreaterThan(0);
    expect(within(screen.getByTestId("shelf-reading")).getByText("No books here yet.")).toBeTruthy();
  });

  it("has a friendly empty state", async () => {
    mockApi({
      ...signedIn,
      "me.progress": () => ({ items: [] }),
      "me.lists": () => ({ lists: { "want-to-read": [], reading: [], finished: [] } }),
    });
    renderLibrary();
    expect(await screen.findByText("Nothing in progress")).toBeTruthy();
  });
});
