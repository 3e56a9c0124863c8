import type { BookSummary } from "@quire/core";
import { screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { LibraryScreen } from "./library-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const book = (id: string, title: string): BookSummary => ({
  id,
  title,
  authors: ["Ada Lovelace"],
  authorIds: [],
  imageUrl: null,
  summary: "",
  source: "own",
  display: true,
  status: "launched",
  publishingLabel: null,
  completionStatus: "complete",
  launchedDate: null,
  addedDate: "2026-01-01T00:00:00.000Z",
  nUserStarred: 0,
  nCurrentReads: 0,
  nFinishedReads: 0,
  interactionScore: 0,
  lastInteractedAt: null,
  genreRefs: [],
  categoryRefs: [],
});

function renderLibrary() {
  const router = createMemoryRouter([{ path: "/library", element: <LibraryScreen /> }], {
    initialEntries: ["/library"],
  });
  renderRouter(router);
}

describe("LibraryScreen", () => {
  it("continues reading with progress and lists each shelf", async () => {
    mockApi({
      "auth.session": () => ({ user: makeMe() }),
      "me.progress": () => ({
        items: [
          {
            book: book("b1", "The Lamplighter"),
            progress: {
              userId: "user-1",
              bookId: "b1",
              progress: 42,
              currentChapter: "c3",
              lastReadAt: "2026-11-20T10:00:00.000Z",
              isRead: false,
              epubPosition: { anchorId: "c3", offset: 0.5 },
            },
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
    expect(item.getAttribute("href")).toBe("/read/b1");
    expect(within(item).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
    const wantToRead = await screen.findByTestId("shelf-want-to-read");
    expect(within(wantToRead).getByRole("link").getAttribute("href")).toBe("/books/b2");
    expect(within(wantToRead).getAllByText("Salt Roads").length).toBeGreaterThan(0);
    expect(within(screen.getByTestId("shelf-reading")).getByText("No books here yet.")).toBeTruthy();
  });

  it("has a friendly empty state", async () => {
    mockApi({
      "auth.session": () => ({ user: makeMe() }),
      "me.progress": () => ({ items: [] }),
      "me.lists": () => ({ lists: { "want-to-read": [], reading: [], finished: [] } }),
    });
    renderLibrary();
    expect(await screen.findByText("Nothing in progress")).toBeTruthy();
  });
});
