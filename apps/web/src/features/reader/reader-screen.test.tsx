import type { Chapter, ChapterContent, ReaderSettings } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiMocks, apiError, mockApi, signedIn } from "../../test/api-mock";
import { makeBookData, makeBookDetail, makeBookSummary, makeProgress } from "../../test/fixtures";
import { renderRouter } from "../../test/render-router";
import { ReaderScreen } from "./reader-screen";
import { READER_SETTINGS_KEY } from "./reader-settings";

afterEach(() => {
  vi.unstubAllGlobals();
});

const BOOK = "book-1";
const NAMES = ["Prologue", "The Crossing", "Harbour Lights"];
const chapterList: Chapter[] = NAMES.map((name, index) => ({
  bookId: BOOK,
  anchorId: `chapter-${index + 1}`,
  name,
  chapterNumber: index + 1,
  wordCount: 1000,
  role: "body",
}));

function content(number: number): ChapterContent {
  const at = (n: number) => (n >= 1 && n <= 3 ? { anchorId: `chapter-${n}`, name: NAMES[n - 1] as string } : null);
  return {
    bookId: BOOK,
    anchorId: `chapter-${number}`,
    name: NAMES[number - 1] as string,
    chapterNumber: number,
    html: `<h2>${NAMES[number - 1]}</h2><p>Text of chapter ${number}.</p>`,
    wordCount: 1000,
    css: "",
    language: "en",
    previous: at(number - 1),
    next: at(number + 1),
    chapterCount: 3,
  };
}

const detail = makeBookDetail(makeBookSummary("The Salt Lantern", { id: BOOK }), {
  bookData: makeBookData(chapterList.map((c) => ({ title: c.name, anchorId: c.anchorId, children: [] }))),
});

const bookApi: ApiMocks = {
  "books.get": () => detail,
  "books.chapters": () => ({ items: chapterList, nextCursor: null }),
  "books.chapterContent": ({ params }) => ({ chapter: content(Number(params.anchorId?.replace("chapter-", ""))) }),
};

function renderReader(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/read/:bookId/:anchorId?", element: <ReaderScreen /> },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
  return router;
}

const chapterTitle = () => screen.findByTestId("chapter-title");

