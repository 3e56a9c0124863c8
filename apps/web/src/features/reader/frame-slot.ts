import type { ChapterContent } from "@quire/core";
import { BASE_STYLE_ID, baseCss, CONTENT_SELECTOR, OVERRIDE_STYLE_ID, overrideCss } from "./frame-document";
import { frameDom } from "./frame-dom";
import { FramePager } from "./frame-pager";
import { swipeTurn, type Turn, tapZone } from "./reader-input";
import type { ReaderSettings } from "./reader-settings";

export interface SlotEvents {
  onLink(href: string | null): void;
  onTap(zone: Turn | "middle"): void;
  onSwipe(direction: Turn): void;
  onKey(event: KeyboardEvent): void;
  /** The reader (or the browser for them) moved through the document by scrolling, not this code. */
  onScroll(slot: FrameSlot): void;
  /** An image or a web font arrived and moved the text. */
  onReflow(slot: FrameSlot): void;
  /** The keyboard moved to something in the text (Tab to a link) that was not on the page. */
  onFocusOffPage(slot: FrameSlot, target: Element): void;
}

const XLINK = "http://www.w3.org/1999/xlink";

/**
 * One of the reader's two frames and the chapter in it. Both frames hold the same book document;
 * the one on screen shows the current chapter, the other lays the next one out ahead of time.
 */
export class FrameSlot {
  pager: FramePager | null = null;
  anchorId: string | null = null;
  private html: string | null = null;
  private attachedTo: Document | null = null;
  /** The last scroll position this code set, so its own scroll events are not taken for reading. */
  private ownScrollTop: number | null = null;

  constructor(
    readonly frame: HTMLIFrameElement,
    private readonly events: SlotEvents,
    private readonly settings: () => ReaderSettings,
  ) {}

  private get doc(): Document | null {
    return this.frame.contentDocument;
  }

  /**
   * Once the frame's document has loaded: measure and listen to it. False for the frame's first, empty
   * document, and for one attached already (a server-rendered frame may load before its load handler
   * exists, so it is also attached on mounting). `written`: the chapter its document was made with.
   */
  attach(written: Pick<ChapterContent, "anchorId" | "html"> | null): boolean {
    const doc = this.doc;
    if (!doc || doc === this.attachedTo || frameDom.readyState(doc) !== "complete") return false;
    if (!frameDom.querySelector(doc, CONTENT_SELECTOR)) return false;
    this.attachedTo = doc;
    this.pager = new FramePager(doc, this.settings().layout);
    this.anchorId = written?.anchorId ?? null;
    this.html = written?.html ?? null;
    this.listen(doc);
    return true;
  }

  holds(chapter: Pick<ChapterContent, "anchorId" | "html">): boolean {
    return this.anchorId === chapter.anchorId && this.html === chapter.html;
  }

  /** Puts a chapter in, at its start. */
  put(chapter: ChapterContent): void {
    const content = this.doc && frameDom.querySelector(this.doc, CONTENT_SELECTOR);
    if (!content || !this.pager || this.holds(chapter)) return;
    content.innerHTML = chapter.html;
    this.pager.reset(this.settings().layout);
    this.anchorId = chapter.anchorId;
    this.html = chapter.html;
  }

  /** Lays the chapter out now (reading its size does), so showing it later costs no layout. */
  layOut(): void {
    this.pager?.metrics();
  }

  restyle(settings: ReaderSettings): void {
    const doc = this.doc;
    const base = doc && frameDom.getElementById(doc, BASE_STYLE_ID);
    const overrides = doc && frameDom.getElementById(doc, OVERRIDE_STYLE_ID);
    if (base) base.textContent = baseCss(settings);
    if (overrides) overrides.textContent = overrideCss(settings);
  }

  /** On screen, or hidden from sight, pointer, keyboard and assistive technology alike. */
  setActive(active: boolean): void {
    this.frame.style.visibility = active ? "visible" : "hidden";
    this.frame.tabIndex = active ? 0 : -1;
    this.frame.dataset.active = String(active);
    if (active) this.frame.removeAttribute("aria-hidden");
    else this.frame.setAttribute("aria-hidden", "true");
  }

