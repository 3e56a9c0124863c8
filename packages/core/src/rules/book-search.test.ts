import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countMatches,
  foldQuery,
  forEachMatch,
  locatorChar,
  type SearchableText,
  searchableText,
  snippetAround,
  type TextMatch,
} from "./book-search";
import { denseText } from "./reader-locator";

function matches(searchable: SearchableText, query: string): TextMatch[] {
  const found: TextMatch[] = [];
  forEachMatch(searchable, foldQuery(query), (match) => {
    found.push(match);
    return true;
  });
  return found;
}

const matchedText = (searchable: SearchableText, query: string) =>
  matches(searchable, query).map(({ start, end }) => searchable.text.slice(start, end));

describe("book search folding", () => {
  it("finds a word whatever its case and diacritics, on either side", () => {
    const chapter = searchableText("Le CAFÉ était fermé.\n\nUn café, puis un Cafe.");
    expect(matchedText(chapter, "cafe")).toEqual(["CAFÉ", "café", "Cafe"]);
    expect(matchedText(chapter, "Café")).toEqual(["CAFÉ", "café", "Cafe"]);
    expect(matchedText(chapter, "ETAIT FERME")).toEqual(["était fermé"]);
  });

  it("matches across any whitespace, line breaks included, and curly quotes as typed ones", () => {
    const chapter = searchableText("“I don’t know,”\n   said   the\tman.");
    expect(matchedText(chapter, "don't know")).toEqual(["don’t know"]);
    expect(matchedText(chapter, '"I')).toEqual(["“I"]);
    expect(matchedText(chapter, "said the man")).toEqual(["said   the\tman".replace(/\s+/g, " ")]);
  });

  it("keeps decomposed accents, ligatures and sharp s with the characters they belong to", () => {
    const chapter = searchableText("Cafe\u0301 ﬁne Straße");
    expect(chapter.origins).not.toBeNull();
    expect(matchedText(chapter, "café")).toEqual(["Cafe\u0301"]);
    expect(matchedText(chapter, "fine")).toEqual(["ﬁne"]);
    expect(matchedText(chapter, "ine")).toEqual(["ﬁne"]);
    expect(matchedText(chapter, "strasse")).toEqual(["Straße"]);
    // The ellipsis stays one character: most chapters need no offset map.
    expect(searchableText("Wait… what?").origins).toBeNull();
  });

  it("counts every match, without overlaps, and stops when asked", () => {
    const chapter = searchableText("aaaa banana");
    expect(countMatches(chapter, foldQuery("aa"))).toBe(2);
    expect(countMatches(chapter, foldQuery("ana"))).toBe(1);
    expect(countMatches(chapter, foldQuery("  "))).toBe(0);
    let seen = 0;
    forEachMatch(chapter, "a", () => ++seen < 3);
    expect(seen).toBe(3);
  });

  it("gives each match's place as a reader locator counts it", () => {
    const plain = "  One  fish,\n two fish;\tred fish, blue fish. ";
    const chapter = searchableText(plain);
    const places = matches(chapter, "fish").map((match) => locatorChar(chapter, match.start));
    expect(places).toEqual([3, 11, 19, 28]);
    expect(places.map((char) => denseText(plain).slice(char, char + 4))).toEqual(["fish", "fish", "fish", "fish"]);
    // Long chapters count from the nearest checkpoint.
    const long = searchableText(`${"word ".repeat(1000)}fish`);
    expect(locatorChar(long, long.text.length - 4)).toBe(4000);
  });

  it("quotes the match with words either side, cut at spaces", () => {
    const text = `${"word ".repeat(20)}the needle in the haystack ${"straw ".repeat(20)}`.trim();
    const chapter = searchableText(text);
    const [match] = matches(chapter, "needle");
    const snippet = snippetAround(chapter.text, match as TextMatch, 20);
    expect(snippet).toEqual({ snippet: "…word word word the needle in the haystack…", matchStart: 20, matchLength: 6 });
    const short = searchableText("A needle.");
    expect(snippetAround(short.text, matches(short, "needle")[0] as TextMatch)).toEqual({
      snippet: "A needle.",
      matchStart: 2,
      matchLength: 6,
    });
  });

  const alphabet = fc.constantFrom(..."aAeEéÉ e\u0301ﬁß’' \n\t.x".split(""));
  // Longer than a space checkpoint (256 characters) now and then.
  const texts = fc.array(alphabet, { maxLength: 600 }).map((chars) => chars.join(""));

  it("reports only places whose text folds to the query, each at its locator character (property)", () => {
    fc.assert(
      fc.property(texts, fc.nat(), fc.integer({ min: 1, max: 4 }), (plain, from, length) => {
        const chapter = searchableText(plain);
        const start = from % (chapter.text.length + 1);
        const query = foldQuery(chapter.text.slice(start, start + length));
        const found = matches(chapter, query);
        if (query !== "") expect(found.length).toBeGreaterThan(0);
        expect(found.length).toBe(countMatches(chapter, query));
        let previousEnd = 0;
        for (const match of found) {
          expect(match.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = match.end;
          expect(foldQuery(chapter.text.slice(match.start, match.end))).toContain(query);
          expect(locatorChar(chapter, match.start)).toBe(denseText(chapter.text.slice(0, match.start)).length);
          const snippet = snippetAround(chapter.text, match);
          expect(snippet.snippet.slice(snippet.matchStart, snippet.matchStart + snippet.matchLength)).toBe(
            chapter.text.slice(match.start, match.end),
          );
        }
      }),
    );
  });

  it("counts whitespace as the reader locator does, so the same text gives the same places (property)", () => {
    fc.assert(
      fc.property(texts, (plain) => {
        const chapter = searchableText(plain);
        expect(locatorChar(chapter, chapter.text.length)).toBe(denseText(plain).length);
      }),
    );
  });
});
