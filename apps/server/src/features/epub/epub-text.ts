/** Plain text out of sanitised chapter HTML: for word counts, chapter names and the teaser. */

/** Tags that separate words when they open or close (blocks, breaks, images); inline tags join text. */
const BREAKING_TAGS =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hgroup|hr|img|li|main|math|nav|ol|p|pre|section|summary|svg|table|tbody|td|tfoot|th|thead|tr|ul|mtd|mtr)\b[^>]*>/gi;

/** Sanitised HTML escapes only these; everything else is already a character. */
function decodeEscapes(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

export function htmlToText(html: string): string {
  return decodeEscapes(html.replace(BREAKING_TAGS, " ").replace(/<[^>]*>/g, ""));
}

/**
 * Words a reader reads: runs between spaces and en/em dashes holding at least one letter or digit
 * (the rule the demo seed uses), so "forty-one" is one word and a lone "—" is none.
 */
export function countWords(html: string): number {
  return htmlToText(html)
    .split(/[\s\u2013\u2014]+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text of the chapter's first heading, if it has one. */
export function firstHeading(html: string): string {
  const match = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/i.exec(html);
  return match ? collapse(htmlToText(match[2] as string)) : "";
}

/**
 * The opening of a chapter as plain text: its first paragraphs, cut at a word boundary once
 * `maxLength` characters are reached (with an ellipsis when cut).
 */
export function openingText(html: string, maxLength: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (const match of html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)) {
    const text = collapse(htmlToText(match[1] as string));
    if (text === "") continue;
    paragraphs.push(text);
    length += text.length;
    if (length >= maxLength) break;
  }
  const joined = paragraphs.join("\n\n");
  if (joined.length <= maxLength) return joined;
  const cut = joined.slice(0, maxLength);
  const space = cut.search(/\s\S*$/);
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "")}…`;
}