  rememberScroll(): void {
    this.ownScrollTop = (this.doc && frameDom.scrollingElement(this.doc)?.scrollTop) ?? null;
  }

  private listen(doc: Document): void {
    frameDom.addEventListener(doc, "click", (event) => {
      const target = event.target as Element | null;
      const link = typeof target?.closest === "function" ? target.closest("a") : null;
      if (link) {
        event.preventDefault();
        this.events.onLink(link.getAttribute("href") ?? link.getAttributeNS(XLINK, "href"));
        return;
      }
      // A click that ends a text selection is not a tap.
      if (frameDom.getSelection(doc)?.isCollapsed === false) return;
      this.events.onTap(tapZone(event.clientX, frameDom.documentElement(doc)?.clientWidth ?? 0));
    });
    frameDom.addEventListener(doc, "keydown", (event) => this.events.onKey(event));
    frameDom.addEventListener(doc, "focusin", (event) => {
      const target = event.target as Element | null;
      if (target && typeof target.getBoundingClientRect === "function" && !this.pager?.isOnScreen(target)) {
        this.events.onFocusOffPage(this, target);
      }
    });
    let touch: { x: number; y: number; at: number } | null = null;
    frameDom.addEventListener(
      doc,
      "touchstart",
      (event) => {
        const first = event.touches[0];
        touch =
          event.touches.length === 1 && first ? { x: first.clientX, y: first.clientY, at: event.timeStamp } : null;
      },
      { passive: true },
    );
    frameDom.addEventListener(
      doc,
      "touchend",
      (event) => {
        const last = event.changedTouches[0];
        if (!touch || !last) return;
        const turn = swipeTurn(last.clientX - touch.x, last.clientY - touch.y, event.timeStamp - touch.at);
        touch = null;
        if (turn && this.settings().layout === "paginated") this.events.onSwipe(turn);
      },
      { passive: true },
    );
    let frameRequested = false;
    frameDom.addEventListener(doc, "scroll", () => {
      if (this.pager?.absorbScroll()) {
        this.events.onScroll(this);
        return;
      }
      if (frameRequested || this.settings().layout !== "scrolled") return;
      frameRequested = true;
      requestAnimationFrame(() => {
        frameRequested = false;
        const scrollTop = frameDom.scrollingElement(doc)?.scrollTop ?? 0;
        if (this.ownScrollTop !== null && Math.abs(scrollTop - this.ownScrollTop) < 1) return;
        this.events.onScroll(this);
      });
    });
    // Images and web fonts arrive after the text and move it.
    frameDom.addEventListener(doc, "load", () => this.events.onReflow(this), true);
    frameDom.fonts(doc)?.addEventListener("loadingdone", () => this.events.onReflow(this));
  }
}

/** The two frames: which is on screen, which holds the chapter ahead. */
export class FramePair {
  private slots: [FrameSlot, FrameSlot] | null = null;
  private activeIndex = 0;

  get ready(): boolean {
    return this.slots !== null;
  }

  init(first: FrameSlot, second: FrameSlot): void {
    this.slots = [first, second];
    first.setActive(true);
    second.setActive(false);
  }

  at(index: number): FrameSlot | undefined {
    return this.slots?.[index];
  }

  get active(): FrameSlot | undefined {
    return this.slots?.[this.activeIndex];
  }

  get spare(): FrameSlot | undefined {
    return this.slots?.[1 - this.activeIndex];
  }

  get all(): FrameSlot[] {
    return this.slots ? [...this.slots] : [];
  }

  /** The spare frame comes on screen; the one that was becomes the spare. */
  swap(): void {
    const leaving = this.active?.frame;
    const hadFocus = !!leaving && leaving.ownerDocument.activeElement === leaving;
    this.activeIndex = 1 - this.activeIndex;
    this.active?.setActive(true);
    this.spare?.setActive(false);
    // The keyboard stays with the text that is on screen.
    if (hadFocus) this.active?.frame.focus();
  }
}
