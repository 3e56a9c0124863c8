import { describe, expect, it } from "vitest";
import { charOffsetOf, findPassage, rangeOfChars, wordsFrom } from "./passage-text";

function chapter(html: string): Element {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("passage text", () => {
  const root = chapter("<h2>Call me\n Ishmael.</h2>\n<p>Some <em>years</em> ago — never mind.</p>");

  it("counts non-whitespace characters before a point, across elements", () => {
    const em = root.querySelector("em")?.firstChild as Text;
    // "CallmeIshmael.Some" before "years".
    expect(charOffsetOf(root, em, 0)).toBe(18);
    expect(charOffsetOf(root, em, 5)).toBe(23);
    expect(charOffsetOf(root, root, 0)).toBe(0);
  });

  it("turns offsets back into the DOM range of the passage, without trailing whitespace", () => {
    expect(rangeOfChars(root, 18, 23)?.toString()).toBe("years");
    expect(rangeOfChars(root, 4, 14)?.toString()).toBe("me\n Ishmael.");
    expect(rangeOfChars(root, 14, 26)?.toString()).toBe("Some years ago");
    expect(rangeOfChars(root, 0, 500)).toBeNull();
    expect(rangeOfChars(root, 5, 5)).toBeNull();
  });

  it("finds a passage at its offsets, else its quote nearest to them, else nowhere", () => {
    const dense = "abcXYZdefXYZghi";
    expect(findPassage(dense, { start: 3, end: 6, quote: "X Y Z" })).toEqual({ start: 3, end: 6 });
    expect(findPassage(dense, { start: 10, end: 13, quote: "XYZ" })).toEqual({ start: 9, end: 12 });
    expect(findPassage(dense, { start: 1, end: 4, quote: "XYZ" })).toEqual({ start: 3, end: 6 });
    expect(findPassage(dense, { start: 3, end: 6, quote: "gone" })).toBeNull();
    // A bookmark without a quote keeps its place while the chapter is long enough.
    expect(findPassage(dense, { start: 4, end: null, quote: null })).toEqual({ start: 4, end: 5 });
    expect(findPassage(dense, { start: 40, end: null, quote: null })).toBeNull();
  });

  it("quotes a few whole words from a place for a bookmark", () => {
    expect(wordsFrom(root, 14)).toBe("Some years ago — never mind.");
    expect(wordsFrom(root, 14, 12)).toBe("Some years");
  });
});
