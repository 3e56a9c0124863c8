import { describe, expect, it } from "vitest";
import {
  offsetOfPage,
  offsetOfScroll,
  pageCount,
  pageOfOffset,
  roundOffset,
  scrollTopOfOffset,
  seenOfPage,
  seenOfScroll,
  toPercent,
} from "./reader-position";

describe("reader position", () => {
  it("counts pages from the content's width, ignoring a sub-pixel overhang", () => {
    expect(pageCount(3600, 360)).toBe(10);
    expect(pageCount(3600 - 28, 360)).toBe(10);
    expect(pageCount(3601, 360)).toBe(10);
    expect(pageCount(3700, 360)).toBe(11);
    expect(pageCount(0, 360)).toBe(1);
    expect(pageCount(500, 0)).toBe(1);
  });

  it("maps every page to an offset and back to the same page", () => {
    for (const pages of [1, 2, 7, 68, 301]) {
      for (let page = 0; page < pages; page++) {
        expect(pageOfOffset(offsetOfPage(page, pages), pages)).toBe(page);
      }
    }
  });

  it("finds the same page again from a saved (rounded) offset", () => {
    for (const pages of [3, 68, 999]) {
      for (let page = 0; page < pages; page++) {
        expect(pageOfOffset(roundOffset(offsetOfPage(page, pages)), pages)).toBe(page);
      }
    }
    expect(roundOffset(1 / 3)).toBe(0.333333);
  });

  it("keeps a place in the text when the page count changes", () => {
    // A third of the way through a 30-page chapter is a third of the way through it at 60 pages.
    expect(pageOfOffset(offsetOfPage(10, 30), 60)).toBe(20);
    expect(pageOfOffset(1, 12)).toBe(11);
    expect(pageOfOffset(0, 12)).toBe(0);
    expect(pageOfOffset(Number.NaN, 12)).toBe(0);
  });

  it("counts what has been seen through the end of the visible page", () => {
    expect(seenOfPage(0, 1)).toBe(1);
    expect(seenOfPage(0, 4)).toBe(0.25);
    expect(seenOfPage(3, 4)).toBe(1);
    expect(seenOfScroll(0, 800, 4000)).toBe(0.2);
    expect(seenOfScroll(3200, 800, 4000)).toBe(1);
    expect(seenOfScroll(0, 800, 600)).toBe(1);
  });

  it("converts scroll offsets both ways, the end included", () => {
    expect(offsetOfScroll(1000, 4000)).toBe(0.25);
    expect(scrollTopOfOffset(0.25, 4000, 800)).toBe(1000);
    expect(scrollTopOfOffset(1, 4000, 800)).toBe(3200);
    expect(offsetOfScroll(10, 0)).toBe(0);
  });

  it("turns fractions into the API's rounded percentages", () => {
    expect(toPercent(0.004)).toBe(0);
    expect(toPercent(0.235)).toBe(24);
    expect(toPercent(1.2)).toBe(100);
    expect(toPercent(-1)).toBe(0);
  });
});
