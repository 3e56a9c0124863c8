import type { StudioChapterSummary } from "@quire/core";
import { fireEvent, screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiMocks, apiError, mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { makeChapter, makeChapterSummary, makeStudioBook } from "../studio-fixtures";
import { ChapterEditorScreen } from "./chapter-editor-screen";

const author = makeMe({ roles: ["reader", "author"] });
const one = makeChapterSummary(1, "One");
const two = makeChapterSummary(2, "Two");

/** The studio API over a book whose chapters the test's writes change, as the server would. */
function renderWorkspace(at: string, chapters: StudioChapterSummary[], mocks: ApiMocks = {}) {
  const calls = mockApi({
    "auth.session": () => ({ user: author }),
    "studio.getBook": () => makeStudioBook({}, chapters),
    "studio.getChapter": ({ params }) => {
      const summary = chapters.find((chapter) => chapter.anchorId === params.anchorId);
      return summary
        ? { chapter: makeChapter(summary), book: makeStudioBook({}, chapters) }
        : apiError(404, "not-found", "Chapter not found!");
    },
    ...mocks,
  });
  renderRouter(
    createMemoryRouter(
      [
        { path: "/studio/books/:id/chapters/:anchorId?", element: <ChapterEditorScreen /> },
        { path: "/studio/books/:id", element: <p>Book settings page</p> },
      ],
      { initialEntries: [at] },
    ),
  );
  return calls;
}

const chapterNames = () =>
  within(screen.getByTestId("chapter-list"))
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("the chapter workspace", () => {
  it("opens a book's first chapter in the editor, with the chapter list and a way back", async () => {
    renderWorkspace("/studio/books/b1/chapters", [one, two]);
    expect(((await screen.findByLabelText("Chapter name")) as HTMLInputElement).value).toBe("One");
    expect((screen.getByLabelText("Text (Markdown)") as HTMLTextAreaElement).value).toBe("It began.");
    expect(screen.getByRole("heading", { level: 1, name: "Chapter 1" })).toBeTruthy();
    expect(chapterNames().join(" | ")).toMatch(/One.*\|.*Two/);
    expect(screen.getByRole("link", { name: "Night Harbour" }).getAttribute("href")).toBe("/studio/books/b1");
    expect(screen.getByText("20 words · about 1 min to read")).toBeTruthy();
  });

  it("adds a chapter at the end and opens it", async () => {
    const three = makeChapterSummary(3, "Chapter 3");
    const chapters = [one, two];
    const calls = renderWorkspace("/studio/books/b1/chapters/c1", chapters, {
      "studio.createChapter": () => {
        chapters.push(three);
        return { chapter: makeChapter(three, ""), book: makeStudioBook({}, chapters) };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "New chapter" }));
    await screen.findByRole("heading", { level: 1, name: "Chapter 3" });
    expect(((await screen.findByLabelText("Chapter name")) as HTMLInputElement).value).toBe("Chapter 3");
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", path: "/api/v1/studio/books/b1/chapters", body: { name: "Chapter 3" } },
    ]);
  });

  it("deletes a chapter after asking, then opens the first one left", async () => {
    const chapters = [one, two];
    const calls = renderWorkspace("/studio/books/b1/chapters/c1", chapters, {
      "studio.deleteChapter": () => {
        chapters.splice(0, 1);
        return makeStudioBook({}, chapters);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete chapter" }));
    expect(screen.getByText("Delete “One”? Readers lose it too.")).toBeTruthy();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await screen.findByRole("heading", { level: 1, name: "Chapter 2" });
    expect(((await screen.findByLabelText("Chapter name")) as HTMLInputElement).value).toBe("Two");
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/api/v1/studio/books/b1/chapters/c1",
    ]);
  });

  it("invites the first chapter of a book that has none", async () => {
    renderWorkspace("/studio/books/b1/chapters", []);
    expect(await screen.findByRole("heading", { name: "Write the first chapter" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add a chapter" })).toBeTruthy();
  });

  it("says why a chapter cannot be opened", async () => {
    renderWorkspace("/studio/books/b1/chapters/gone", [one]);
    expect(await screen.findByText("Couldn't open this chapter")).toBeTruthy();
    expect(screen.getByTestId("error-message").textContent).toBe("Chapter not found!");
  });
});
