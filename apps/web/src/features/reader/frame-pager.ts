import { frameDom } from "./frame-dom";
import {
  clampPage,
  offsetOfPage,
  offsetOfScroll,
  pageCount,
  pageOfOffset,
  scrollTopOfOffset,
  seenOfPage,
  seenOfScroll,
} from "./reader-position";
import type { ReaderLayout } from "./reader-settings";

export interface FrameMetrics {
  /** The page on screen (0-based) and how many; a scrolled chapter is one long page, 0 of 1. */
  page: number;
  pages: number;
  offset: number;
  /** How much of the chapter has been on screen, 0–1. */
  seen: number;
}

/** Share of the viewport one scrolling "page" moves, keeping a couple of lines for context. */
const SCROLL_STEP = 0.9;

/**
 * Moves through a chapter inside the frame's document. Paginated: the body is a multi-column box,
 * one column per page, shifted with a transform (a scroll position would stop one margin short of
 * the last page, and a transform also keeps a book's `position: fixed` inside the page). Scrolled:
 * the document's own scroll position.
 */
export class FramePager {
  private page = 0;

  constructor(
    private readonly doc: Document,
    private layout: ReaderLayout,
  ) {}

  // Through the prototypes (frame-dom.ts): a book's own names and ids must not stand in for these.
  private get root(): HTMLElement {
    return frameDom.documentElement(this.doc) as HTMLElement;
  }

  private get body(): HTMLElement {
    return frameDom.body(this.doc) as HTMLElement;
  }

  private get pageWidth(): number {
    return this.root.getBoundingClientRect().width;
  }

  private get scroller(): Element {
    return frameDom.scrollingElement(this.doc) ?? this.root;
  }

  private get pages(): number {
    return pageCount(this.body.scrollWidth, this.pageWidth);
  }

  private showPage(page: number): void {
    this.page = clampPage(page, this.pages);
    this.body.style.transform = this.page === 0 ? "" : `translateX(${-this.page * this.pageWidth}px)`;
  }

  metrics(): FrameMetrics {
    if (this.layout === "scrolled") {
      const { scrollTop, scrollHeight, clientHeight } = this.scroller;
      return {
        page: 0,
        pages: 1,
        offset: offsetOfScroll(scrollTop, scrollHeight),
        seen: seenOfScroll(scrollTop, clientHeight, scrollHeight),
      };
    }
    const pages = this.pages;
    const page = clampPage(this.page, pages);
    return { page, pages, offset: offsetOfPage(page, pages), seen: seenOfPage(page, pages) };
  }

  /** Goes to the place `offset` (0–1) names; 1 is the last page or the very end. */
  goToOffset(offset: number): void {
    if (this.layout === "scrolled") {
      const scroller = this.scroller;
      scroller.scrollTop = scrollTopOfOffset(offset, scroller.scrollHeight, scroller.clientHeight);
      return;
    }
    this.showPage(pageOfOffset(offset, this.pages));
  }

  /** Shows the element with this id (or name); false when the chapter has none. */
  goToFragment(fragment: string): boolean {
    const target = frameDom.getElementById(this.doc, fragment) ?? frameDom.getElementsByName(this.doc, fragment)[0];
    if (!target) return false;
    this.showElement(target);
    return true;
  }

  /**
   * Brings an element on screen: its page, or scrolled to near the top. The browser would scroll a
   * focused link into view by itself, which in pages means a sideways scroll the transform knows
   * nothing of; that scroll is undone here.
   */
  showElement(target: Element): void {
    const scroller = this.scroller;
    if (this.layout === "paginated" && scroller.scrollLeft !== 0) scroller.scrollLeft = 0;
    this.showBox(target.getBoundingClientRect(), 16);
  }

  /** Brings a box (measured as things are on screen now) on screen: its page, or `above` pixels under the top. */
  showBox(box: DOMRect, above = 0): void {
    const scroller = this.scroller;
    if (this.layout === "scrolled") {
      scroller.scrollTop += Math.floor(box.top) - above;
      return;
    }
    // The box is where the transform shows it; add the shift back to find its page.
    const left = box.left + this.page * this.pageWidth;
    this.showPage(Math.floor((left + 1) / this.pageWidth));
  }

  /**
   * In pages, the browser may still scroll sideways by itself (find in page, scrolling a target into
   * view): that scroll becomes whole pages. False when there was none.
   */
  absorbScroll(): boolean {
    const scroller = this.scroller;
    const stray = scroller.scrollLeft;
    if (this.layout !== "paginated" || stray === 0) return false;
    scroller.scrollLeft = 0;
    this.showPage(Math.round((this.page * this.pageWidth + stray) / this.pageWidth));
    return true;
  }

  /** Whether a box lies before what is wholly on screen: on an earlier page, or (even partly) above the top. */
  isBeforeView(box: DOMRect): boolean {
    return this.layout === "scrolled" ? box.top < -1 : box.right <= 1;
  }

  /** Whether an element is on the page on screen (always, when scrolling). */
  isOnScreen(target: Element): boolean {
    if (this.layout === "scrolled") return true;
    const box = target.getBoundingClientRect();
    return box.right > 0 && box.left < this.pageWidth && this.scroller.scrollLeft === 0;
  }

  /** One page (or screenful) on; false at the end of the chapter. */
  next(): boolean {
    if (this.layout === "scrolled") return this.scrollBy(1);
    if (this.page >= this.pages - 1) return false;
    this.showPage(this.page + 1);
    return true;
  }

  previous(): boolean {
    if (this.layout === "scrolled") return this.scrollBy(-1);
    if (this.page <= 0) return false;
    this.showPage(this.page - 1);
    return true;
  }

  /** A new chapter went in: back to its start, in the given layout. */
  reset(layout: ReaderLayout): void {
    this.layout = layout;
    this.page = 0;
    this.body.style.transform = "";
    this.scroller.scrollTop = 0;
  }

  /** After the layout, the frame's size or the type changed: stay at the same place in the text. */
  relayout(layout: ReaderLayout, offset: number): void {
    if (layout !== this.layout) {
      this.body.style.transform = "";
      this.page = 0;
      this.layout = layout;
    }
    this.goToOffset(offset);
  }

  private scrollBy(direction: 1 | -1): boolean {
    const scroller = this.scroller;
    const max = scroller.scrollHeight - scroller.clientHeight;
    if (direction > 0 ? scroller.scrollTop >= max - 1 : scroller.scrollTop <= 0) return false;
    scroller.scrollTop = Math.min(
      max,
      Math.max(0, scroller.scrollTop + direction * scroller.clientHeight * SCROLL_STEP),
    );
    return true;
  }
}
