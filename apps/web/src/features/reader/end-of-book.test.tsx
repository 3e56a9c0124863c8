import type { Annotation, ChapterContent } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, signedIn } from "../../test/api-mock";
import { makeAnnotation, makeBookDetail, makeBookSummary, makeProgress, makeViewerState } from "../../test/fixtures";
import { renderRouter } from "../../test/render-router";
import EndOfBook, { endPassage } from "./end-of-book";

afterEach(() => {
  vi.unstubAllGlobals();
});

const chapter = {
  bookId: "book-1",
  anchorId: "chapter-3",
  name: "Homecoming",
  chapterNumber: 3,
  html: "<h2>Homecoming</h2><p>She lit the lamp.</p>\n<p>And the   sea kept her, as it always had.</p>",
  wordCount: 14,
  css: "",
  language: "en",
  previous: { anchorId: "chapter-2", name: "Storm" },
  next: null,
  chapterCount: 3,
} as ChapterContent;

const summary = (id: string, title: string) => makeBookSummary(title, { id });

const detail = makeBookDetail(summary("book-1", "The Lantern Keeper"), {
  categories: [{ id: "sea", name: "Sea stories" }],
});

function renderEnd(handlers: Parameters<typeof mockApi>[0], props: { onClose?(): void; onReadAgain?(): void } = {}) {
  const calls = mockApi({
    "books.get": () => detail,
    "books.afterReading": () => ({
      moreByAuthor: [summary("book-2", "The Tide Clock")],
      alsoRead: [],
      nextInCategory: [summary("book-3", "Salt Letters")],
    }),
    ...handlers,
  });
  renderRouter(
    createMemoryRouter(
      [
        {
          path: "/read/:bookId/:anchorId",
          element: (
            <EndOfBook
              bookId="book-1"
              chapter={chapter}
              onClose={props.onClose ?? (() => {})}
              onReadAgain={props.onReadAgain ?? (() => {})}
            />
          ),
        },
      ],
      { initialEntries: ["/read/book-1/chapter-3"] },
    ),
  );
  return calls;
}

const signedInReader = {
  ...signedIn,
  "books.viewerState": () => makeViewerState(),
};

describe("EndOfBook", () => {
  it("quotes the chapter's last words at offsets counted without whitespace", () => {
    const passage = endPassage(chapter.html);
    // "HomecomingShelitthelamp.…" has 55 characters; the quote starts at a word, 13 in.
    expect(passage).toEqual({ start: 13, end: 55, quote: "lit the lamp. And the sea kept her, as it always had." });
    expect(endPassage("<p> </p>")).toBeNull();
  });

  it("marks the book finished, stars it and offers the rows that are not empty", async () => {
    const calls = renderEnd({
      ...signedInReader,
      "progress.get": () => ({ progress: makeProgress({ progress: 97 }), chapters: [] }),
      "progress.finish": () => ({ progress: makeProgress({ progress: 100, isRead: true }), chapters: [] }),
      "books.star": () => ({ starred: true, nUserStarred: 4 }),
    });
    const heading = await screen.findByRole("heading", { name: /Finished/ });
    await waitFor(() => expect(heading.textContent).toContain("The Lantern Keeper"));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("/progress/finish"))).toBe(true));

    expect(await screen.findByRole("heading", { name: "More by Mara Quill" })).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Next in Sea stories" })).getByRole("heading", { name: "Salt Letters" }),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Readers who finished this also read" })).toBeNull();

    const star = screen.getByRole("button", { name: "Star this book" });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    expect(await screen.findByRole("button", { name: "Starred" })).toBeTruthy();
  });

  it("does not mark again a book already finished at its end; writes a note at the end; copies the link", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    const calls = renderEnd({
      ...signedInReader,
      "progress.get": () => ({ progress: makeProgress({ progress: 100, isRead: true }), chapters: [] }),
      "annotations.create": ({ body }) => makeAnnotation(body as Partial<Annotation>),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add a note" }));
    const dialog = await screen.findByTestId("note-dialog");
    fireEvent.change(within(dialog).getByLabelText("Note"), { target: { value: "What an ending." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save note" }));
    expect(await screen.findByText("Note saved. It is with your notes and highlights.")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      kind: "note",
      anchorId: "chapter-3",
      start: 13,
      end: 55,
      quote: "lit the lamp. And the sea kept her, as it always had.",
      color: "yellow",
      note: "What an ending.",
    });

    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText("Link to the book copied.")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/books/book-1`);
    expect(calls.some((call) => call.path.endsWith("/progress/finish"))).toBe(false);
  });

  it("offers a visitor the rows and a way to sign in instead of star and note; the way back", async () => {
    const onClose = vi.fn();
    const onReadAgain = vi.fn();
    renderEnd({}, { onClose, onReadAgain });
    expect(await screen.findByTestId("end-sign-in")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/auth/sign-in?next=%2Fread%2Fbook-1%2Fchapter-3",
    );
    expect(screen.queryByRole("button", { name: "Star this book" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add a note" })).toBeNull();
    expect(await screen.findByRole("heading", { name: "More by Mara Quill" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the book" }).getAttribute("href")).toBe("/books/book-1");
    fireEvent.click(screen.getByRole("button", { name: "Read again" }));
    expect(onReadAgain).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Back to the text" }));
    expect(onClose).toHaveBeenCalled();
  });
});
