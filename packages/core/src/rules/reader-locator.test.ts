import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { denseText, formatAt, LOCATOR_TEXT_LENGTH, locatorAt, parseAt, resolveLocator } from "./reader-locator";

const CHAPTER = "Call me Ishmael.\n  Some years ago — never mind how long precisely — having little money.";

describe("locatorAt and resolveLocator", () => {
  it("keeps a short quote of the text from the place on", () => {
    const locator = locatorAt(CHAPTER, 14);
    expect(locator).toEqual({ char: 14, text: "Someyearsago—nevermindhowlongpre" });
    expect(locator.text).toHaveLength(LOCATOR_TEXT_LENGTH);
    expect(locatorAt(CHAPTER, 10_000)).toEqual({ char: denseText(CHAPTER).length, text: "" });
  });

  it("lands on its own character while the text there matches, whatever the whitespace", () => {
    const locator = locatorAt(CHAPTER, 14);
    expect(resolveLocator(CHAPTER, locator)).toBe(14);
    expect(resolveLocator(CHAPTER.replace(/ /g, "\n\n "), locator)).toBe(14);
  });

  it("finds its quote again when a new edition moved the text, the occurrence nearest the old place", () => {
    const locator = locatorAt(CHAPTER, 14);
    const edited = `A new preface, some forty characters long. ${CHAPTER}`;
    expect(resolveLocator(edited, locator)).toBe(denseText("A new preface, some forty characters long. ").length + 14);
    const twice = "Some years ago. x Some years ago. yyyyyyyyyyyy Some years ago.";
    const dense = denseText(twice);
    const third = dense.lastIndexOf("Someyearsago");
    expect(resolveLocator(twice, { char: third - 2, text: "Someyearsago" })).toBe(third);
    expect(resolveLocator(twice, { char: 1, text: "Someyearsago" })).toBe(0);
  });

  it("falls back to its character, within the chapter, when the quote is gone", () => {
    expect(resolveLocator(CHAPTER, { char: 20, text: "not in this chapter" })).toBe(20);
    expect(resolveLocator("short", { char: 20, text: "gone" })).toBe(5);
    expect(resolveLocator(CHAPTER, { char: -4 })).toBe(0);
  });
});

describe("formatAt and parseAt", () => {
  it("round-trips a character offset through the URL", () => {
    fc.assert(
      fc.property(fc.nat({ max: 50_000_000 }), (char) => {
        expect(parseAt(formatAt({ char }))).toBe(char);
      }),
    );
  });

  it("answers null for anything that is not a character offset", () => {
    for (const value of [null, undefined, "", "-3", "1.5", "12abc", "1e5", "9999999999", "99999999"]) {
      expect(parseAt(value), String(value)).toBeNull();
    }
  });
});
