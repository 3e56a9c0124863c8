import type { ChapterProgress, EpubPosition, ReadingProgress } from "@quire/core";
import { fromBool, parseJson } from "../../db/json";
import type { ChapterProgressRow, ReadingProgressRow } from "./progress-save.repository";

export function presentReadingProgress(row: ReadingProgressRow): ReadingProgress {
  return {
    userId: row.userId,
    bookId: row.bookId,
    progress: row.progress,
    currentChapter: row.currentChapter,
    lastReadAt: row.lastReadAt,
    isRead: fromBool(row.isRead),
    epubPosition: parseJson<EpubPosition | null>(row.epubPosition, null),
  };
}

/** Chapter progress in the book's reading order; anchors of earlier editions go last. */
export function presentChapterProgress(rows: ChapterProgressRow[], order: readonly string[]): ChapterProgress[] {
  const position = new Map(order.map((anchorId, index) => [anchorId, index]));
  const rank = (row: ChapterProgressRow) => position.get(row.anchorId) ?? order.length;
  return [...rows]
    .sort((a, b) => rank(a) - rank(b) || a.anchorId.localeCompare(b.anchorId))
    .map((row) => ({
      userId: row.userId,
      bookId: row.bookId,
      anchorId: row.anchorId,
      progress: row.progress,
      isRead: fromBool(row.isRead),
      lastReadAt: row.lastReadAt,
      epubPosition: parseJson<EpubPosition | null>(row.epubPosition, null),
    }));
}
