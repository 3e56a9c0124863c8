import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampProgress, isFinished } from "./progress";

describe("clampProgress", () => {
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
