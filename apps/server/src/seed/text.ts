import type { DemoChapter } from "./types";

/** The only tags demo chapters may contain. */
export const ALLOWED_CHAPTER_TAGS = new Set(["h2", "p", "em", "strong", "blockquote", "hr"]);

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Straight quotes to typographic ones. Inline tags carry no attributes, so no quote sits inside a tag. */
export function smartQuotes(text: string): string {
  return text
    .replace(/(^|[\s([>“])"/g, "$1“")
    .replace(/"/g, "”")
    .replace(/(^|[\s([>“])'/g, "$1‘")
    .replace(/'/g, "’");
}

/** Escapes `&`, `<` and `>` except in the inline tags a chapter may use. */
function escapeInline(text: string): string {
  return text
    .replace(/&(?![a-z]+;|#\d+;)/g, "&amp;")
    .replace(/<(?!\/?(em|strong)>)/g, "&lt;")
    .replace(/(?<!<\/?(em|strong))>/g, "&gt;");
}

function block(raw: string): string {
  const text = raw.trim();
  if (text === "***") return "<hr />";
  if (text.startsWith("> ")) {
    const quoted = text
      .split("\n")
      .map((line) => line.replace(/^>\s?/, "").trim())
      .join(" ");
    return `<blockquote><p>${escapeInline(smartQuotes(quoted))}</p></blockquote>`;
  }
  return `<p>${escapeInline(smartQuotes(text.replace(/\s*\n\s*/g, " ")))}</p>`;
}

/** A chapter as stored and served: `<h2>` heading, then paragraphs, quotations and scene breaks. */
export function chapterHtml(chapter: DemoChapter): string {
  const blocks = chapter.body
    .split(/\n\s*\n/)
    .filter((part) => part.trim().length > 0)
    .map(block);
  return [`<h2>${escapeInline(smartQuotes(chapter.title))}</h2>`, ...blocks].join("\n");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The reading text of some HTML: tags become spaces and the common entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

/**
 * Words a reader reads: runs of text between spaces and dashes that hold at least one letter or
 * digit, so "forty-one", "1.42m" and "don't" are one word each and a lone "—" is none.
 */
export function countWords(html: string): number {
  return htmlToText(html)
    .split(/[\s\u2013\u2014]+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Every tag name used in some HTML, lower-cased, for checking against ALLOWED_CHAPTER_TAGS. */
export function tagNames(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g)].map((match) => (match[1] ?? "").toLowerCase());
}

export function assertSafeChapterHtml(html: string, where: string): void {
  for (const name of tagNames(html)) {
    if (!ALLOWED_CHAPTER_TAGS.has(name)) throw new Error(`Demo chapter ${where} uses <${name}>, which is not allowed`);
  }
  if (/<[^>]*\s[a-z-]+=/i.test(html)) throw new Error(`Demo chapter ${where} has a tag attribute`);
}
