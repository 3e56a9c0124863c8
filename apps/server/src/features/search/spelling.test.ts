import { describe, expect, it } from "vitest";
import { corrections, editDistance, editDistances, searchWords } from "./spelling";

describe("search spelling", () => {
  it("splits and folds words as the indexes do", () => {
    expect(searchWords("  Inês  PEDROSA, o'Brien—2024 ")).toEqual(["ines", "pedrosa", "o", "brien", "2024"]);
    expect(searchWords("!? …")).toEqual([]);
    expect(searchWords("The HOUND of the Baskervilles (1902)")).toEqual([
      "the",
      "hound",
      "of",
      "the",
      "baskervilles",
      "1902",
    ]);
    expect(searchWords("Ærø 𝔸lpha")).toEqual(["ærø", "alpha"]);
  });

  it("measures slips: insertions, deletions, substitutions and swapped neighbours", () => {
    expect(editDistance("sherlok", "sherlock", 2)).toBe(1);
    expect(editDistance("holms", "holmes", 2)).toBe(1);
    expect(editDistance("hlomes", "holmes", 2)).toBe(1);
    expect(editDistance("wodhouse", "wodehouse", 2)).toBe(1);
    expect(editDistance("cat", "dog", 1)).toBe(2);
    expect(editDistances("advetn", "adventures", 2)).toEqual({ whole: 3, beginning: 1 });
    expect(editDistances("sherlok", "sherlock", 1)).toEqual({ whole: 1, beginning: 1 });
  });

  it("corrects to close words only, closest first, never short words", () => {
    expect(corrections("sherlok", ["sherlock", "shelter", "sherbet"], 4)).toEqual(["sherlock"]);
    expect(corrections("adventrues", ["adventurer", "adventures", "advent"], 4)).toEqual(["adventures", "adventurer"]);
    // A word being typed: "sherlk" is one slip from the beginning of "sherlock".
    expect(corrections("sherlk", ["sherlock"], 4)).toEqual(["sherlock"]);
    expect(corrections("cta", ["cat"], 4)).toEqual([]);
    // Words it already begins are matched as typed, not offered again.
    expect(corrections("holm", ["holmes"], 4)).toEqual([]);
  });
});
