import type { BookProgressResponse } from "@quire/core";

export interface StartPosition {
  anchorId: string;
  offset: number;
}

/**
 * Where "Read" opens a book: the saved position if its chapter still exists (a new edition keeps
 * anchors, but may drop one), else the start of the saved current chapter, else the first chapter.
 * Null when the book has no chapters.
 */
export function startPosition(
  progress: BookProgressResponse | null | undefined,
  chapters: readonly { anchorId: string }[],
): StartPosition | null {
  const first = chapters[0];
  if (!first) return null;
  const exists = (anchorId: string | null | undefined): anchorId is string =>
    !!anchorId && chapters.some((chapter) => chapter.anchorId === anchorId);
  const saved = progress?.progress;
  if (saved?.epubPosition && exists(saved.epubPosition.anchorId)) {
    return { anchorId: saved.epubPosition.anchorId, offset: saved.epubPosition.offset };
  }
  if (exists(saved?.currentChapter)) return { anchorId: saved.currentChapter as string, offset: 0 };
  return { anchorId: first.anchorId, offset: 0 };
}
