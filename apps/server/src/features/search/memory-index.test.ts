import { beforeAll, describe, expect, it } from "vitest";
import { DocumentSlots, matching, type PrefixIndex, PrefixIndexBuilder, subtract, topSlots } from "./memory-index";

async function indexOf(texts: string[]) {
  const builder = new PrefixIndexBuilder();
  for (const [slot, text] of texts.entries()) builder.add(slot, text);
  return builder.build();
}

function slotsOf(bits: Uint32Array): number[] {
  const slots: number[] = [];
  for (let slot = 0; slot < bits.length * 32; slot++)
    if ((bits[slot >>> 5] as number) & (1 << (slot & 31))) slots.push(slot);
  return slots;
}

describe("PrefixIndex", () => {
  const texts = ["The Adventures of Sherlock Holmes", "Sherwood Forest", "Holmes's Last Bow", "Inês Pedrosa"];

  it("finds every document holding a word that begins with a prefix, folded", async () => {
    const index = await indexOf(texts);
    const bits = new Uint32Array(1);
    index.mark(["sher"], bits);
    expect(slotsOf(bits)).toEqual([0, 1]);
    const folded = new Uint32Array(1);
    index.mark(["ines"], folded);
    expect(slotsOf(folded)).toEqual([3]);
  });

  it("marks documents added after the first load alongside those of the load", async () => {
    const index = await indexOf(texts);
    index.add(4, "Holmes and Watson");
    const bits = new Uint32Array(1);
    index.mark(["holm", "wat"], bits);
    expect(slotsOf(bits)).toEqual([0, 2, 4]);
    expect(index.beginsSomeWord("wats")).toBe(true);
    expect(index.beginsSomeWord("watz")).toBe(false);
  });

  it("offers spelling candidates sharing three letters and a length within reach", async () => {
    const index = await indexOf([...texts, "Sherbet", "Shelter"]);
    expect(index.candidates("sherlok", 10)).toEqual(["shelter", "sherbet", "sherlock", "sherwood"]);
    expect(index.candidates("sherlok", 1)).toEqual(["shelter"]);
    expect(index.candidates("sh", 10)).toEqual([]);
  });

  it("sorts more distinct words than one run, in steps, into one order", async () => {
    // 70,000 words in a scrambled order: two runs of 65,536 and a merge.
    const count = 70_000;
    const texts = Array.from({ length: count }, (_, slot) => `w${(slot * 7_919) % count}`);
    const index = await indexOf(texts);
    const bits = new Uint32Array(Math.ceil(count / 32));
    index.mark(["w6999"], bits);
    const words = slotsOf(bits).map((slot) => texts[slot]);
    expect(words.sort()).toEqual(["w6999", ...Array.from({ length: 10 }, (_, digit) => `w6999${digit}`)]);
    expect(index.beginsSomeWord("w69999")).toBe(true);
    expect(index.beginsSomeWord("w70000")).toBe(false);
    expect(index.candidates("w12345", 3)).toEqual(["w120", "w1200", "w12000"]);
  });
});

describe("matching and ranking", () => {
  const titles = ["Lantern Keepers", "Lanterns at Dusk", "Harbour Nights", "Lantern Harbour"];
  const scores = [1, 40, 7, 40];
  const slotsOfTitles = () => {
    const docs = new DocumentSlots();
    for (const [slot, score] of scores.entries()) docs.add(`book-${slot}`, score);
    return docs;
  };
  const docs = slotsOfTitles();
  let index: PrefixIndex;
  beforeAll(async () => {
    index = await indexOf(titles);
  });

  it("needs every group, any word of a group", () => {
    expect(slotsOf(matching(docs, [index], [["lant"], ["harb"]]))).toEqual([3]);
    expect(slotsOf(matching(docs, [index], [["lant", "harb"]]))).toEqual([0, 1, 2, 3]);
  });

  it("ranks by score, then the higher id, and keeps only the best", () => {
    const bits = matching(docs, [index], [["lant"]]);
    expect(topSlots(bits, docs, 10)).toEqual([3, 1, 0]);
    expect(topSlots(bits, docs, 2)).toEqual([3, 1]);
    expect(topSlots(bits, docs, 0)).toEqual([]);
  });

  it("leaves out forgotten documents and re-ranks a new score", () => {
    const local = slotsOfTitles();
    local.forget("book-3");
    local.rescore("book-0", 100);
    expect(topSlots(matching(local, [index], [["lant"]]), local, 10)).toEqual([0, 1]);
    expect(local.dead).toBe(1);
  });

  it("subtracts one set of matches from another", () => {
    const bits = matching(docs, [index], [["lant", "harb"]]);
    subtract(bits, matching(docs, [index], [["harb"]]));
    expect(slotsOf(bits)).toEqual([0, 1]);
  });
});
