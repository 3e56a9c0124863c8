import { WORDS_PER_MINUTE } from "../constants";

const BREAKING_TAGS =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|div|dl|dt|figcaption|figure|h[1-6]|hr|img|li|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Words a reader reads in some chapter HTML: runs between spaces and en/em dashes holding at least
 * one letter or digit (the rule of the demo seed and the EPUB import), so "forty-one" is one word and
 * a lone "—" is none. Block tags and breaks separate words; inline tags (`<em>`) join text.
 */
export function countHtmlWords(html: string): number {
  return countTextWords(htmlToText(html));
}

/** The text a reader sees in chapter HTML: tags gone (block tags leave a space), entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(BREAKING_TAGS, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

/** Words in plain text, by the rule above. */
export function countTextWords(text: string): number {
  return text.split(/[\s\u2013\u2014]+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Whole minutes to read so many words at WORDS_PER_MINUTE, rounded up (a short chapter is one minute). */
export function timeToReadMinutes(words: number): number {
  return Math.ceil(words / WORDS_PER_MINUTE);
}
