import { denseText } from "@quire/core/reader-locator";
import { charOffsetOf } from "./passage-text";

/** The chapter on screen: its frame's document, the element holding its text, and its anchor. */
export interface ShownChapter {
  frame: HTMLIFrameElement;
  doc: Document;
  root: Element;
  anchorId: string;
}

/** Text the reader selected in the chapter on screen, in annotation offsets, and where it is on the page. */
export interface TextSelection {
  anchorId: string;
  start: number;
  end: number;
  quote: string;
  /** The selection's first and last line boxes, in the reader page's viewport. */
  first: DOMRect;
  last: DOMRect;
  /** The frame's box: the text's part of the screen, between the reader's header and footer. */
  view: DOMRect;
}

export interface FrameWatcherEvents {
  /** Another chapter came on screen, or its text was put in anew. */
  onChapter(): void;
  /** The reader turned a page or scrolled. */
  onMove(): void;
  onSelection(selection: TextSelection | null): void;
}

const CONTENT_SELECTOR = ".quire-book";

/**
 * Watches the reader's two chapter frames from the outside (the frames run no script): which one is on
 * screen and with which chapter (ChapterFrame marks them `data-active` and `data-ready-anchor`), the
 * text put into them, page turns (the body's transform) and scrolls, and selections.
 */
export class FrameWatcher {
  private readonly observers: MutationObserver[] = [];
  private readonly watched = new WeakSet<Document>();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly view: HTMLElement,
    private readonly events: FrameWatcherEvents,
  ) {
    const viewObserver = new MutationObserver(() => {
      this.watchFrames();
      events.onChapter();
    });
    viewObserver.observe(view, {
      attributes: true,
      subtree: true,
      attributeFilter: ["data-ready-anchor", "data-active"],
    });
    this.observers.push(viewObserver);
    for (const frame of this.frames()) {
      const onLoad = () => {
        this.watchFrames();
        events.onChapter();
      };
      frame.addEventListener("load", onLoad);
      this.cleanups.push(() => frame.removeEventListener("load", onLoad));
    }
    this.watchFrames();
  }

  private frames(): HTMLIFrameElement[] {
    return [...this.view.querySelectorAll<HTMLIFrameElement>("iframe")];
  }

  shown(): ShownChapter | null {
    const frame = this.frames().find((candidate) => candidate.dataset.active === "true");
    const doc = frame?.contentDocument;
    const root = doc?.querySelector(CONTENT_SELECTOR);
    const anchorId = this.view.dataset.readyAnchor;
    return frame && doc && root && anchorId ? { frame, doc, root, anchorId } : null;
  }

  /** Text selected in the chapter on screen, cut to the chapter's text; null when there is none. */
  selection(): TextSelection | null {
    const shown = this.shown();
    const selected = shown?.doc.getSelection();
    if (!shown || !selected || selected.isCollapsed || selected.rangeCount === 0) return null;
    const { root, frame } = shown;
    const range = selected.getRangeAt(0).cloneRange();
    if (!root.contains(range.startContainer)) range.setStart(root, 0);
    if (!root.contains(range.endContainer)) range.setEnd(root, root.childNodes.length);
    const quote = range.toString().trim();
    const length = denseText(quote).length;
    if (length === 0) return null;
    const start = charOffsetOf(root, range.startContainer, range.startOffset);
    const boxes = [...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
    const frameBox = frame.getBoundingClientRect();
    const toPage = (box: DOMRect) => new DOMRect(box.x + frameBox.x, box.y + frameBox.y, box.width, box.height);
    const first = boxes[0] ?? range.getBoundingClientRect();
    const last = boxes[boxes.length - 1] ?? first;
    return {
      anchorId: shown.anchorId,
      start,
      end: start + length,
      quote,
      first: toPage(first),
      last: toPage(last),
      view: frameBox,
    };
  }

  /** Listens to each frame document once: selections, scrolls, page turns and new chapter text. */
  private watchFrames(): void {
    for (const frame of this.frames()) {
      const doc = frame.contentDocument;
      const root = doc?.querySelector(CONTENT_SELECTOR);
      if (!doc || !root || this.watched.has(doc)) continue;
      this.watched.add(doc);
      const onSelection = () => {
        if (frame.dataset.active === "true") this.events.onSelection(this.selection());
      };
      const onMove = () => {
        if (frame.dataset.active === "true") this.events.onMove();
      };
      doc.addEventListener("selectionchange", onSelection);
      doc.addEventListener("scroll", onMove);
      this.cleanups.push(() => {
        doc.removeEventListener("selectionchange", onSelection);
        doc.removeEventListener("scroll", onMove);
      });
      const pageTurns = new MutationObserver(onMove);
      pageTurns.observe(doc.body, { attributes: true, attributeFilter: ["style"] });
      const newText = new MutationObserver(() => {
        if (frame.dataset.active === "true") this.events.onChapter();
      });
      newText.observe(root, { childList: true });
      this.observers.push(pageTurns, newText);
    }
  }

  stop(): void {
    for (const observer of this.observers) observer.disconnect();
    for (const cleanup of this.cleanups) cleanup();
  }
}

/** Whether a box (in the frame's own viewport) is on the page or screenful shown. */
export function isOnScreen(doc: Document, box: DOMRect): boolean {
  const width = doc.documentElement.clientWidth;
  const height = doc.defaultView?.innerHeight ?? doc.documentElement.clientHeight;
  return box.right > 1 && box.left < width - 1 && box.bottom > 1 && box.top < height - 1;
}

/**
 * The first non-whitespace character on screen (pages lie side by side, scrolled text top to bottom,
 * so everything before the screen ends left of it or above it); 0 for a chapter without text.
 */
export function firstCharOnScreen(root: Element): number {
  const doc = root.ownerDocument;
  const before = (box: DOMRect) => box.right <= 1 || box.bottom <= 1;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  let char = 0;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    range.selectNodeContents(node);
    const boxes = [...range.getClientRects()];
    const dense = denseText(node.data).length;
    if (dense === 0 || boxes.every(before)) {
      char += dense;
      continue;
    }
    for (let index = 0; index < node.data.length; index++) {
      if (/\s/.test(node.data[index] as string)) continue;
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      if (!before(range.getBoundingClientRect())) return char;
      char++;
    }
  }
  return 0;
}
