import type { Annotation, AnnotationColor } from "@quire/core";
import { ANNOTATION_COLORS } from "@quire/core/constants";
import { denseText } from "@quire/core/reader-locator";
import { findPassage, rangeOfChars } from "./passage-text";

const STYLE_ID = "quire-annotation-styles";
const NOTE_HIGHLIGHT = "quire-note";
const highlightName = (color: AnnotationColor) => `quire-${color}`;

/** Translucent, so the page's own colour shows through on light, sepia and dark paper alike. */
export const HIGHLIGHT_BACKGROUNDS: Record<AnnotationColor, string> = {
  yellow: "rgb(250 204 21 / 0.4)",
  green: "rgb(74 222 128 / 0.34)",
  blue: "rgb(96 165 250 / 0.36)",
  pink: "rgb(244 114 182 / 0.34)",
};

const STYLES = [
  ...ANNOTATION_COLORS.map(
    (color) => `::highlight(${highlightName(color)}) { background-color: ${HIGHLIGHT_BACKGROUNDS[color]}; }`,
  ),
  `::highlight(${NOTE_HIGHLIGHT}) { text-decoration: underline dotted currentColor; text-decoration-thickness: 2px; text-underline-offset: 3px; }`,
].join("\n");

type FrameWindow = Window & typeof globalThis;

/**
 * Paints a chapter's highlights and notes in the frame with the CSS Custom Highlight API: ranges over
 * the text, styled by `::highlight()` rules put into the frame, so the chapter's DOM (and with it its
 * pages and every offset) is never touched. Passages whose text is gone are left out; returns the ids
 * of those painted. A browser without the API shows them in the panel only.
 */
export function paintHighlights(doc: Document, root: Element, annotations: Annotation[]): Set<string> {
  const win = doc.defaultView as FrameWindow | null;
  const painted = new Set<string>();
  if (!win?.CSS?.highlights || typeof win.Highlight !== "function") return painted;
  if (!doc.getElementById(STYLE_ID)) {
    const style = doc.createElement("style");
    style.id = STYLE_ID;
    style.textContent = STYLES;
    doc.head.append(style);
  }
  const byName = new Map<string, Range[]>();
  const add = (name: string, range: Range) => {
    const ranges = byName.get(name);
    if (ranges) ranges.push(range);
    else byName.set(name, [range]);
  };
  const chapterDense = denseText(root.textContent ?? "");
  for (const annotation of annotations) {
    if (annotation.kind === "bookmark" || !annotation.color) continue;
    const place = findPassage(chapterDense, annotation);
    const range = place && rangeOfChars(root, place.start, place.end);
    if (!range) continue;
    add(highlightName(annotation.color), range);
    if (annotation.note) add(NOTE_HIGHLIGHT, range);
    painted.add(annotation.id);
  }
  for (const name of [...ANNOTATION_COLORS.map(highlightName), NOTE_HIGHLIGHT]) {
    win.CSS.highlights.set(name, new win.Highlight(...(byName.get(name) ?? [])));
  }
  return painted;
}
