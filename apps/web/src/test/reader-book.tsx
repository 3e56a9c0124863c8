import type { Chapter, ChapterContent } from "@quire/core";
import { createMemoryRouter } from "react-router";
import { ReaderScreen } from "../features/reader/reader-screen";
import type { ApiMocks } from "./api-mock";
import { makeBookData, makeBookDetail, makeBookSummary } from "./fixtures";
import { renderRouter } from "./render-router";

/** "The Salt Lantern" (book-1): a prologue and "The Crossing", as the reader loads it. */
const chapters: Chapter[] = ["Prologue", "The Crossing"].map((name, index) => ({
  bookId: "book-1",
  anchorId: `chapter-${index + 1}`,
  name,
  chapterNumber: index + 1,
  wordCount: 1000,
  role: "body",
}));
const prologue: ChapterContent = {
  bookId: "book-1",
  anchorId: "chapter-1",
  name: "Prologue",
  chapterNumber: 1,
  html: "<h2>Prologue</h2><p>The lantern burned all night.</p>",
  wordCount: 1000,
  css: "",
  language: "en",
  previous: null,
  next: null,
  chapterCount: 2,
};
const detail = makeBookDetail(makeBookSummary("The Salt Lantern", { id: "book-1" }), {
  bookData: makeBookData([]),
});

export const saltLanternApi: ApiMocks = {
  "books.get": () => detail,
  "books.chapters": () => ({ items: chapters, nextCursor: null }),
  "books.chapterContent": ({ params }) => ({
    chapter:
      params.anchorId === "chapter-2"
        ? { ...prologue, anchorId: "chapter-2", name: "The Crossing", chapterNumber: 2 }
        : prologue,
  }),
};

/** Opens the reader at the Salt Lantern's prologue; answer with `saltLanternApi`. */
export function renderSaltLanternReader() {
  const router = createMemoryRouter([{ path: "/read/:bookId/:anchorId?", element: <ReaderScreen /> }], {
    initialEntries: ["/read/book-1/chapter-1"],
  });
  renderRouter(router);
  return router;
}
