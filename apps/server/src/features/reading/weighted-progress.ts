import { clampProgress } from "@quire/core";

export interface ChapterWeight {
  anchorId: string;
  wordCount: number;
}

/**
 * A book's progress from its chapters' progress, each chapter weighted by its words (equally when
 * the book has no word counts): a chapter nobody opened counts as 0, and anchors that are not
 * chapters of the book are ignored. Undefined when none of the progress is on the book's chapters,
 * so the caller keeps the client's own figure.
 */
export function weightedBookProgress(
  chapters: readonly ChapterWeight[],
  progressByAnchor: ReadonlyMap<string, number>,
): number | undefined {
  const totalWords = chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0);
  const weightOf = (chapter: ChapterWeight) => (totalWords > 0 ? chapter.wordCount : 1);
  let read = 0;
  let total = 0;
  let known = false;
  for (const chapter of chapters) {
    const progress = progressByAnchor.get(chapter.anchorId);
    if (progress !== undefined) known = true;
    read += (progress ?? 0) * weightOf(chapter);
    total += weightOf(chapter);
  }
  return known && total > 0 ? clampProgress(read / total) : undefined;
}
