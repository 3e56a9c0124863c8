import { denseText } from "@quire/core/reader-locator";
import { findPassage, rangeOfChars } from "../annotations";

const HIGHLIGHT = "quire-search";
const STYLE_ID = "quire-search-style";
/** Stronger than the annotation colours, so the match stands out on a page that has highlights too. */
const STYLE = `::highlight(${HIGHLIGHT}) { background-color: rgb(249 115 22 / 0.45); text-decoration: underline 2px rgb(234 88 12); text-underline-offset: 3px; }`;

/** A search match in a chapter: reader characters [start, end) and its text, to find it again. */
export interface SearchTarget {
  anchorId: string;
  start: number;
  end: number;
  quote: string;
}

/**
 * Marks a search match in the chapter's frame with the CSS Custom Highlight API, as annotations are
 * marked: a range over the text, styled by `::highlight()`, the chapter's DOM untouched. Null clears
 * it. False when the match is not in this text (or the browser lacks the API).
 */
export function paintSearchMatch(doc: Document, root: Element, target: SearchTarget | null): boolean {
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (!win?.CSS?.highlights || typeof win.Highlight !== "function") return false;
  if (!doc.getElementById(STYLE_ID)) {
    const style = doc.createElement("style");
    style.id = STYLE_ID;
    style.textContent = STYLE;
    doc.head.append(style);
  }
  const place = target && findPassage(denseText(root.textContent ?? ""), target);
  const range = place && rangeOfChars(root, place.start, place.end);
  win.CSS.highlights.set(HIGHLIGHT, range ? new win.Highlight(range) : new win.Highlight());
  return !!range;
}
