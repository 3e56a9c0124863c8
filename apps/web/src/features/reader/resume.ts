import type { BookProgressResponse, ChapterRole, TextLocator } from "@quire/core";
import { positionLocator } from "./exact-resume";

export interface StartPosition {
  anchorId: string;
  offset: number;
  /** The exact place, when the position was saved by a reader that knew it. */
  locator?: TextLocator;
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
  const first = chapters.find((chapter) => chapter.role === "body") ?? chapters[0];
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
