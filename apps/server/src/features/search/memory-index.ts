import { setImmediate } from "node:timers/promises";
import { searchWords } from "./spelling";

/**
 * A parsed query: every group must match (words in any order), any word of a group may (a typed word and
 * its spelling corrections). Words are folded (lower case, no diacritics), letters and digits only, and
 * match as the beginnings of words.
 */
export type WordGroups = readonly (readonly string[])[];

/** Highest code point: `prefix + LAST` sorts after every word that starts with the prefix. */
const LAST = "\u{10FFFF}";

/** A growable list of 32-bit integers: word lists of a whole catalogue without an object per entry. */
class IntList {
  private data = new Int32Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index] as number;
  }
}

/**
 * Collects documents' words slot by slot (rows read batch by batch, none kept), then lays them out as a
 * `PrefixIndex`. Each distinct word is one string however many documents hold it.
 */
export class PrefixIndexBuilder {
  private readonly idOf = new Map<string, number>();
  private readonly distinct: string[] = [];
  private readonly lastSlotOf: number[] = [];
  private readonly wordIds = new IntList();
  private readonly slotsOfPairs = new IntList();

  /** Slots must come in increasing order. */
  add(slot: number, text: string): void {
    for (const word of searchWords(text)) {
      let id = this.idOf.get(word);
      if (id === undefined) {
        id = this.distinct.length;
        this.idOf.set(word, id);
        this.distinct.push(word);
        this.lastSlotOf.push(-1);
      }
      if (this.lastSlotOf[id] === slot) continue;
      this.lastSlotOf[id] = slot;
      this.wordIds.push(id);
      this.slotsOfPairs.push(slot);
    }
  }

  /** Yields to the event loop between steps: a million words are several tenths of a second of work. */
  async build(): Promise<PrefixIndex> {
    const { idOf, wordIds, slotsOfPairs } = this;
    const words = await sortedInSteps(this.distinct);
    const rankOf = new Int32Array(words.length);
    await inSteps(words.length, (rank) => {
      rankOf[idOf.get(words[rank] as string) as number] = rank;
    });
    const starts = new Int32Array(words.length + 1);
    await inSteps(wordIds.length, (at) => {
      const rank = rankOf[wordIds.at(at)] as number;
      starts[rank + 1] = (starts[rank + 1] as number) + 1;
    });
    for (let rank = 0; rank < words.length; rank++)
      starts[rank + 1] = (starts[rank + 1] as number) + (starts[rank] as number);
    const next = starts.slice(0, words.length);
    const slots = new Int32Array(wordIds.length);
    await inSteps(wordIds.length, (at) => {
      const rank = rankOf[wordIds.at(at)] as number;
      slots[next[rank] as number] = slotsOfPairs.at(at);
      next[rank] = (next[rank] as number) + 1;
    });
    return new PrefixIndex(words, starts, slots);
  }
}

/** Work items per turn of the event loop while building. */
const STEP = 1 << 16;

/** Runs `visit(0 … count - 1)`, giving the event loop a turn after every `STEP`. */
async function inSteps(count: number, visit: (at: number) => void): Promise<void> {
  for (let from = 0; from < count; from += STEP) {
    const to = Math.min(count, from + STEP);
    for (let at = from; at < to; at++) visit(at);
    await setImmediate();
  }
}

