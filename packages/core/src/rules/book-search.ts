/**
 * Search inside a book's text: one rule for the server and any reader that searches offline. Text is
 * matched folded (lower case, no diacritics, typographic quotes as typed ones) with each whitespace run
 * as one space, so "Cafe" finds "café" and "dont" never finds "don’t" but "don't" does. Places are
 * text locator characters (`reader-locator.ts`): non-whitespace characters before the match.
 */

/** The most matches one answer lists; `total` still counts them all. */
export const BOOK_SEARCH_MAX_ITEMS = 200;
/** About how many characters a snippet shows on each side of the match. */
export const BOOK_SEARCH_CONTEXT = 40;

/** Folds NFKD leaves alone or would spread: curly quotes as typed, ß as ss, the final sigma as σ. */
const SPECIAL: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  ß: "ss",
  ς: "σ",
  // NFKD would make it three dots, so every chapter with an ellipsis would need an offset map.
  "…": "…",
};

const folds = new Map<string, string>();

/** One character (code point) folded; usually one code unit, sometimes none (a lone accent) or more (ﬁ). */
function foldChar(char: string): string {
  let folded = folds.get(char);
  if (folded === undefined) {
    folded =
      SPECIAL[char] ??
      Array.from(char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(), (c) => SPECIAL[c] ?? c).join("");
    // Bounded: a hostile text could hold every code point.
    if (folds.size < 20_000) folds.set(char, folded);
  }
  return folded;
}

const NOT_ASCII = /[^\0-\x7f]/gu;

/** A chapter's text ready to search: kept per chapter edition, since building it is most of the work. */
export interface SearchableText {
  /** The text with each whitespace run as one space, trimmed: what snippets quote. */
  readonly text: string;
  /** `text` folded, character by character. */
  readonly folded: string;
  /**
   * For each code unit of `folded`, and one past its end, the index in `text` of the character it
   * came from; null when folding kept every length, so indexes are the same in both.
   */
  readonly origins: Int32Array | null;
  /** Spaces in `text` before each multiple of SPACE_STEP, so a locator character takes a short count. */
  readonly spaces: Int32Array;
}

const SPACE_STEP = 256;

export function searchableText(plain: string): SearchableText {
  const text = plain.replace(/\s+/g, " ").trim();
  let sameLengths = true;
  const folded = text
    .replace(NOT_ASCII, (char) => {
      const result = foldChar(char);
      if (result.length !== char.length) sameLengths = false;
      return result;
    })
    .toLowerCase();
  return { text, folded, origins: sameLengths ? null : originsOf(text, folded.length), spaces: spacesOf(text) };
}

function spacesOf(text: string): Int32Array {
  const spaces = new Int32Array(Math.floor(text.length / SPACE_STEP) + 1);
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    if (index % SPACE_STEP === 0) spaces[index / SPACE_STEP] = count;
    if (text.charCodeAt(index) === 32) count++;
  }
  return spaces;
}

function originsOf(text: string, foldedLength: number): Int32Array {
  const origins = new Int32Array(foldedLength + 1);
  let at = 0;
  for (let index = 0; index < text.length; ) {
    const code = text.codePointAt(index) as number;
    const width = code > 0xffff ? 2 : 1;
    const char = text.slice(index, index + width);
    const length = code < 0x80 ? 1 : foldChar(char).length;
    // A character folded to itself keeps one origin per code unit, so its surrogates stay apart.
    for (let unit = 0; unit < length; unit++) origins[at++] = length === width ? index + unit : index;
    index += width;
  }
  origins[at] = text.length;
  return origins;
}

/** What a query looks for, folded as the text is; "" when nothing is left of it. */
export function foldQuery(query: string): string {
  // A lone accent folds to nothing and may leave a space at either end.
  return searchableText(query).folded.trim();
}

/** A match's characters in `SearchableText.text`: [start, end). */
export interface TextMatch {
  start: number;
  end: number;
}

/**
 * Every match of a folded query in order, without overlaps; `visit` returns false to stop early.
 * A match that begins or ends inside a character folded to several (ﬁ) covers that whole character.
 */
export function forEachMatch(searchable: SearchableText, query: string, visit: (match: TextMatch) => boolean): void {
  if (query === "") return;
  const { folded, origins } = searchable;
  for (let found = folded.indexOf(query); found >= 0; found = folded.indexOf(query, found + query.length)) {
    const last = found + query.length - 1;
    let match: TextMatch;
    if (origins === null) match = { start: found, end: last + 1 };
    else {
      // The end is where the next character after the match's last one begins (a lone accent goes with it).
      let next = last + 1;
      while ((origins[next] as number) <= (origins[last] as number)) next++;
      match = { start: origins[found] as number, end: origins[next] as number };
    }
    if (!visit(match)) return;
  }
}

/** How many matches of a folded query the text holds. */
export function countMatches(searchable: SearchableText, query: string): number {
  if (query === "") return 0;
  let count = 0;
  const { folded } = searchable;
  for (let found = folded.indexOf(query); found >= 0; found = folded.indexOf(query, found + query.length)) count++;
  return count;
}

/** The text locator character of an index of `SearchableText.text`: the non-whitespace characters before it. */
export function locatorChar(searchable: SearchableText, index: number): number {
  const { text, spaces } = searchable;
  const step = Math.min(Math.floor(index / SPACE_STEP), spaces.length - 1);
  let count = spaces[step] as number;
  for (let at = step * SPACE_STEP; at < index; at++) if (text.charCodeAt(at) === 32) count++;
  return index - count;
}

export interface MatchSnippet {
  /** The match with about `context` characters each side, cut at spaces, "…" where cut. */
  snippet: string;
  /** Where the match is in `snippet`, to show it bold. */
  matchStart: number;
  matchLength: number;
}

export function snippetAround(text: string, match: TextMatch, context = BOOK_SEARCH_CONTEXT): MatchSnippet {
  let from = Math.max(0, match.start - context);
  if (from > 0) {
    // Begin after a space, unless the words before are one long word.
    const space = text.indexOf(" ", from - 1);
    from = space >= 0 && space < match.start ? space + 1 : from;
  }
  let to = Math.min(text.length, match.end + context);
  if (to < text.length) {
    const space = text.lastIndexOf(" ", to);
    to = space >= match.end ? space : to;
  }
  const before = from > 0 ? "…" : "";
  const after = to < text.length ? "…" : "";
  return {
    snippet: `${before}${text.slice(from, to)}${after}`,
    matchStart: before.length + match.start - from,
    matchLength: match.end - match.start,
  };
}
