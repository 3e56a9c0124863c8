import type { ChapterRole } from "@quire/core";

export interface PlaceChapter {
  anchorId: string;
  chapterNumber: number;
  wordCount: number;
  role: ChapterRole;
}

export interface Place {
  chapter: PlaceChapter;
  /** How far through the chapter, 0–1 (EpubPosition.offset). */
  offset: number;
}

/**
 * Each chapter's share of the book as `bookProgressAt` (core) counts it: body chapters by their words
 * (equally when none has a count), front and back matter nothing; every chapter counts when none is body.
 */
function weights(chapters: readonly PlaceChapter[]): number[] {
  const anyBody = chapters.some((chapter) => chapter.role === "body");
  const counted = chapters.map((chapter) => !anyBody || chapter.role === "body");
  const words = chapters.reduce((sum, chapter, index) => (counted[index] ? sum + chapter.wordCount : sum), 0);
  return chapters.map((chapter, index) => (!counted[index] ? 0 : words > 0 ? chapter.wordCount : 1));
}

/** The place at a fraction (0–1) of the book's words: where a KOReader percentage lands in Quire. */
export function placeAtFraction(chapters: readonly PlaceChapter[], fraction: number): Place | undefined {
  const shares = weights(chapters);
  const whole = shares.reduce((sum, share) => sum + share, 0);
  if (whole === 0) return undefined;
  const target = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)) * whole;
  let before = 0;
  let last: Place | undefined;
  for (const [index, share] of shares.entries()) {
    if (share === 0) continue;
    const chapter = chapters[index] as PlaceChapter;
    if (target < before + share) return { chapter, offset: (target - before) / share };
    before += share;
    last = { chapter, offset: 1 };
  }
  return last;
}

/** The fraction (0–1) of the book's words before a place, unrounded: Quire's place as KOReader's percentage. */
export function fractionAt(chapters: readonly PlaceChapter[], anchorId: string, offset: number): number | undefined {
  const index = chapters.findIndex((chapter) => chapter.anchorId === anchorId);
  if (index < 0) return undefined;
  const shares = weights(chapters);
  const whole = shares.reduce((sum, share) => sum + share, 0);
  if (whole === 0) return undefined;
  const first = shares.findIndex((share) => share > 0);
  if (index < first) return 0;
  if (index > shares.findLastIndex((share) => share > 0)) return 1;
  const before = shares.slice(0, index).reduce((sum, share) => sum + share, 0);
  return (before + Math.min(1, Math.max(0, offset)) * (shares[index] as number)) / whole;
}
