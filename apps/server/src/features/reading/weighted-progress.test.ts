import { describe, expect, it } from "vitest";
import { weightedBookProgress } from "./weighted-progress";

const chapters = [
  { anchorId: "a", wordCount: 100 },
  { anchorId: "b", wordCount: 300 },
];

describe("weightedBookProgress", () => {
  it("weights each chapter by its words and counts unopened chapters as 0", () => {
    expect(weightedBookProgress(chapters, new Map([["a", 100]]))).toBe(25);
    expect(weightedBookProgress(chapters, new Map([["b", 100]]))).toBe(75);
    expect(
      weightedBookProgress(
        chapters,
        new Map([
          ["a", 100],
          ["b", 50],
        ]),
      ),
    ).toBe(63);
    expect(
      weightedBookProgress(
        chapters,
        new Map([
          ["a", 100],
          ["b", 100],
        ]),
      ),
    ).toBe(100);
  });

  it("weights chapters equally when the book has no word counts", () => {
    const unweighed = chapters.map((chapter) => ({ ...chapter, wordCount: 0 }));
    expect(weightedBookProgress(unweighed, new Map([["a", 100]]))).toBe(50);
  });

  it("has no answer without progress on the book's own chapters", () => {
    expect(weightedBookProgress(chapters, new Map())).toBeUndefined();
    expect(weightedBookProgress(chapters, new Map([["old-edition-anchor", 100]]))).toBeUndefined();
    expect(weightedBookProgress([], new Map([["a", 100]]))).toBeUndefined();
  });
});
