import type { TextLocator } from "@quire/core";
import { locatorAt, resolveLocator } from "@quire/core/reader-locator";
import { CONTENT_SELECTOR } from "./frame-document";
import { frameDom } from "./frame-dom";
import type { FramePager } from "./frame-pager";

const NOT_WHITESPACE = /\S/;

/** One text node of the chapter and where its characters stand in the chapter's count. */
interface TextRun {
  node: Text;
  /** Characters of the chapter (as a text locator counts them) before this node. */
  start: number;
  count: number;
  /** Index in `node.data` of each of its non-whitespace characters, found when first needed. */
  indices?: number[];
}

/**
 * A chapter's text as laid out in the frame, for text locators: its text nodes in order. Layout only
 * ever moves forward through them (pages, then lines), so the first character on screen is found
 * by two binary searches, one over the nodes and one inside the node: a few dozen measurements.
 * Text that takes no room (display: none) still counts, as in the chapter's text content, but is
 * never a place: it is measured as the first text after it that has a box.
 */
export class ChapterText {
  private readonly runs: TextRun[] = [];
  private dense: string | null = null;

  constructor(readonly root: Element) {
    // Through the prototype, as frameDom does: a book's `<img name="createTreeWalker">` would shadow the document's own.
    const walker = Document.prototype.createTreeWalker.call(root.ownerDocument, root, NodeFilter.SHOW_TEXT);
    let start = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const count = text.data.replace(/\s+/g, "").length;
      if (count === 0) continue;
      this.runs.push({ node: text, start, count });
      start += count;
    }
  }

  /** Still the text in the frame: a new chapter put in replaces every node. */
  get current(): boolean {
    return this.runs.length > 0 && (this.runs[0] as TextRun).node.isConnected;
  }

  private get text(): string {
    this.dense ??= this.runs.map((run) => run.node.data.replace(/\s+/g, "")).join("");
    return this.dense;
  }

  private indicesOf(run: TextRun): number[] {
    if (!run.indices) {
      run.indices = [];
      for (let index = 0; index < run.node.data.length; index++) {
        if (NOT_WHITESPACE.test(run.node.data[index] as string)) run.indices.push(index);
      }
    }
    return run.indices;
  }

  private box(run: TextRun, k: number): DOMRect {
    const range = Document.prototype.createRange.call(run.node.ownerDocument);
    const index = this.indicesOf(run)[k] as number;
    range.setStart(run.node, index);
    range.setEnd(run.node, index + 1);
    return range.getBoundingClientRect();
  }

  /** The run at or after `from` whose text has a box; runs.length when none has. */
  private shownFrom(from: number): number {
    let index = from;
    while (index < this.runs.length && !hasSize(this.box(this.runs[index] as TextRun, 0))) index++;
    return index;
  }

  /** The first character whose box is not before the view; null for a chapter without text. */
  locate(isBefore: (box: DOMRect) => boolean): TextLocator | null {
    const runs = this.runs;
    const endsBefore = (index: number) => {
      const shown = this.shownFrom(index);
      const run = runs[shown];
      return !run || isBefore(this.box(run, run.count - 1));
    };
    const found = this.shownFrom(firstFalse(runs.length, endsBefore));
    const run = runs[Math.min(found, runs.length - 1)];
    if (!run) return null;
    const k = found >= runs.length ? run.count - 1 : firstFalse(run.count, (i) => isBefore(this.box(run, i)));
    return locatorAt(this.text, run.start + Math.min(k, run.count - 1));
  }

  /** The box of the character a locator names now (found again by its quote if the text moved). */
  boxOf(locator: TextLocator): DOMRect | null {
    const runs = this.runs;
    const char = resolveLocator(this.text, locator);
    const at = Math.max(0, firstFalse(runs.length, (i) => (runs[i] as TextRun).start <= char) - 1);
    const run = runs[at];
    if (!run) return null;
    const box = this.box(run, Math.min(char - run.start, run.count - 1));
    if (hasSize(box)) return box;
    const shown = runs[this.shownFrom(at)];
    return shown ? this.box(shown, 0) : null;
  }
}

const hasSize = (box: DOMRect) => box.width > 0 || box.height > 0;

/** The first index in 0..length for which `test` is false, `test` being true then false along it. */
function firstFalse(length: number, test: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

const texts = new WeakMap<Element, ChapterText>();

/** The text of the chapter in a frame's document, measured once per chapter put in. */
function chapterTextIn(doc: Document | null | undefined): ChapterText | null {
  const root = doc ? frameDom.querySelector(doc, CONTENT_SELECTOR) : null;
  if (!root) return null;
  let text = texts.get(root);
  if (!text?.current) {
    text = new ChapterText(root);
    texts.set(root, text);
  }
  return text;
}

/** The text locator of the place on screen: the first character of the page, or at the top. */
export function locateOnScreen(doc: Document | null | undefined, pager: FramePager): TextLocator | null {
  // At a chapter's very start the place is its start, whatever opens it (hidden text, an image).
  if (pager.metrics().offset === 0) return { char: 0 };
  return chapterTextIn(doc)?.locate((box) => pager.isBeforeView(box)) ?? null;
}

/** Shows the page (or scrolls to the line) holding a locator's character; false when there is no text. */
export function showLocator(doc: Document | null | undefined, pager: FramePager, locator: TextLocator): boolean {
  const box = chapterTextIn(doc)?.boxOf(locator);
  if (!box) return false;
  pager.showBox(box);
  return true;
}
