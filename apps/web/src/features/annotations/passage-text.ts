import { denseText } from "@quire/core/reader-locator";

/**
 * A chapter's text in the frame, counted as annotations count it: non-whitespace characters (a reader
 * locator's `char`), so offsets are the same at any font size, layout or device, and on the server.
 */

const WHITESPACE = /\s/;

/** Non-whitespace characters of `root`'s text before a point in it (a selection's start or end). */
export function charOffsetOf(root: Element, node: Node, offset: number): number {
  const range = root.ownerDocument.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return denseText(range.toString()).length;
}

/** The text point just before the `char`-th non-whitespace character (or after the last one). */
function pointAt(root: Element, char: number, side: "start" | "end"): { node: Text; offset: number } | null {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let seen = 0;
  let last: { node: Text; offset: number } | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (let index = 0; index < node.data.length; index++) {
      if (WHITESPACE.test(node.data[index] as string)) continue;
      // An end lands after the character before it, so a passage never takes in the whitespace that follows.
      if (side === "end" && seen === char - 1) return { node, offset: index + 1 };
      if (side === "start" && seen === char) return { node, offset: index };
      seen++;
      last = { node, offset: index + 1 };
    }
  }
  return side === "end" && seen === char ? last : null;
}

/** The DOM range of the passage [start, end) in non-whitespace characters; null when the chapter is shorter. */
export function rangeOfChars(root: Element, start: number, end: number): Range | null {
  const from = pointAt(root, start, "start");
  const to = pointAt(root, end, "end");
  if (!from || !to || end <= start) return null;
  const range = root.ownerDocument.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}

/**
 * Where a passage is in the chapter as it is now: at its own offsets while the text there is its quote,
 * else at the occurrence of its quote nearest to them (a new edition moved it), else nowhere.
 */
export function findPassage(
  chapterDense: string,
  passage: { start: number; end: number | null; quote: string | null },
): { start: number; end: number } | null {
  const end = passage.end ?? passage.start + 1;
  if (!passage.quote) return end <= chapterDense.length ? { start: passage.start, end } : null;
  const quote = denseText(passage.quote);
  if (quote === "") return null;
  if (chapterDense.startsWith(quote, passage.start)) return { start: passage.start, end: passage.start + quote.length };
  let best = -1;
  for (let found = chapterDense.indexOf(quote); found >= 0; found = chapterDense.indexOf(quote, found + 1)) {
    if (best < 0 || Math.abs(found - passage.start) < Math.abs(best - passage.start)) best = found;
    if (found > passage.start) break;
  }
  return best >= 0 ? { start: best, end: best + quote.length } : null;
}

/**
 * A few words from a place, as a bookmark shows it: whole words, up to about `length` characters. They
 * are the text itself (no ellipsis), since they are also what finds the place again in a new edition.
 */
export function wordsFrom(root: Element, char: number, length = 120): string {
  const range = rangeOfChars(root, char, char + 1);
  if (!range) return "";
  range.setEnd(root, root.childNodes.length);
  const text = range.toString().replace(/\s+/g, " ").trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return space > length / 2 ? cut.slice(0, space) : cut;
}
