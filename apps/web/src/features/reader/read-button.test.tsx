import type { ChapterPage } from "@quire/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { mockApi, signedIn } from "../../test/api-mock";
import { makeProgress } from "../../test/fixtures";
import { ReadButton } from "./read-button";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButton(status: "launched" | "scheduled" = "launched") {
  const router = createMemoryRouter([{ path: "*", element: <ReadButton book={{ id: "book-1", status }} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const progressRow = (progress: number, isRead: boolean) =>
  makeProgress({
    progress,
    isRead,
    ...(progress === 100 ? { currentChapter: "chapter-3", epubPosition: { anchorId: "chapter-3", offset: 1 } } : {}),
  });

// A title page before the chapters: reading again starts after it.
const chapterPage: ChapterPage = {
  items: [
    { bookId: "book-1", anchorId: "titlepage", name: "Titlepage", chapterNumber: 1, wordCount: 10, role: "front" },
    ...[1, 2, 3].map((n) => ({
      bookId: "book-1",
      anchorId: `chapter-${n}`,
      name: `Chapter ${n}`,
      chapterNumber: n + 1,
      wordCount: 100,
      role: "body" as const,
    })),
  ],
  nextCursor: null,
};

describe("the book page's read button", () => {
  it("starts a visitor at the reader, which opens the book at its beginning", async () => {
    mockApi({});
    renderButton();
    const link = await screen.findByRole("link", { name: "Start reading" });
    expect(link.getAttribute("href")).toBe("/read/book-1");
  });

  it("continues a signed-in reader's book where they are", async () => {
    mockApi({
      ...signedIn,
      "progress.get": () => ({
        progress: makeProgress({ progress: 40 }),
        chapters: [],
      }),
    });
    renderButton();
    const link = await screen.findByRole("link", { name: "Continue reading" });
    expect(link.getAttribute("href")).toBe("/read/book-1");
    expect(screen.getByTestId("read-progress").textContent).toBe("40% read");
  });

  it("marks a book finished, then offers to read it again from its first chapter", async () => {
    let stored = progressRow(40, false);
    const calls = mockApi({
      ...signedIn,
      "progress.get": () => ({ progress: stored, chapters: [] }),
      "books.chapters": () => chapterPage,
      "progress.finish": () => {
        stored = progressRow(100, true);
        return Response.json({ progress: stored, chapters: [] });
      },
    });
    renderButton();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as finished" }));
    const again = await screen.findByRole("link", { name: "Read again" });
    expect(screen.getByTestId("read-progress").textContent).toBe("Finished");
    await vi.waitFor(() => expect(again.getAttribute("href")).toBe("/read/book-1/chapter-1"));
    const finish = calls.find((call) => call.path === "/api/v1/books/book-1/progress/finish");
    expect(finish).toMatchObject({ method: "POST", body: { readAt: expect.any(String) } });
    // Nothing left to mark: only starting over remains.
    expect(screen.queryByRole("button", { name: "Mark as finished" })).toBeNull();
    expect(screen.getByRole("button", { name: "Start over" })).toBeTruthy();
  });

  it("starts over only once the reader confirms, and keeps the place when they do not", async () => {
    const calls = mockApi({
      ...signedIn,
      "progress.get": () => ({ progress: progressRow(100, true), chapters: [] }),
      "books.chapters": () => chapterPage,
      "progress.startOver": () => ({
        progress: { ...progressRow(0, false), currentChapter: "chapter-1" },
        chapters: [],
      }),
    });
    renderButton();
    fireEvent.click(await screen.findByRole("button", { name: "Start over" }));
    expect(screen.getByText(/Your place and finished mark will be cleared/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Keep my place" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Start over" }));
    fireEvent.click(screen.getByRole("button", { name: "Start over" }));
    expect(await screen.findByRole("link", { name: "Continue reading" })).toBeTruthy();
    expect(screen.getByTestId("read-progress").textContent).toBe("0% read");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/api/v1/books/book-1/progress/start-over",
    ]);
  });

  it("shows a re-read of a finished book as its place, and the failure of an action", async () => {
    mockApi({
      ...signedIn,
      "progress.get": () => ({ progress: progressRow(30, true), chapters: [] }),
      "progress.finish": () =>
        Response.json({ error: { code: "internal", message: "Failed to update reading progress." } }, { status: 500 }),
    });
    renderButton();
    expect(await screen.findByRole("link", { name: "Continue reading" })).toBeTruthy();
    expect(screen.getByTestId("read-progress").textContent).toBe("30% read · finished before");
    fireEvent.click(screen.getByRole("button", { name: "Mark as finished" }));
    expect((await screen.findByTestId("form-alert")).textContent).toContain("Failed to update reading progress.");
  });

  it("offers no progress actions to a visitor", async () => {
    mockApi({});
    renderButton();
    await screen.findByRole("link", { name: "Start reading" });
    expect(screen.queryByTestId("progress-actions")).toBeNull();
  });

  it("waits for a scheduled book's launch", () => {
    mockApi({});
    renderButton("scheduled");
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("read-button").textContent).toBe("Readable at launch");
  });
});
