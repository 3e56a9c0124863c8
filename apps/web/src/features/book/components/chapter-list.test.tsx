import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { mockApi } from "../../../test/api-mock";
import { ChapterList } from "./chapter-list";

afterEach(() => {
  vi.unstubAllGlobals();
});

const chapter = (anchorId: string, name: string, chapterNumber: number, role: "front" | "body" | "back") => ({
  bookId: "book-1",
  anchorId,
  name,
  chapterNumber,
  wordCount: 1000,
  role,
});

// A title page, 28 stories over two pages of the API, a colophon: 30 in all.
const CHAPTERS = [
  chapter("titlepage", "Titlepage", 1, "front"),
  ...Array.from({ length: 28 }, (_, index) => chapter(`story-${index + 1}`, `Story ${index + 1}`, index + 2, "body")),
  chapter("colophon", "Colophon", 30, "back"),
];

describe("the book page's chapter list", () => {
  it("shows the first twenty, then every chapter in place; only body chapters are numbered", async () => {
    let pages = 0;
    mockApi({
      "books.chapters": () =>
        pages++ === 0
          ? { items: CHAPTERS.slice(0, 20), nextCursor: "page-2" }
          : { items: CHAPTERS.slice(20), nextCursor: null },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChapterList bookId="book-1" />
      </QueryClientProvider>,
    );
    const list = await screen.findByTestId("chapter-list");
    const rows = () => within(list).getAllByRole("listitem");
    expect(rows()).toHaveLength(20);
    expect(rows()[0]?.textContent).toMatch(/^Titlepage1,000 words/);
    expect(rows()[1]?.textContent).toMatch(/^1Chapter 1: Story 1/);
    expect(screen.getByTestId("chapter-count").textContent).toBe("Showing 20 of 30");

    fireEvent.click(screen.getByRole("button", { name: "Show all 30 chapters" }));
    expect(rows()).toHaveLength(30);
    expect(rows()[29]?.textContent).toMatch(/^Colophon/);
    expect(rows()[28]?.textContent).toMatch(/^28Chapter 28: Story 28/);
    expect(screen.getByTestId("chapter-count").textContent).toBe("28 chapters, plus front and back matter");
    expect(screen.queryByRole("button", { name: /Show all/ })).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(rows()[20]));
  });
});