describe("the reader", () => {
  it("opens where the signed-in reader left off", async () => {
    const calls = mockApi({
      ...bookApi,
      ...signedIn,
      "progress.get": () => ({
        progress: makeProgress({
          progress: 60,
          currentChapter: "chapter-3",
          epubPosition: { anchorId: "chapter-3", offset: 0.4 },
        }),
        chapters: [],
      }),
    });
    const router = renderReader("/read/book-1");
    expect(await chapterTitle()).toHaveProperty("textContent", "Harbour Lights");
    expect(router.state.location.pathname).toBe("/read/book-1/chapter-3");
    expect(router.state.location.state).toEqual({ offset: 0.4 });
    expect(calls.map((call) => call.path)).toContain("/api/v1/books/book-1/progress");
    expect(screen.getByRole("link", { name: "Back to The Salt Lantern" }).getAttribute("href")).toBe("/books/book-1");
  });

  it("opens a visitor's book at its first chapter without asking for progress", async () => {
    const calls = mockApi(bookApi);
    const router = renderReader("/read/book-1");
    expect(await chapterTitle()).toHaveProperty("textContent", "Prologue");
    expect(router.state.location.pathname).toBe("/read/book-1/chapter-1");
    expect(calls.map((call) => call.path)).not.toContain("/api/v1/books/book-1/progress");
  });

  it("opens at the first chapter when the server has no progress to give (404)", async () => {
    mockApi({ ...bookApi, ...signedIn });
    const router = renderReader("/read/book-1");
    expect(await chapterTitle()).toHaveProperty("textContent", "Prologue");
    expect(router.state.location.pathname).toBe("/read/book-1/chapter-1");
  });

  it("shows the chapter in a sandboxed frame that cannot run scripts, with its place in the book", async () => {
    mockApi(bookApi);
    renderReader("/read/book-1/chapter-2");
    expect(await chapterTitle()).toHaveProperty("textContent", "The Crossing");
    const frames = screen.getAllByTestId("chapter-frame");
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame.getAttribute("sandbox")).toBe("allow-same-origin");
      expect(frame.getAttribute("title")).toBe("The Crossing — chapter text");
      expect(frame.getAttribute("srcdoc")).toContain("Content-Security-Policy");
    }
    expect(screen.getByText("33% of book")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous chapter: Prologue" })).toHaveProperty("disabled", false);
    fireEvent.click(screen.getByRole("button", { name: "Next chapter: Harbour Lights" }));
    expect(await screen.findByText("Harbour Lights", { selector: "h1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next chapter" })).toHaveProperty("disabled", true);
  });

  it("goes to a chapter from the contents", async () => {
    mockApi(bookApi);
    const router = renderReader("/read/book-1/chapter-1");
    await chapterTitle();
    fireEvent.click(screen.getByRole("button", { name: "Contents" }));
    const contents = await screen.findByRole("navigation", { name: "Table of contents" });
    expect(within(contents).getByRole("button", { name: "Prologue" }).getAttribute("aria-current")).toBe("location");
    fireEvent.click(within(contents).getByRole("button", { name: "Harbour Lights" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/read/book-1/chapter-3"));
    expect(await screen.findByText("Harbour Lights", { selector: "h1" })).toBeTruthy();
  });

  it("remembers the reading settings in this browser", async () => {
    mockApi(bookApi);
    renderReader("/read/book-1/chapter-1");
    await chapterTitle();
    fireEvent.click(screen.getByRole("button", { name: "Reading settings" }));
    fireEvent.click(await screen.findByRole("radio", { name: /Sepia/ }));
    fireEvent.click(screen.getByRole("button", { name: "Larger text" }));
    expect(screen.getByTestId("reader").dataset.readerTheme).toBe("sepia");
    expect(JSON.parse(window.localStorage.getItem(READER_SETTINGS_KEY) ?? "{}")).toMatchObject({
      theme: "sepia",
      fontSize: 20,
    });
  });

  it("opens at the exact saved place, which the address then carries", async () => {
    mockApi({
      ...bookApi,
      ...signedIn,
      "progress.get": () => ({
        progress: makeProgress({
          progress: 60,
          epubPosition: { anchorId: "chapter-2", offset: 0.4, char: 9, text: "chapter2." },
        }),
        chapters: [],
      }),
    });
    const router = renderReader("/read/book-1");
    expect(await chapterTitle()).toHaveProperty("textContent", "The Crossing");
    expect(router.state.location.pathname).toBe("/read/book-1/chapter-2");
    expect(router.state.location.search).toBe("?at=9");
    expect(router.state.location.state).toEqual({ offset: 0.4, locator: { char: 9, text: "chapter2." } });
  });

  it("takes a signed-in reader's settings from the account and saves changes there", async () => {
    const stored: ReaderSettings = {
      layout: "paginated",
      theme: "sepia",
      font: "serif",
      fontSize: 24,
      lineHeight: 1.7,
      margins: "wide",
    };
    const calls = mockApi({
      ...bookApi,
      ...signedIn,
      "me.readerSettings": () => ({ settings: stored }),
      "me.updateReaderSettings": (call) => ({ settings: call.body as ReaderSettings }),
    });
    renderReader("/read/book-1/chapter-1");
    await chapterTitle();
    await waitFor(() => expect(screen.getByTestId("reader").dataset.readerTheme).toBe("sepia"));
    fireEvent.click(screen.getByRole("button", { name: "Reading settings" }));
    expect(await screen.findByText("24 px")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Larger text" }));
    fireEvent.click(screen.getByRole("button", { name: "Larger text" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "PUT" && call.path === "/api/v1/me/reader-settings")).toEqual([
        { method: "PUT", path: "/api/v1/me/reader-settings", body: { ...stored, fontSize: 30 } },
      ]),
    );
  });

  it("says so when the book is hidden or missing", async () => {
    mockApi({
      "books.get": () => apiError(404, "not-found", "Book not found!"),
      "books.chapters": () => apiError(404, "not-found", "Book not found"),
      "books.chapterContent": () => apiError(404, "not-found", "Book not found!"),
    });
    renderReader("/read/gone/chapter-1");
    expect(await screen.findByRole("heading", { name: "Book not found" })).toBeTruthy();
    expect(screen.getByTestId("error-message").textContent).toBe("Book not found!");
  });

  it("offers the first chapter when the one asked for is not in the book", async () => {
    mockApi({
      ...bookApi,
      "books.chapterContent": () =>
        apiError(404, "not-found", "This chapter does not exist in this book.", "reader/chapter-not-found"),
    });
    renderReader("/read/book-1/old-anchor");
    expect(await screen.findByRole("heading", { name: "Chapter not found" })).toBeTruthy();
    const first = await screen.findByRole("link", { name: "Start from the first chapter" });
    expect(first.getAttribute("href")).toBe("/read/book-1/chapter-1");
  });
});
