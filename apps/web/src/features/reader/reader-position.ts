/**
 * Where the reader stands, as numbers. A position inside a chapter is one fraction, `offset`
 * (0–1): how much of the chapter lies before the first line on screen. Pages and scroll offsets
 * both map to it, so a place survives a new font size, a rotated phone or a switch between pages
 * and scrolling, and it is what `epubPosition.offset` stores.
 */

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** Pages in a paginated chapter: content width over page width (a sub-pixel overhang is no page). */
export function pageCount(contentWidth: number, pageWidth: number): number {
  if (!(pageWidth > 0) || !(contentWidth > 0)) return 1;
  return Math.max(1, Math.ceil(contentWidth / pageWidth - 0.01));
}

export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(0, pages - 1), Math.max(0, Math.round(page)));
}

export function offsetOfPage(page: number, pages: number): number {
  return pages <= 1 ? 0 : clamp01(clampPage(page, pages) / pages);
}

/**
 * An offset as it is saved: six decimals are finer than any page (a million-page chapter aside), and
 * equal places then compare equal.
 */
export function roundOffset(offset: number): number {
  return Math.round(clamp01(offset) * 1e6) / 1e6;
}

/**
 * The page holding `offset`; 1 is the last page. A saved page start may come back a hair under its
 * exact value (rounding), so a thousandth of a page counts as reaching it.
 */
export function pageOfOffset(offset: number, pages: number): number {
  return clampPage(Math.floor(clamp01(offset) * pages + 1e-3), pages);
}

/** How much of the chapter has been on screen so far (through the end of the visible page). */
export function seenOfPage(page: number, pages: number): number {
  return clamp01((clampPage(page, pages) + 1) / Math.max(1, pages));
}

export function offsetOfScroll(scrollTop: number, scrollHeight: number): number {
  return scrollHeight > 0 ? clamp01(scrollTop / scrollHeight) : 0;
}

export function seenOfScroll(scrollTop: number, viewportHeight: number, scrollHeight: number): number {
  if (scrollHeight <= viewportHeight) return 1;
  return clamp01((scrollTop + viewportHeight) / scrollHeight);
}

/** The scroll offset that puts `offset` at the top of the viewport; 1 is the very end. */
export function scrollTopOfOffset(offset: number, scrollHeight: number, viewportHeight: number): number {
  const max = Math.max(0, scrollHeight - viewportHeight);
  return Math.min(max, Math.round(clamp01(offset) * scrollHeight));
}

/** 0–100, rounded, as the progress API takes it. */
export function toPercent(fraction: number): number {
  return Math.round(clamp01(fraction) * 100);
}
