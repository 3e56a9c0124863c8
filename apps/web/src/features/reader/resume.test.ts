import type { BookProgressResponse } from "@quire/core";
import { describe, expect, it } from "vitest";
import { makeProgress } from "../../test/fixtures";
import { bodyChapterPlace, firstBodyChapter, startPosition } from "./resume";

const chapters = [{ anchorId: "intro" }, { anchorId: "one" }, { anchorId: "two" }];
const saved = (progress: Partial<NonNullable<BookProgressResponse["progress"]>>): BookProgressResponse => ({
  progress: makeProgress({ progress: 40, currentChapter: null, epubPosition: null, ...progress }),
  chapters: [],
});

describe("where a book opens", () => {
  it("is exactly the saved place", () => {
    expect(startPosition(saved({ epubPosition: { anchorId: "two", offset: 0.375 } }), chapters)).toEqual({
      anchorId: "two",
      offset: 0.375,
    });
  });

  it("is the exact text place when the saved position carries one", () => {
    const epubPosition = { anchorId: "two", offset: 0.375, char: 812, text: "Itwasthebestoftimes" };
    expect(startPosition(saved({ epubPosition }), chapters)).toEqual({
      anchorId: "two",
      offset: 0.375,
      locator: { char: 812, text: "Itwasthebestoftimes" },
    });
  });

  it("is the start of the saved chapter when the exact place is gone or was never saved", () => {
    expect(
      startPosition(saved({ epubPosition: { anchorId: "removed", offset: 0.5 }, currentChapter: "one" }), chapters),
    ).toEqual({ anchorId: "one", offset: 0 });
    expect(startPosition(saved({ currentChapter: "two" }), chapters)).toEqual({ anchorId: "two", offset: 0 });
  });

  it("is the first chapter without a usable saved place", () => {
    expect(startPosition(null, chapters)).toEqual({ anchorId: "intro", offset: 0 });
    expect(startPosition(undefined, chapters)).toEqual({ anchorId: "intro", offset: 0 });
    expect(startPosition({ progress: null, chapters: [] }, chapters)).toEqual({ anchorId: "intro", offset: 0 });
    expect(startPosition(saved({ currentChapter: "gone" }), chapters)).toEqual({ anchorId: "intro", offset: 0 });
  });

  it("is the first body chapter of a book with front matter", () => {
    const classic = [
      { anchorId: "titlepage", role: "front" as const },
      { anchorId: "a-scandal-in-bohemia", role: "body" as const },
      { anchorId: "colophon", role: "back" as const },
    ];
    expect(startPosition(null, classic)).toEqual({ anchorId: "a-scandal-in-bohemia", offset: 0 });
    expect(startPosition(saved({ currentChapter: "titlepage" }), classic)).toEqual({
      anchorId: "titlepage",
      offset: 0,
    });
  });

  it("is nowhere in a book without chapters", () => {
    expect(startPosition(saved({ currentChapter: "one" }), [])).toBeNull();
  });
});

describe("a classic's front and back matter", () => {
  const classic = [
    { anchorId: "titlepage", role: "front" as const },
    { anchorId: "story-1", role: "body" as const },
    { anchorId: "story-2", role: "body" as const },
    { anchorId: "colophon", role: "back" as const },
  ];
  const at = (anchorId: string) => ({ anchorId, chapterNumber: 9, chapterCount: 9 });

  it("begins at the first body chapter, or the first chapter when none is marked", () => {
    expect(firstBodyChapter(classic)?.anchorId).toBe("story-1");
    expect(firstBodyChapter(chapters)?.anchorId).toBe("intro");
    expect(firstBodyChapter([])).toBeUndefined();
  });

  it("numbers body chapters among body chapters, and front and back matter not at all", () => {
    expect(bodyChapterPlace(classic, at("story-2"))).toEqual({ number: 2, count: 2 });
    expect(bodyChapterPlace(classic, at("titlepage"))).toBeNull();
    expect(bodyChapterPlace(classic, at("colophon"))).toBeNull();
    expect(bodyChapterPlace(undefined, { anchorId: "x", chapterNumber: 3, chapterCount: 16 })).toEqual({
      number: 3,
      count: 16,
    });
  });
});
