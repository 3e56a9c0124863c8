import type { ChapterContent } from "@quire/core";
import { vi } from "vitest";
import { type ApiMocks, apiError, mockApi, type RecordedCall } from "../../test/api-mock";
import { makeBookDetail, makeBookSummary, makeProgress } from "../../test/fixtures";

/** A two-chapter book whose chapter list comes in two pages, with a picture, a font and a cover. */
export const BOOK_ID = "b1";
export const CHAPTER_HTML = [
  '<p>It was a dark night.</p><img src="/files/books/b1/v1/a/images/map.png" alt="Map">',
  '<img srcset="/files/books/b1/v1/a/images/small.png 1x, /files/books/b1/v1/a/images/large.png 2x" alt="">',
  '<img src="https://cdn.example/elsewhere.png" alt=""><a href="/read/b1/c2">Next</a>',
  '<svg><use href="#ornament"></use><image href="/files/books/b1/v1/a/images/rule.svg"></image></svg>',
].join("");
export const BOOK_CSS =
  '@font-face { font-family: "quire-book Garamond"; src: url("/files/books/b1/v1/a/fonts/g.woff2"); }';
export const FILES: Record<string, string> = {
  "/files/books/b1/v1/a/images/map.png": "map-bytes",
  "/files/books/b1/v1/a/images/small.png": "small-bytes",
  "/files/books/b1/v1/a/images/large.png": "large-bytes",
  "/files/books/b1/v1/a/images/rule.svg": "<svg/>",
  "/files/books/b1/v1/a/fonts/g.woff2": "font-bytes",
  "/files/covers/b1/thumbs/cover_268x268.jpeg": "small-cover",
  "/files/covers/b1/thumbs/cover_556x556.jpeg": "medium-cover",
};

export function chapterContent(anchorId: string): ChapterContent {
  return {
    bookId: BOOK_ID,
    anchorId,
    name: anchorId === "c1" ? "The Night" : "The Morning",
    chapterNumber: anchorId === "c1" ? 1 : 2,
    html: anchorId === "c1" ? CHAPTER_HTML : "<p>Morning came.</p>",
    wordCount: 10,
    css: BOOK_CSS,
    language: "en",
    previous: null,
    next: null,
    chapterCount: 2,
  };
}

const chapter = (anchorId: string, chapterNumber: number) => ({
  bookId: BOOK_ID,
  anchorId,
  name: anchorId,
  chapterNumber,
  wordCount: 10,
  role: "body" as const,
});

/**
 * The server for one book: test/api-mock's table for the API (the second chapter page by its cursor) and
 * the files above at /files/. Returns the calls made, as mockApi does, files included.
 */
export function serveBook(overrides: ApiMocks = {}): RecordedCall[] {
  const calls = mockApi({
    "books.get": () =>
      makeBookDetail(makeBookSummary("The Night Book", { id: BOOK_ID, imageUrl: "/files/covers/b1/cover.jpg" })),
    "books.chapters": () => ({ items: [chapter("c1", 1)], nextCursor: "page-2" }),
    "books.chapterContent": ({ params }) => ({ chapter: chapterContent(params.anchorId ?? "") }),
    "progress.get": () => ({ progress: makeProgress({ bookId: BOOK_ID, currentChapter: "c2" }), chapters: [] }),
    "annotations.list": () => ({ items: [] }),
    "books.viewerState": () => ({ starred: true, list: null, subscribed: false, progress: null }),
    ...overrides,
  });
  const api = vi.mocked(fetch).getMockImplementation();
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/v1/books/${BOOK_ID}/chapters?cursor=page-2`) {
      calls.push({ method: "GET", path: url, body: undefined });
      return Response.json({ items: [chapter("c2", 2)], nextCursor: null });
    }
    if (url.startsWith("/files/")) {
      calls.push({ method: "GET", path: url, body: undefined });
      const file = FILES[url];
      return file === undefined ? apiError(404, "not-found", "Not found") : new Response(file);
    }
    return (api as typeof fetch)(input, init);
  });
  return calls;
}
