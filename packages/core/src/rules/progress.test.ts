import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookProgressAt, clampProgress, isFinished } from "./progress";

describe("clampProgress", () => {
  it("counts only body chapters: front matter is 0, back matter 100, the last body chapter's end finishes", () => {
    // Title page, imprint, two stories, colophon, endnotes.
    const counts = [20, 40, 100, 300, 80, 500];
    const roles = ["front", "front", "body", "body", "back", "back"] as const;
    expect(bookProgressAt(counts, 0, 100, roles)).toBe(0);
    expect(bookProgressAt(counts, 1, 50, roles)).toBe(0);
    expect(bookProgressAt(counts, 2, 0, roles)).toBe(0);
    expect(bookProgressAt(counts, 2, 100, roles)).toBe(25);
    expect(bookProgressAt(counts, 3, 50, roles)).toBe(63);
    expect(bookProgressAt(counts, 3, 99, roles)).toBe(99);
    expect(bookProgressAt(counts, 3, 100, roles)).toBe(100);
    expect(bookProgressAt(counts, 4, 0, roles)).toBe(100);
    expect(bookProgressAt(counts, 5, 10, roles)).toBe(100);
    // Without roles the same place is short of the end.
    expect(bookProgressAt(counts, 3, 100)).toBe(44);
  });

  it("weighs matter inside the body as nothing, and a book of no body chapters as all of them", () => {
    expect(bookProgressAt([100, 50, 100], 1, 50, ["body", "back", "body"])).toBe(50);
    expect(bookProgressAt([100, 100], 1, 50, ["front", "back"])).toBe(75);
    expect(bookProgressAt([100, 100], 1, 100, ["front", "back"])).toBe(100);
  });

  it("always lands on an integer from 0 to 100", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (value) => {
        const result = clampProgress(value);
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("rounds values inside the range to the nearest integer", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (value) => {
        expect(clampProgress(value)).toBe(Math.round(value));
      }),
    );
  });

  it("clamps the edges and treats non-numbers as 0", () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(100.4)).toBe(100);
    expect(clampProgress(250)).toBe(100);
    expect(clampProgress(49.5)).toBe(50);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("is idempotent", () => {
    fc.assert(fc.property(fc.double(), (value) => clampProgress(clampProgress(value)) === clampProgress(value)));
  });

  it("counts a book finished only at 100 after rounding", () => {
    expect(isFinished(99.4)).toBe(false);
    expect(isFinished(99.5)).toBe(true);
    expect(isFinished(140)).toBe(true);
  });
});

describe("bookProgressAt", () => {
  const words = [100, 300];

  it("counts the words before the place over the book's words", () => {
    expect(bookProgressAt(words, 0, 0)).toBe(0);
    expect(bookProgressAt(words, 0, 100)).toBe(25);
    expect(bookProgressAt(words, 1, 0)).toBe(25);
    expect(bookProgressAt(words, 1, 50)).toBe(63);
    expect(bookProgressAt(words, 1, 50.4)).toBe(63);
  });

  it("moves backward as freely as forward", () => {
    expect(bookProgressAt(words, 1, 90)).toBeGreaterThan(bookProgressAt(words, 1, 10));
    expect(bookProgressAt(words, 0, 40)).toBe(10);
  });

  it("is 100 only at the end of the last chapter, however close the place before it", () => {
    expect(bookProgressAt(words, 1, 100)).toBe(100);
    expect(bookProgressAt([100_000, 100], 1, 99)).toBe(99);
    expect(bookProgressAt([100_000, 100], 0, 100)).toBe(99);
    expect(bookProgressAt([5], 0, 100)).toBe(100);
  });

  it("weighs chapters equally without word counts, and is 0 outside the book", () => {
    expect(bookProgressAt([0, 0, 0, 0], 2, 0)).toBe(50);
    expect(bookProgressAt([0, 0], 1, 100)).toBe(100);
    expect(bookProgressAt([], 0, 50)).toBe(0);
    expect(bookProgressAt(words, 5, 50)).toBe(0);
    expect(bookProgressAt(words, -1, 50)).toBe(0);
  });

  it("counts only body chapters: front matter is 0, back matter 100, the last body chapter's end finishes", () => {
    // Title page, imprint, two stories, colophon, endnotes.
    const counts = [20, 40, 100, 300, 80, 500];
    const roles = ["front", "front", "body", "body", "back", "back"] as const;
    expect(bookProgressAt(counts, 0, 100, roles)).toBe(0);
    expect(bookProgressAt(counts, 1, 50, roles)).toBe(0);
    expect(bookProgressAt(counts, 2, 0, roles)).toBe(0);
    expect(bookProgressAt(counts, 2, 100, roles)).toBe(25);
    expect(bookProgressAt(counts, 3, 50, roles)).toBe(63);
    expect(bookProgressAt(counts, 3, 99, roles)).toBe(99);
    expect(bookProgressAt(counts, 3, 100, roles)).toBe(100);
    expect(bookProgressAt(counts, 4, 0, roles)).toBe(100);
    expect(bookProgressAt(counts, 5, 10, roles)).toBe(100);
    // Without roles the same place is short of the end.
    expect(bookProgressAt(counts, 3, 100)).toBe(44);
  });

  it("weighs matter inside the body as nothing, and a book of no body chapters as all of them", () => {
    expect(bookProgressAt([100, 50, 100], 1, 50, ["body", "back", "body"])).toBe(50);
    expect(bookProgressAt([100, 100], 1, 50, ["front", "back"])).toBe(75);
    expect(bookProgressAt([100, 100], 1, 100, ["front", "back"])).toBe(100);
  });

  it("always lands on an integer from 0 to 100", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.double({ noNaN: false }),
        (counts, index, percent) => {
          const result = bookProgressAt(counts, index % counts.length, percent);
          expect(Number.isInteger(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
