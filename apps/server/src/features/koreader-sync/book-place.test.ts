import { bookProgressAt } from "@quire/core";
import { describe, expect, it } from "vitest";
import { fractionAt, type PlaceChapter, placeAtFraction } from "./book-place";

const chapter = (anchorId: string, wordCount: number, role: PlaceChapter["role"] = "body", n = 0): PlaceChapter => ({
  anchorId,
  chapterNumber: n,
  wordCount,
  role,
});
const BOOK = [
  chapter("title", 50, "front", 1),
  chapter("one", 1000, "body", 2),
  chapter("two", 3000, "body", 3),
  chapter("colophon", 80, "back", 4),
];

describe("places and KOReader percentages", () => {
  it("puts a percentage where the same share of the body's words is read", () => {
    expect(placeAtFraction(BOOK, 0)).toEqual({ chapter: BOOK[1], offset: 0 });
    expect(placeAtFraction(BOOK, 0.125)).toEqual({ chapter: BOOK[1], offset: 0.5 });
    expect(placeAtFraction(BOOK, 0.625)).toEqual({ chapter: BOOK[2], offset: 0.5 });
    expect(placeAtFraction(BOOK, 1)).toEqual({ chapter: BOOK[2], offset: 1 });
    expect(placeAtFraction(BOOK, 7)).toEqual({ chapter: BOOK[2], offset: 1 });
    expect(placeAtFraction([], 0.5)).toBeUndefined();
  });

  it("reads a place back as the same fraction, front matter 0 and back matter 1", () => {
    expect(fractionAt(BOOK, "one", 0.5)).toBe(0.125);
    expect(fractionAt(BOOK, "two", 0.5)).toBe(0.625);
    expect(fractionAt(BOOK, "title", 0.9)).toBe(0);
    expect(fractionAt(BOOK, "colophon", 0.1)).toBe(1);
    expect(fractionAt(BOOK, "missing", 0.1)).toBeUndefined();
  });

  it("agrees with Quire's own figure for the place (bookProgressAt)", () => {
    const words = BOOK.map((c) => c.wordCount);
    const roles = BOOK.map((c) => c.role);
    for (const fraction of [0.01, 0.2, 0.37, 0.5, 0.83, 0.99]) {
      const place = placeAtFraction(BOOK, fraction);
      const index = BOOK.findIndex((c) => c.anchorId === place?.chapter.anchorId);
      const figure = bookProgressAt(words, index, (place?.offset ?? 0) * 100, roles);
      expect(Math.abs(figure - fraction * 100)).toBeLessThanOrEqual(1);
    }
  });

  it("weighs chapters equally when none has a word count", () => {
    const counted = [chapter("a", 0), chapter("b", 0)];
    expect(placeAtFraction(counted, 0.75)).toEqual({ chapter: counted[1], offset: 0.5 });
    expect(fractionAt(counted, "b", 0.5)).toBe(0.75);
  });
});