/** `words` in code unit order (as `<`): runs sorted natively, then merged pair by pair, each step its own turn. */
async function sortedInSteps(words: readonly string[]): Promise<string[]> {
  let runs: string[][] = [];
  // Sorting a million distinct words in one go held the event loop for 0.3 s.
  for (let at = 0; at < words.length; at += STEP) {
    // No comparator: V8 compares strings natively, a third faster than a function.
    runs.push(words.slice(at, at + STEP).sort());
    await setImmediate();
  }
  while (runs.length > 1) {
    const merged: string[][] = [];
    for (let at = 0; at < runs.length; at += 2) {
      const [a, b] = [runs[at] as string[], runs[at + 1]];
      merged.push(b ? mergeSorted(a, b) : a);
      await setImmediate();
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const merged = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length)
    merged[k++] = (a[i] as string) <= (b[j] as string) ? (a[i++] as string) : (b[j++] as string);
  while (i < a.length) merged[k++] = a[i++] as string;
  while (j < b.length) merged[k++] = b[j++] as string;
  return merged;
}

/**
 * Words and the slots (documents) holding each. The words of the first load are sorted, and their slot lists
 * laid end to end in that order, so a prefix is one run of words and one run of slots. Documents added later
 * go to a small sorted side index until the next rebuild. A forgotten document's slot is cleared by the
 * caller's `alive` bits, not here, so a change costs no search through the lists.
 */
export class PrefixIndex {
  private readonly addedWords: string[] = [];
  private readonly addedSlots = new Map<string, number[]>();

  constructor(
    private readonly words: readonly string[],
    /** Slots of `words[i]` are `slots[starts[i]] … slots[starts[i + 1] - 1]`. */
    private readonly starts: Int32Array,
    private readonly slots: Int32Array,
  ) {}

  add(slot: number, text: string): void {
    for (const word of new Set(searchWords(text))) {
      const slots = this.addedSlots.get(word);
      if (slots) {
        slots.push(slot);
        continue;
      }
      this.addedSlots.set(word, [slot]);
      this.addedWords.splice(lowerBound(this.addedWords, word), 0, word);
    }
  }

  beginsSomeWord(prefix: string): boolean {
    return [this.words, this.addedWords].some((words) => words[lowerBound(words, prefix)]?.startsWith(prefix));
  }

  /** Sets the bit of every slot holding a word that begins with one of `prefixes`. */
  mark(prefixes: readonly string[], bits: Uint32Array): void {
    for (const prefix of prefixes) {
      const from = this.starts[lowerBound(this.words, prefix)] as number;
      const to = this.starts[lowerBound(this.words, prefix + LAST)] as number;
      for (let at = from; at < to; at++) {
        const slot = this.slots[at] as number;
        bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
      const end = lowerBound(this.addedWords, prefix + LAST);
      for (let at = lowerBound(this.addedWords, prefix); at < end; at++) {
        for (const slot of this.addedSlots.get(this.addedWords[at] as string) as number[])
          bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
    }
  }

  /** Words sharing `word`'s first three letters, of a length within reach of it: spelling candidates. */
  candidates(word: string, limit: number): string[] {
    const start = word.slice(0, 3);
    const found = new Set<string>();
    for (const words of [this.words, this.addedWords]) {
      const end = lowerBound(words, start + LAST);
      for (let at = lowerBound(words, start); at < end && found.size < limit; at++) {
        const candidate = words[at] as string;
        if (candidate.length >= word.length - 2 && candidate.length <= word.length + 3) found.add(candidate);
      }
    }
    return [...found];
  }
}

function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((words[mid] as string) < word) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A document's place in a ranking: higher interaction score first, then the higher id (as SQL's `id desc`). */
interface Ranked {
  readonly ids: readonly string[];
  readonly scores: readonly number[];
}

function ranksAbove(docs: Ranked, a: number, b: number): boolean {
  const scoreA = docs.scores[a] as number;
  const scoreB = docs.scores[b] as number;
  return scoreA > scoreB || (scoreA === scoreB && (docs.ids[a] as string) > (docs.ids[b] as string));
}

/** The best `limit` slots whose bits are set, best first. */
export function topSlots(bits: Uint32Array, docs: Ranked, limit: number): number[] {
  const best: number[] = [];
  if (limit <= 0) return best;
  const { scores } = docs;
  // Most matches rank below the last kept one: a plain score comparison turns them away.
  let worstScore = Number.NEGATIVE_INFINITY;
  for (let block = 0; block < bits.length; block++) {
    let word = (bits[block] as number) | 0;
    while (word !== 0) {
      const slot = (block << 5) + 31 - Math.clz32(word & -word);
      word &= word - 1;
      const score = scores[slot] as number;
      if (score < worstScore) continue;
      if (best.length === limit && !ranksAbove(docs, slot, best[limit - 1] as number)) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (ranksAbove(docs, best[mid] as number, slot)) low = mid + 1;
        else high = mid;
      }
      best.splice(low, 0, slot);
      if (best.length > limit) best.pop();
      if (best.length === limit) worstScore = scores[best[limit - 1] as number] as number;
    }
  }
  return best;
}

/**
 * Documents in slots: their ids, scores and whether they are current. A changed text takes a new slot and
 * leaves the old one dead in the word lists; `dead` says when rebuilding would pay.
 */
export class DocumentSlots {
  readonly ids: string[] = [];
  readonly scores: number[] = [];
  private readonly slotById = new Map<string, number>();
  private alive = new Uint32Array(1024);
  dead = 0;

  get size(): number {
    return this.ids.length;
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  add(id: string, score: number): number {
    const slot = this.ids.length;
    this.ids.push(id);
    this.scores.push(score);
    this.slotById.set(id, slot);
    if (slot >>> 5 >= this.alive.length) {
      const grown = new Uint32Array(this.alive.length * 2);
      grown.set(this.alive);
      this.alive = grown;
    }
    this.alive[slot >>> 5] = (this.alive[slot >>> 5] as number) | (1 << (slot & 31));
    return slot;
  }

  /** A new score for a document whose text is unchanged. */
  rescore(id: string, score: number): void {
    const slot = this.slotById.get(id);
    if (slot !== undefined) this.scores[slot] = score;
  }

  forget(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.slotById.delete(id);
    this.alive[slot >>> 5] = (this.alive[slot >>> 5] as number) & ~(1 << (slot & 31));
    this.dead += 1;
  }

  /** A bit set as long as the slots, every bit clear. */
  emptyBits(): Uint32Array {
    return new Uint32Array((this.ids.length + 31) >>> 5);
  }

  /** Clears the bits of dead slots. */
  keepAlive(bits: Uint32Array): void {
    for (let block = 0; block < bits.length; block++)
      bits[block] = (bits[block] as number) & (this.alive[block] as number);
  }
}

/** `target &= other`. */
export function intersect(target: Uint32Array, other: Uint32Array): void {
  for (let block = 0; block < target.length; block++)
    target[block] = (target[block] as number) & (other[block] as number);
}

/** `target &= ~other`. */
export function subtract(target: Uint32Array, other: Uint32Array): void {
  for (let block = 0; block < target.length; block++)
    target[block] = (target[block] as number) & ~(other[block] as number);
}

/** Slots matching every group, each group's words looked up in any of `indexes`. */
export function matching(docs: DocumentSlots, indexes: readonly PrefixIndex[], groups: WordGroups): Uint32Array {
  let result: Uint32Array | undefined;
  for (const group of groups) {
    const bits = docs.emptyBits();
    for (const index of indexes) index.mark(group, bits);
    if (result) intersect(result, bits);
    else result = bits;
  }
  const bits = result ?? docs.emptyBits();
  docs.keepAlive(bits);
  return bits;
}
