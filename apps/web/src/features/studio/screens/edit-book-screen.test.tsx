import { fireEvent, screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiMocks, apiError, mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { makeChapter, makeChapterSummary, makeStudioBook } from "../studio-fixtures";
import { EditBookScreen } from "./edit-book-screen";

const author = makeMe({ roles: ["reader", "author"] });

function renderEditBook(mocks: ApiMocks) {
  const calls = mockApi({ "auth.session": () => ({ user: author }), ...mocks });
  renderRouter(
    createMemoryRouter(
      [
        { path: "/studio/books/:id", element: <EditBookScreen /> },
        { path: "/studio/books/:id/chapters/:anchorId", element: <p>Chapter editor</p> },
      ],
      { initialEntries: ["/studio/books/b1"] },
    ),
  );
  return calls;
}

describe("the book's studio page", () => {
  it("says it is opening the book, then shows its state and the ways on", async () => {
    let answer: (() => void) | undefined;
    const opened = new Promise<void>((resolve) => {
      answer = resolve;
    });
    renderEditBook({
      "studio.getBook": async () => {
        await opened;
        return makeStudioBook({}, [makeChapterSummary(1, "One"), makeChapterSummary(2, "Two")]);
      },
    });
    expect(await screen.findByText("Opening the book…")).toBeTruthy();
    answer?.();
    expect(await screen.findByRole("heading", { level: 1, name: "Night Harbour" })).toBeTruthy();
    const status = within(screen.getByTestId("book-status"));
    expect(status.getByText("2 chapters")).toBeTruthy();
    expect(status.getByText("20 words")).toBeTruthy();
    expect(status.getByText("Hidden")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Write chapters" }).getAttribute("href")).toBe("/studio/books/b1/chapters");
    expect(screen.getByRole("link", { name: "Export EPUB" }).getAttribute("href")).toBe("/api/v1/books/b1/export.epub");
    // A hidden book has no public page to link to.
    expect(screen.queryByRole("link", { name: "Book page" })).toBeNull();
  });

  it("links a book shown in the catalogue to its public page", async () => {
    renderEditBook({ "studio.getBook": () => makeStudioBook({ display: true }) });
    expect(await screen.findByText("Shown in the catalogue")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book page" }).getAttribute("href")).toBe("/books/b1");
  });

  it("starts the first chapter of an empty book and opens it in the editor", async () => {
    const first = makeChapterSummary(1, "Chapter 1");
    const calls = renderEditBook({
      "studio.getBook": () => makeStudioBook({}, []),
      "studio.createChapter": () => ({ chapter: makeChapter(first, ""), book: makeStudioBook({}, [first]) }),
    });
    const start = await screen.findByRole("button", { name: "Write the first chapter" });
    expect(screen.queryByRole("link", { name: "Write chapters" })).toBeNull();
    fireEvent.click(start);
    expect(await screen.findByText("Chapter editor")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      path: "/api/v1/studio/books/b1/chapters",
      body: { name: "Chapter 1" },
    });
  });

  it("says why a book cannot be opened, with a retry", async () => {
    renderEditBook({ "studio.getBook": () => apiError(404, "not-found", "Book not found!") });
    expect(await screen.findByText("Couldn't open this book")).toBeTruthy();
    expect(screen.getByTestId("error-message").textContent).toBe("Book not found!");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
