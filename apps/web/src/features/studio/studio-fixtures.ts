import type { StudioBook, StudioChapter, StudioChapterSummary } from "@quire/core";
import { makeBookSummary } from "../../test/fixtures";

/** An author's own unlaunched book ("Night Harbour", b1), as the studio API answers it. */
export function makeStudioBook(
  overrides: Partial<StudioBook["book"]> = {},
  chapters: StudioChapterSummary[] = [makeChapterSummary(1, "One")],
): StudioBook {
  return {
    book: makeBookSummary("Night Harbour", {
      id: "b1",
      authors: ["Ada Lovelace"],
      authorIds: ["user-1"],
      display: false,
      status: "wip",
      completionStatus: "wip",
      launchedDate: null,
      addedDate: "2026-01-01T00:00:00.000Z",
      ...overrides,
    }),
    teaser: "",
    characters: [],
    moods: [],
    wordCount: chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0),
    timeToReadMinutes: 1,
    chapters,
  };
}

export function makeChapterSummary(chapterNumber: number, name: string): StudioChapterSummary {
  return { anchorId: `c${chapterNumber}`, name, chapterNumber, wordCount: 10, updatedAt: "2026-01-01T00:00:00.000Z" };
}

export function makeChapter(summary: StudioChapterSummary, markdown = "It began."): StudioChapter {
  return { ...summary, markdown, html: `<h2>${summary.name}</h2>\n<p>${markdown}</p>` };
}
