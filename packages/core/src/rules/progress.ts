import { PROGRESS_MAX, PROGRESS_MIN } from "../constants";

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
 */
export function bookProgressAt(wordCounts: readonly number[], chapterIndex: number, chapterPercent: number): number {
  const last = wordCounts.length - 1;
  if (last < 0 || chapterIndex < 0 || chapterIndex > last) return PROGRESS_MIN;
  const share = clampProgress(chapterPercent) / PROGRESS_MAX;
  if (chapterIndex === last && share === 1) return PROGRESS_MAX;
  const total = wordCounts.reduce((sum, words) => sum + words, 0);
  const weight = (index: number) => (total > 0 ? (wordCounts[index] ?? 0) : 1);
  let before = 0;
  for (let index = 0; index < chapterIndex; index += 1) before += weight(index);
  const whole = total > 0 ? total : wordCounts.length;
  return Math.min(PROGRESS_MAX - 1, clampProgress(((before + share * weight(chapterIndex)) / whole) * PROGRESS_MAX));
}
