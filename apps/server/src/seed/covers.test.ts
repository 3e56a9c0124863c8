import { describe, expect, it } from "vitest";
import { COVER_HEIGHT, COVER_WIDTH, renderCoverSvg, wrapTitle } from "./covers";

describe("renderCoverSvg", () => {
  const input = { id: "tom-jerry", title: `Tom & "Jerry" <3`, authors: ["A. O'Neil", "B. Bee"], genre: "mystery" };

  it("escapes every piece of text", () => {
    const svg = renderCoverSvg({ ...input, genreLabel: "Mystery & Crime" });
    expect(svg).toContain("Tom &amp; &quot;Jerry&quot; &lt;3");
    expect(svg).toContain("A. O&apos;NEIL &amp; B. BEE");
    expect(svg).toContain("MYSTERY &amp; CRIME");
    expect(svg).not.toMatch(/<3|& "/);
  });

  it("is a 600×900 SVG with the Quire mark, the same every time", () => {
    const svg = renderCoverSvg(input);
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}"`)).toBe(
      true,
    );
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain(">Quire</text>");
    expect(renderCoverSvg(input)).toBe(svg);
    expect(renderCoverSvg({ ...input, id: "another", genre: "romance" })).not.toBe(svg);
  });

  it("falls back to a default palette for an unknown genre", () => {
    expect(renderCoverSvg({ ...input, genre: "cookery" })).toContain("<svg");
  });
});

describe("wrapTitle", () => {
  it("breaks between words within the line length", () => {
    expect(wrapTitle("The Committee for the Prevention of Dragons", 14)).toEqual([
      "The Committee",
      "for the",
      "Prevention of",
      "Dragons",
    ]);
    expect(wrapTitle("Supercalifragilistic day", 8)).toEqual(["Supercalifragilistic", "day"]);
  });
});
