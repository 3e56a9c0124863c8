import type { BookProgressResponse, ChapterRole, TextLocator } from "@quire/core";
import { positionLocator } from "./exact-resume";

export interface StartPosition {
  anchorId: string;
  offset: number;
  /** The exact place, when the position was saved by a reader that knew it. */
  locator?: TextLocator;
}

/** Where a book begins: its first body chapter (a classic starts at its first story, not its title page). */
export function firstBodyChapter<T extends { anchorId: string; role?: ChapterRole }>(
  chapters: readonly T[],
): T | undefined {
  return chapters.find((chapter) => chapter.role === "body") ?? chapters[0];
}

/**
 * "Chapter 3 of 12" counts body chapters only; front and back matter (a title page, a colophon) have no
 * number. Before the book's chapter list arrives, the server's count of every chapter stands in.
 */
export function bodyChapterPlace(
  chapters: readonly { anchorId: string; role?: ChapterRole }[] | undefined,
  chapter: { anchorId: string; chapterNumber: number; chapterCount: number },
): { number: number; count: number } | null {
  if (!chapters) return { number: chapter.chapterNumber, count: chapter.chapterCount };
  const body = chapters.filter((each) => each.role === undefined || each.role === "body");
  const at = body.findIndex((each) => each.anchorId === chapter.anchorId);
  return at === -1 ? null : { number: at + 1, count: body.length };
}

/**
 * Where "Read" opens a book: the saved position if its chapter still exists (a new edition keeps
 * anchors, but may drop one), else the start of the saved current chapter, else the first body chapter
 * (a classic starts at its first story, not its title page). Null when the book has no chapters.
 */
export function startPosition(
  progress: BookProgressResponse | null | undefined,
  chapters: readonly { anchorId: string; role?: ChapterRole }[],
): StartPosition | null {
  const first = firstBodyChapter(chapters);
  if (!first) return null;
  const exists = (anchorId: string | null | undefined): anchorId is string =>
    !!anchorId && chapters.some((chapter) => chapter.anchorId === anchorId);
  const saved = progress?.progress;
  if (saved?.epubPosition && exists(saved.epubPosition.anchorId)) {
    const locator = positionLocator(saved.epubPosition);
    return {
      anchorId: saved.epubPosition.anchorId,
      offset: saved.epubPosition.offset,
      ...(locator ? { locator } : {}),
    };
  }
  if (exists(saved?.currentChapter)) return { anchorId: saved.currentChapter as string, offset: 0 };
  return { anchorId: first.anchorId, offset: 0 };
}
