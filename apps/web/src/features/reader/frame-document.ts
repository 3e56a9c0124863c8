import { MARGIN_PX, type ReaderFont, type ReaderSettings } from "./reader-settings";
import { READER_PALETTES } from "./reader-themes";

/**
 * The frame's own policy, on top of the app's (an about:srcdoc document inherits its parent's CSP in
 * Chromium, and the sandbox blocks scripts anyway): nothing but same-origin images, fonts, media and
 * styles. It comes first in <head>, so it governs everything after it.
 */
export const FRAME_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline' 'self'; font-src 'self' data:; media-src 'self'";

export const BASE_STYLE_ID = "quire-reader-base";
export const OVERRIDE_STYLE_ID = "quire-reader-overrides";

/** Local fonts only: the reader never downloads a typeface. */
export const FONT_STACKS: Record<Exclude<ReaderFont, "publisher">, string> = {
  serif:
    '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Charter, "Bitstream Charter", Georgia, "Noto Serif", "DejaVu Serif", serif',
  sans: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "DejaVu Sans", sans-serif',
  dyslexic:
    '"OpenDyslexic", "Atkinson Hyperlegible", "Lexend", "Comic Sans MS", "Comic Neue", Verdana, "DejaVu Sans", sans-serif',
};

/** What a frame document holds for the whole book: its scoped CSS and language. */
export interface FrameBook {
  css: string;
  language: string | null;
}

/** The element each chapter's HTML goes into. */
export const CONTENT_SELECTOR = ".quire-book";

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `</style` inside CSS would end the element early; `\/` is the same character to CSS. */
function escapeStyle(css: string): string {
  return css.replace(/<\/(style)/gi, "<\\/$1");
}

/** Layout and defaults, before the book's CSS so a book's own design wins where it has one. */
export function baseCss(settings: ReaderSettings): string {
  const margin = MARGIN_PX[settings.margins];
  const shared = `
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; box-sizing: border-box; }
.quire-book { font-family: ${FONT_STACKS.serif}; overflow-wrap: break-word; hyphens: auto; }
.quire-book :is(h1, h2, h3, h4, h5, h6) { line-height: 1.25; text-wrap: balance; }
.quire-book p { widows: 2; orphans: 2; }`;
  if (settings.layout === "scrolled") {
    return `${shared}
html { overflow-x: hidden; overflow-y: auto; }
body { min-height: 100vh; padding: clamp(18px, 5vh, 48px) ${margin}px clamp(48px, 12vh, 120px); }
.quire-book :is(img, svg, video) { max-width: 100%; height: auto; }`;
  }
  // One column per page: the body is exactly one page tall and each overflow column is one page
  // wide (column width + gap = frame width), so page n starts at n × frame width.
  return `${shared}
html { height: 100%; overflow: hidden; }
body { height: 100vh; padding: clamp(18px, 5vh, 48px) ${margin}px; column-width: calc(100vw - ${2 * margin}px); column-count: 1; column-gap: ${2 * margin}px; column-fill: auto; }
.quire-book :is(img, svg, video) { max-width: 100%; max-height: calc(100vh - 2 * clamp(18px, 5vh, 48px)); height: auto; object-fit: contain; }
.quire-book :is(img, svg, video, figure, table, pre) { break-inside: avoid; }
.quire-book :is(h1, h2, h3, h4, h5, h6) { break-after: avoid; }`;
}

/** The reader's choices, after the book's CSS: size, family, spacing and theme always apply. */
export function overrideCss(settings: ReaderSettings): string {
  const { page, colorScheme } = READER_PALETTES[settings.theme];
  const rules = [
    `html { color-scheme: ${colorScheme}; font-size: ${settings.fontSize}px !important; background: ${page.background} !important; color: ${page.text} !important; }`,
    `body { background: ${page.background} !important; color: ${page.text} !important; }`,
    `.quire-book { font-size: ${settings.fontSize}px !important; line-height: ${settings.lineHeight} !important; }`,
    `.quire-book :is(p, li, dd, dt, blockquote, td, th, figcaption, div, span) { line-height: inherit !important; }`,
    `.quire-book a, .quire-book a * { color: ${page.link} !important; }`,
    `.quire-book hr { border-color: ${page.rule}; }`,
    `::selection { background: ${page.selection}; color: ${page.text}; }`,
  ];
  // Publisher colours are kept on light paper; on sepia or at night they would fight the page.
  if (settings.theme !== "light") {
    rules.push(
      `.quire-book, .quire-book :not(a, a *, svg, svg *, math *) { color: inherit !important; background-color: transparent !important; border-color: ${page.rule} !important; }`,
    );
  }
  if (settings.theme === "dark") rules.push(`.quire-book img { filter: brightness(0.9); }`);
  if (settings.font !== "publisher") {
    rules.push(
      `.quire-book, .quire-book :not(code, kbd, samp, pre, pre *, math, math *, svg, svg *) { font-family: ${FONT_STACKS[settings.font]} !important; }`,
    );
  }
  // Letter and word spacing and ragged lines help dyslexic readers more than any one typeface.
  if (settings.font === "dyslexic") {
    rules.push(
      `.quire-book { letter-spacing: 0.03em; word-spacing: 0.12em; } .quire-book :is(p, li, blockquote) { text-align: start !important; hyphens: manual !important; }`,
    );
  }
  return rules.join("\n");
}

/**
 * The frame document, for `srcdoc`: policy, reader CSS and the book's scoped CSS around `.quire-book`.
 * It is made once per book; chapters are put into it (see ChapterFrame), so turning to the next chapter
 * parses that chapter and nothing else. `chapterHtml`, the chapter the book opened at, is written in
 * already, so a server-rendered page shows its text before any script runs.
 */
export function buildFrameDocument(book: FrameBook, settings: ReaderSettings, chapterHtml = ""): string {
  const lang = book.language ? ` lang="${escapeAttribute(book.language)}"` : "";
  return [
    `<!doctype html><html${lang}><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`,
    `<style id="${BASE_STYLE_ID}">${baseCss(settings)}</style>`,
    `<style>${escapeStyle(book.css)}</style>`,
    `<style id="${OVERRIDE_STYLE_ID}">${overrideCss(settings)}</style>`,
    `</head><body><div class="quire-book"${lang}>${chapterHtml}</div></body></html>`,
  ].join("");
}
