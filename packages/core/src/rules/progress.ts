import { PROGRESS_MAX, PROGRESS_MIN } from "../constants";
import type { ChapterRole } from "../domain/book";

/** SPEC §4: progress is clamped to 0–100 and rounded; anything not a finite number counts as 0. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return PROGRESS_MIN;
  return Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, Math.round(value)));
}

export function isFinished(progress: number): boolean {
  return clampProgress(progress) === PROGRESS_MAX;
}

/**
 * A book's progress at a place, as Kindle and Apple Books count it: the words before the place over the
 * book's words (chapters weigh equally when no word counts are known). `chapterPercent` is how far
 * through its chapter the place is (0–100). Only the end of the last chapter is 100: a place short of it
 * stays at 99 at most, so rounding never finishes a book early.
 *
 * With `roles`, the book is its body chapters: front matter before the first counts as 0, back matter
 * after the last as 100, and the end of the last body chapter finishes the book.
 */
export function bookProgressAt(
  wordCounts: readonly number[],
  chapterIndex: number,
  chapterPercent: number,
  roles?: readonly ChapterRole[],
): number {
  const last = wordCounts.length - 1;
  if (last < 0 || chapterIndex < 0 || chapterIndex > last) return PROGRESS_MIN;
  const anyBody = wordCounts.some((_, index) => (roles?.[index] ?? "body") === "body");
  const counted = (index: number) => !anyBody || (roles?.[index] ?? "body") === "body";
  const firstBody = wordCounts.findIndex((_, index) => counted(index));
  const lastBody = wordCounts.findLastIndex((_, index) => counted(index));
  if (chapterIndex < firstBody) return PROGRESS_MIN;
  if (chapterIndex > lastBody) return PROGRESS_MAX;
  const share = clampProgress(chapterPercent) / PROGRESS_MAX;
  if (chapterIndex === lastBody && share === 1) return PROGRESS_MAX;
  const total = wordCounts.reduce((sum, words, index) => (counted(index) ? sum + words : sum), 0);
  const weight = (index: number) => (!counted(index) ? 0 : total > 0 ? (wordCounts[index] ?? 0) : 1);
  let before = 0;
  for (let index = 0; index < chapterIndex; index += 1) before += weight(index);
  const whole = total > 0 ? total : wordCounts.filter((_, index) => counted(index)).length;
  return Math.min(PROGRESS_MAX - 1, clampProgress(((before + share * weight(chapterIndex)) / whole) * PROGRESS_MAX));
}
