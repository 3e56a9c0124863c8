import type { ChapterContent, TextLocator } from "@quire/core";
import {
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { whenIdle } from "../../lib/when-idle";
import { buildFrameDocument } from "./frame-document";
import type { FrameMetrics } from "./frame-pager";
import { FramePair, FrameSlot, type SlotEvents } from "./frame-slot";
import { PlacedSize } from "./placed-size";
import { locateOnScreen, showLocator } from "./position-locator";
import type { Turn } from "./reader-input";
import { type ReaderSettings, sameReaderSettings } from "./reader-settings";
import { READER_PALETTES } from "./reader-themes";

/** Where to land when `anchorId` opens: a fragment if it exists, else the exact place, else an offset (1 = the end). */
export interface FrameStart {
  anchorId: string;
  offset: number;
  locator: TextLocator | null;
  fragment: string | null;
  /** Changes with every navigation, so going to the same place twice still moves there. */
  key: string;
}

/** Why the place changed: a chapter or a new place in it opened, the reader moved, or only the layout changed. */
export type MetricsCause = "land" | "move" | "relayout";

export interface ChapterFrameHandle {
  /** A page on or back inside the chapter; false at its end or start. */
  turn(direction: Turn): boolean;
  goToFragment(fragment: string): boolean;
  /** Puts the keyboard in the text, so keys turn its pages. */
  focus(): void;
  /**
   * Brings the prepared chapter on screen at its start right away, before the navigation to it has
   * rendered; false when the frame off screen holds another chapter (or none yet).
   */
  showPrepared(anchorId: string): boolean;
}

export interface ChapterFrameProps {
  chapter: ChapterContent;
  /** The chapter after this one, once fetched: laid out ahead of time in the frame not on screen. */
  upcoming: ChapterContent | undefined;
  settings: ReaderSettings;
  start: FrameStart;
  title: string;
  /** `locator`: the exact place on screen, null in a chapter without text. */
  onMetrics(metrics: FrameMetrics, anchorId: string, cause: MetricsCause, locator: TextLocator | null): void;
  onLink(href: string | null): void;
  onTap(zone: Turn | "middle"): void;
  onSwipe(direction: Turn): void;
  onKey(event: KeyboardEvent): void;
  ref?: Ref<ChapterFrameHandle>;
}

/**
 * The chapter in a sandboxed frame: `sandbox="allow-same-origin"` without `allow-scripts`, so nothing
 * in a book can ever run (script elements, handlers and javascript: URLs are dead in it, on top of
 * the import's sanitising and two CSPs), while this page may still reach into the frame's document
 * to put chapters in, measure and move through them, and hear clicks, taps, swipes and keys. Without
 * allow-same-origin the frame would be an opaque origin: none of that would be possible, and its
 * images under /files/ (Cross-Origin-Resource-Policy: same-origin) would not even load.
 *
 * Two frames hold the same book document (policy, reader and book CSS), made once per book. One shows
 * the current chapter; the other already holds the next one, laid out while the reader reads, so
 * turning into it is a swap of two frames rather than parsing and paginating a whole chapter.
 * Any other chapter is put into the frame on screen. Settings restyle both in place.
 */
export function ChapterFrame({ chapter, upcoming, settings, start, title, ref, ...handlers }: ChapterFrameProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const frameRefs = [useRef<HTMLIFrameElement>(null), useRef<HTMLIFrameElement>(null)] as const;
  const pairRef = useRef<FramePair>(null);
  pairRef.current ??= new FramePair();
  /** The navigation the frame on screen last landed for. */
  const landedKey = useRef<string | null>(null);
  /** A chapter shown at its start by showPrepared, whose navigation has not rendered yet. */
  const shownAhead = useRef<string | null>(null);
  /** The place to keep across relayouts: moved only by the reader, so resizing never drifts it. */
  const placeRef = useRef(0);
  const placeLocator = useRef<TextLocator | null>(null);
  const placedSize = useRef<PlacedSize>(null);
  placedSize.current ??= new PlacedSize();
  const latest = useRef({ handlers, settings, start, chapter, upcoming });
  latest.current = { handlers, settings, start, chapter, upcoming };

  const { css, language } = chapter;
  // One document per book; it starts with the current settings, later ones restyle it. The first frame's
  // holds the chapter the book opened at, so a server-rendered page paints its text before any script.
  const [written] = useState(() => ({ anchorId: chapter.anchorId, html: chapter.html }));
  const [firstSettings] = useState(settings);
  const srcDocs = useMemo(() => {
    const book = { css, language };
    return [buildFrameDocument(book, firstSettings, written.html), buildFrameDocument(book, firstSettings)];
  }, [css, language, written, firstSettings]);
  /** The settings the frames' styles are for. */
  const styledWith = useRef(firstSettings);

  /** `landedOn`: the exact place just landed on, kept as it is (the page's first character is before it). */
  const report = useCallback((cause: MetricsCause, landedOn?: TextLocator) => {
    const slot = pairRef.current?.active;
    if (!slot?.pager || !slot.anchorId) return;
    const metrics = slot.pager.metrics();
    if (cause !== "relayout") {
      placeRef.current = metrics.offset;
      placeLocator.current = landedOn ?? locateOnScreen(slot.frame.contentDocument, slot.pager);
    }
    if (latest.current.settings.layout === "scrolled") slot.rememberScroll();
    latest.current.handlers.onMetrics(metrics, slot.anchorId, cause, placeLocator.current);
  }, []);

  /** Goes where the current navigation asks, if it is about this chapter, else to the chapter's start. */
  const land = useCallback(() => {
    const slot = pairRef.current?.active;
    if (!slot?.pager) return;
    const target = latest.current.start;
    const forThis = target.anchorId === slot.anchorId;
    const toFragment = forThis && !!target.fragment && slot.pager.goToFragment(target.fragment);
    const toLocator =
      !toFragment && forThis && !!target.locator && showLocator(slot.frame.contentDocument, slot.pager, target.locator);
    if (!toFragment && !toLocator) slot.pager.goToOffset(forThis ? target.offset : 0);
    landedKey.current = target.key;
    if (wrapperRef.current) placedSize.current?.record(wrapperRef.current);
    report("land", toLocator ? (target.locator ?? undefined) : undefined);
  }, [report]);

  const relayout = useCallback(() => {
    const slot = pairRef.current?.active;
    slot?.pager?.relayout(latest.current.settings.layout, placeRef.current);
    // The fraction lands near; the text locator on the very page (or line) that was on screen.
    if (slot?.pager && placeLocator.current) showLocator(slot.frame.contentDocument, slot.pager, placeLocator.current);
    if (slot?.pager && wrapperRef.current) placedSize.current?.record(wrapperRef.current);
    report("relayout");
  }, [report]);

  /** The next chapter goes into the frame off screen and is laid out when the browser is idle. */
  const prepare = useCallback(() => {
    const next = latest.current.upcoming;
    const slot = pairRef.current?.spare;
    if (!next || !slot?.pager || slot.holds(next)) return;
    slot.put(next);
    whenIdle(() => {
      if (slot.holds(next) && slot !== pairRef.current?.active) slot.layOut();
    });
  }, []);

  /** Shows the current chapter: already on screen, or swapped in from the other frame (prepared there, or put in now). */
  const show = useCallback(() => {
    const current = pairRef.current?.active;
    const other = pairRef.current?.spare;
    const next = latest.current.chapter;
    if (!current?.pager || !other) return;
    if (current.holds(next)) {
      // Only the chapter the document was written with is on screen before it is landed on.
      if (landedKey.current !== null) return;
    } else if (other.pager) {
      // Into the frame off screen, which then comes on: the chapter left behind stays in the other one,
      // ready if the reader turns back into it (it is usually the new chapter's next).
      other.put(next);
      pairRef.current?.swap();
    } else current.put(next);
    land();
    if (wrapperRef.current) wrapperRef.current.dataset.readyAnchor = next.anchorId;
    prepare();
  }, [land, prepare]);

  const events = useMemo<SlotEvents>(
    () => ({
      onLink: (href) => latest.current.handlers.onLink(href),
      onTap: (zone) => latest.current.handlers.onTap(zone),
      onSwipe: (direction) => latest.current.handlers.onSwipe(direction),
      onKey: (event) => latest.current.handlers.onKey(event),
      onScroll: (slot) => {
        if (slot === pairRef.current?.active) report("move");
      },
      onReflow: (slot) => {
        if (slot === pairRef.current?.active) relayout();
      },
      onFocusOffPage: (slot, target) => {
        if (slot !== pairRef.current?.active) return;
        slot.pager?.showElement(target);
        report("move");
      },
    }),
    [report, relayout],
  );

  const handleLoad = (index: 0 | 1) => {
    const slot = pairRef.current?.at(index);
    if (!slot?.attach(index === 0 ? written : null)) return;
    if (slot === pairRef.current?.active) show();
    else prepare();
  };

  useLayoutEffect(() => {
    const [first, second] = frameRefs;
    const pair = pairRef.current;
    if (!first.current || !second.current || !pair || pair.ready) return;
    const settingsNow = () => latest.current.settings;
    pair.init(new FrameSlot(first.current, events, settingsNow), new FrameSlot(second.current, events, settingsNow));
    // A server-rendered frame can have loaded before hydration gave it its load handler.
    handleLoad(0);
    handleLoad(1);
  });

  // A new chapter goes in before the browser paints: the old one never shows under the new title.
  useLayoutEffect(() => {
    if (chapter) show();
  }, [chapter, show]);

  useEffect(() => {
    if (upcoming) prepare();
  }, [upcoming, prepare]);

  // A new place in the chapter already on screen (a contents entry, a note): land there.
  useEffect(() => {
    if (pairRef.current?.active?.anchorId !== start.anchorId || start.key === landedKey.current) return;
    const alreadyThere = shownAhead.current === start.anchorId && start.offset === 0 && !start.fragment;
    shownAhead.current = null;
    if (alreadyThere) landedKey.current = start.key;
    else land();
  }, [start, land]);

  useImperativeHandle(
    ref,
    () => ({
      turn(direction) {
        const pager = pairRef.current?.active?.pager;
        const moved = !!pager && (direction === "next" ? pager.next() : pager.previous());
        if (moved) report("move");
        return moved;
      },
      goToFragment(fragment) {
        const found = !!pairRef.current?.active?.pager?.goToFragment(fragment);
        if (found) report("move");
        return found;
      },
      focus() {
        pairRef.current?.active?.frame.focus();
      },
      showPrepared(anchorId) {
        const pair = pairRef.current;
        const prepared = pair?.spare;
        if (!pair || !prepared?.pager || prepared.anchorId !== anchorId) return false;
        pair.swap();
        prepared.pager.goToOffset(0);
        shownAhead.current = anchorId;
        report("land");
        if (wrapperRef.current) wrapperRef.current.dataset.readyAnchor = anchorId;
        return true;
      },
    }),
    [report],
  );

  // New settings: restyle both documents, keep the place on screen, start the prepared chapter afresh.
  // The same choices again (the first render's, or this browser's equal ones after hydration) cost nothing.
  useEffect(() => {
    if (sameReaderSettings(styledWith.current, settings)) return;
    styledWith.current = settings;
    for (const slot of pairRef.current?.all ?? []) slot.restyle(settings);
    pairRef.current?.spare?.pager?.reset(settings.layout);
    relayout();
  }, [settings, relayout]);

  // A resized frame (rotation, window, controls shown or hidden) re-paginates; not the size it was placed at,
  // which the observer reports first (on a first load, a second pass over the chapter in a long task).
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (!placedSize.current?.changed(wrapper)) return;
      relayout();
      whenIdle(() => pairRef.current?.spare?.layOut());
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, [relayout]);

  const palette = READER_PALETTES[settings.theme];
  return (
    <div ref={wrapperRef} className="relative size-full" data-testid="chapter-view">
      {frameRefs.map((frameRef, index) => (
        <iframe
          // biome-ignore lint/suspicious/noArrayIndexKey: two fixed frames, never reordered.
          key={index}
          ref={frameRef}
          title={title}
          sandbox="allow-same-origin"
          srcDoc={srcDocs[index]}
          onLoad={() => handleLoad(index as 0 | 1)}
          data-testid="chapter-frame"
          // The first frame is on screen from the first paint; FramePair swaps them from then on.
          tabIndex={index === 0 ? 0 : -1}
          aria-hidden={index === 0 ? undefined : true}
          className={`absolute inset-0 block size-full border-0 ${index === 0 ? "" : "invisible"}`}
          // The frame's own prefers-color-scheme follows this, so a book's dark-mode CSS applies at night.
          style={{ colorScheme: palette.colorScheme, backgroundColor: palette.page.background }}
        />
      ))}
    </div>
  );
}
