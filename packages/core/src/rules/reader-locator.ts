/**
 * A place inside a chapter, anchored in its text rather than its layout, so it is the same place at
 * any font size, page width or layout, on any device, and on the server. `char` counts the chapter
 * text's non-whitespace characters before the place: a browser's text nodes and text stripped from
 * the chapter's HTML differ in whitespace, never in the other characters. `text` is the
 * non-whitespace characters from the place on, to find it again if a new edition moved the text.
 */
export interface TextLocator {
  char: number;
  text?: string;
}

/** How many characters `text` keeps: enough to be unique in a chapter, short enough for every save. */
export const LOCATOR_TEXT_LENGTH = 32;
/** Far beyond any chapter (the largest imported ones hold about a million characters). */
export const MAX_LOCATOR_CHAR = 50_000_000;

/** The text without its whitespace: `char` is an index into it. */
export function denseText(text: string): string {
  return text.replace(/\s+/g, "");
}

/** The locator of the place `char` in a chapter's text (dense or not). */
export function locatorAt(text: string, char: number): TextLocator {
  const dense = denseText(text);
  const at = Math.min(Math.max(0, Math.floor(char)), dense.length);
  return {
    char: at,
    text: Array.from(dense.slice(at, at + LOCATOR_TEXT_LENGTH * 2))
      .slice(0, LOCATOR_TEXT_LENGTH)
      .join(""),
  };
}

/**
 * Where a locator lands in the chapter's text as it is now: its own `char` while the text there still
 * matches, else the occurrence of its `text` nearest to it, else its `char`, within the chapter.
 */
export function resolveLocator(text: string, locator: TextLocator): number {
  const dense = denseText(text);
  const char = Math.min(Math.max(0, Math.floor(locator.char)), dense.length);
  const quote = locator.text;
  if (!quote || dense.startsWith(quote, char)) return char;
  let best = -1;
  for (let found = dense.indexOf(quote); found >= 0; found = dense.indexOf(quote, found + 1)) {
    if (best < 0 || Math.abs(found - char) < Math.abs(best - char)) best = found;
    if (found > char) break;
  }
  return best >= 0 ? best : char;
}

/** The reader URL's `?at=` value: the character offset alone, short and readable. */
export function formatAt(locator: TextLocator): string {
  return String(locator.char);
}

/** A `?at=` value back to a character offset; null when it is missing or not one. */
export function parseAt(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const char = Number(value);
  return char <= MAX_LOCATOR_CHAR ? char : null;
}
