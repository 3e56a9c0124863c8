import type { Chapter, ChapterContent, TextLocator, TocEntry } from "@quire/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  LoaderCircle,
  Maximize,
  Minimize,
  Search,
  TableOfContents,
  Type,
} from "lucide-react";
import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { startSafeAreaWatch } from "../../lib/native/safe-area";
import { enterImmersive } from "../../lib/native/screen";
import { readerPath } from "../../lib/reader-path";
import { useTheme } from "../../lib/theme-provider";
import { AfterHydration } from "../../lib/use-hydrated";
import { useSession } from "../auth";
import { ChapterFrame, type ChapterFrameHandle, type FrameStart, type MetricsCause } from "./chapter-frame";
import { classifyLink } from "./chapter-links";
import { writePlaceToAddress } from "./exact-resume";
import type { FrameMetrics } from "./frame-pager";
import { HeaderSpace, ICON_BUTTON, IconButton, PageButton } from "./reader-controls";
import { ReaderFooter } from "./reader-footer";
import { keyBelongsToControl, keyTurn, type Turn } from "./reader-input";
import { roundOffset, toPercent } from "./reader-position";
import { chapterContentQuery } from "./reader-queries";
import { ReaderAnnotations, type ReaderPanel, ReaderSheets, usePrefetchedReaderExtras } from "./reader-sheets";
import { READER_PALETTES } from "./reader-themes";
import { readerBookPercent } from "./reading-progress";
import { bodyChapterPlace, firstBodyChapter } from "./resume";
import { SignInOffer } from "./sign-in-offer";
import { useFullscreen } from "./use-fullscreen";
import { useOrientationLock } from "./use-orientation-lock";
import { useProgressSaver } from "./use-progress-saver";
import { useReaderSettings } from "./use-reader-settings";

const EndOfBook = lazy(() => import("./end-of-book"));
export interface ReaderViewProps {
  bookId: string;
  bookTitle: string | undefined;
  toc: TocEntry[];
  /** Every chapter in order, once loaded: word weights for the book's progress. */
  chapters: Chapter[] | undefined;
  chapter: ChapterContent;
  /** The chapter asked for is still on its way (the one shown is the previous). */
  switching: boolean;
  start: FrameStart;
}

export function ReaderView({ bookId, bookTitle, toc, chapters, chapter, switching, start }: ReaderViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const { resolved: appTheme } = useTheme();
  const [settings, updateSettings] = useReaderSettings();
  const fullscreen = useFullscreen();
  const rotation = useOrientationLock();
  // In the app the reader is immersive while open (status bar hidden); browsers have Full screen instead.
  useEffect(() => enterImmersive(), []);
  // A reader opened first (a shared link) starts the safe-area watch the shell would have started.
  useEffect(startSafeAreaWatch, []);
  const frame = useRef<ChapterFrameHandle>(null);
  const [metrics, setMetrics] = useState<FrameMetrics | null>(null);
  const [chromeHidden, setChromeHidden] = useState(false);
  const [panel, setPanel] = useState<ReaderPanel | null>(null);
  const [signInOffer, setSignInOffer] = useState<"hidden" | "shown" | "dismissed">("hidden");
  const [ended, setEnded] = useState(false);
  const [readingStarted, setReadingStarted] = useState(false);
  usePrefetchedReaderExtras();

  const sessionStatus = useRef(session.status);
  sessionStatus.current = session.status;
  const saver = useProgressSaver(bookId, {
    canSave: () => sessionStatus.current !== "signed-out",
    onSignInNeeded: () => setSignInOffer((offer) => (offer === "dismissed" ? offer : "shown")),
  });

  // The first landing is where the book was opened: only what the reader does after it is saved.
  const opened = useRef(false);
  const onMetrics = (next: FrameMetrics, anchorId: string, cause: MetricsCause, locator: TextLocator | null) => {
    setMetrics(next);
    if (cause === "relayout") return;
    writePlaceToAddress(bookId, anchorId, locator);
    if (cause === "land" && !opened.current) {
      opened.current = true;
      return;
    }
    setReadingStarted(true);
    saver.record({
      anchorId,
      offset: roundOffset(next.offset),
      locator,
      chapterPercent: toPercent(next.seen),
    });
  };

  // The chapters either side are fetched ahead, so turning into them needs no request; the next one
  // is also laid out ahead, in the frame not on screen. Only once the reader moves: while the page
  // loads (and on the server, whose page would carry them) the first screen's work stays small.
  const upcoming = useQuery({
    ...chapterContentQuery(bookId, chapter.next?.anchorId ?? ""),
    enabled: !!chapter.next && readingStarted,
  });
  useEffect(() => {
    if (readingStarted && chapter.previous)
      void queryClient.prefetchQuery(chapterContentQuery(bookId, chapter.previous.anchorId));
  }, [bookId, chapter.previous, queryClient, readingStarted]);

  const goToChapter = useCallback(
    (anchorId: string, offset: number) => {
      // The next chapter, laid out ahead, goes on screen at once; the navigation catches up.
      if (offset === 0) frame.current?.showPrepared(anchorId);
      navigate(readerPath(bookId, anchorId), { replace: true, state: { offset } });
    },
    [bookId, navigate],
  );

  const turn = useCallback(
    (direction: Turn) => {
      if (frame.current?.turn(direction)) return;
      // Past the chapter's edge: into the next one from its start, or back into the previous from its end.
      const neighbour = direction === "next" ? chapter.next : chapter.previous;
      if (neighbour) goToChapter(neighbour.anchorId, direction === "next" ? 0 : 1);
      else if (direction === "next") {
        // Past the last page of the book: its end, with the place saved now rather than in a moment.
        void saver.flush();
        setEnded(true);
      }
    },
    [chapter.next, chapter.previous, goToChapter, saver],
  );

  const onKey = useCallback(
    (event: KeyboardEvent, fromFrame: boolean) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || panel) return;
      if (event.key === "Escape") {
        setChromeHidden(false);
        return;
      }
      if (!fromFrame && keyBelongsToControl(event.target, event.key)) return;
      const direction = keyTurn(event.key, event.shiftKey);
      if (!direction) return;
      // In a scrolling chapter the frame scrolls itself on Space and Page keys; only ← and → are ours there.
      if (fromFrame && settings.layout === "scrolled" && event.key !== "ArrowRight" && event.key !== "ArrowLeft")
        return;
      event.preventDefault();
      turn(direction);
    },
    [panel, settings.layout, turn],
  );

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event, false);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, [onKey]);

  const onLink = (href: string | null) => {
    const link = classifyLink(href, { bookId, anchorId: chapter.anchorId }, window.location.origin);
    if (link.kind === "fragment") frame.current?.goToFragment(link.fragment);
    // A link into another chapter (a note, a cross-reference) is history: Back returns to the text.
    else if (link.kind === "chapter") navigate(readerPath(link.bookId, link.anchorId, link.fragment));
    else if (link.kind === "app") navigate(link.path);
    else if (link.kind === "external") window.open(link.url, "_blank", "noopener,noreferrer");
  };

  const onTap = (zone: Turn | "middle") => {
    if (zone === "middle" || settings.layout === "scrolled") setChromeHidden((hidden) => !hidden);
    else turn(zone);
  };

  // After a jump from the contents the keyboard goes to the text, not back to the Contents button.
  const focusTextOnClose = useRef(false);
  const chooseTocEntry = (entry: TocEntry) => {
    focusTextOnClose.current = true;
    setPanel(null);
    navigate(readerPath(bookId, entry.anchorId, entry.fragment), { replace: true, state: { offset: 0 } });
  };
  const onTocClosed = useCallback(() => {
    if (focusTextOnClose.current) frame.current?.focus();
    focusTextOnClose.current = false;
  }, []);

  const palette = READER_PALETTES[settings.theme];
  const seenPercent = toPercent(metrics?.seen ?? 0);
  const bookPercent = readerBookPercent(chapters, { ...chapter, chapterPercent: seenPercent });
  const chapterLabel = chapter.name || `Chapter ${chapter.chapterNumber}`;
  const bodyPlace = bodyChapterPlace(chapters, chapter);
  const startAgain = () => {
    const first = firstBodyChapter(chapters ?? []);
    if (first) goToChapter(first.anchorId, 0);
  };
  const place =
    settings.layout === "paginated" && metrics
      ? `Page ${metrics.page + 1} of ${metrics.pages}`
      : `${seenPercent}% of chapter`;

  return (
    <div
      className="fixed inset-0 flex flex-col bg-paper text-ink"
      style={{ ...(palette.tokens as CSSProperties), colorScheme: palette.colorScheme }}
      data-testid="reader"
      data-reader-theme={settings.theme}
    >
      <header
        hidden={chromeHidden}
        className="pt-safe relative z-10 shrink-0 border-line border-b bg-paper/95 backdrop-blur"
      >
        <div className="mx-auto flex h-12 max-w-5xl items-center gap-1 px-2">
          <Link
            to={`/books/${encodeURIComponent(bookId)}`}
            aria-label={bookTitle ? `Back to ${bookTitle}` : "Back to the book"}
            className={ICON_BUTTON}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <div className="min-w-0 flex-1 px-1">
            <p className="truncate font-semibold font-serif text-ink text-sm leading-tight">{bookTitle ?? " "}</p>
            <h1 className="truncate text-ink-muted text-xs leading-tight" data-testid="chapter-title">
              {chapterLabel}
            </h1>
          </div>
          {switching ? (
            <span role="status" className="inline-flex size-10 items-center justify-center text-ink-muted">
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              <span className="sr-only">Loading chapter…</span>
            </span>
          ) : null}
          {/* After hydration: a server-rendered page does not wait for the annotations' code. */}
          <AfterHydration fallback={<HeaderSpace count={1} />}>
            <Suspense fallback={<HeaderSpace count={session.status === "signed-in" ? 2 : 1} />}>
              <ReaderAnnotations bookId={bookId} />
            </Suspense>
          </AfterHydration>
          {/* Phones have no room for it here: the contents sheet offers it. */}
          <span className="hidden sm:contents">
            <IconButton label="Search in this book" onClick={() => setPanel("search")}>
              <Search aria-hidden="true" className="size-5" />
            </IconButton>
          </span>
          <IconButton label="Contents" onClick={() => setPanel("toc")}>
            <TableOfContents aria-hidden="true" className="size-5" />
          </IconButton>
          <IconButton label="Reading settings" onClick={() => setPanel("settings")}>
            <Type aria-hidden="true" className="size-5" />
          </IconButton>
          {/* Only the browser knows whether it has full screen; its place is kept until then. */}
          <AfterHydration fallback={<HeaderSpace count={1} />}>
            {fullscreen.supported ? (
              <IconButton label={fullscreen.active ? "Exit full screen" : "Full screen"} onClick={fullscreen.toggle}>
                {fullscreen.active ? (
                  <Minimize aria-hidden="true" className="size-5" />
                ) : (
                  <Maximize aria-hidden="true" className="size-5" />
                )}
              </IconButton>
            ) : null}
          </AfterHydration>
        </div>
      </header>

      <main className="relative flex min-h-0 flex-1 items-stretch justify-center">
        <PageButton
          label="Previous page"
          side="left"
          hidden={settings.layout !== "paginated"}
          onClick={() => turn("previous")}
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </PageButton>
        <div className="h-full w-full max-w-[46rem]">
          <ChapterFrame
            ref={frame}
            chapter={chapter}
            upcoming={upcoming.data}
            settings={settings}
            start={start}
            title={`${chapterLabel} — chapter text`}
            onMetrics={onMetrics}
            onLink={onLink}
            onTap={onTap}
            onSwipe={turn}
            onKey={(event) => onKey(event, true)}
          />
        </div>
        <PageButton
          label="Next page"
          side="right"
          hidden={settings.layout !== "paginated"}
          onClick={() => turn("next")}
        >
          <ChevronRight aria-hidden="true" className="size-6" />
        </PageButton>
      </main>

      {signInOffer === "shown" && !chromeHidden ? (
        <div className="shrink-0 px-3 pb-2">
          <SignInOffer onDismiss={() => setSignInOffer("dismissed")} />
        </div>
      ) : null}

      <ReaderFooter
        bookId={bookId}
        chapter={chapter}
        hidden={chromeHidden}
        signedIn={session.status === "signed-in"}
        bodyPlace={bodyPlace}
        place={place}
        seenPercent={seenPercent}
        bookPercent={bookPercent}
        onChapter={(anchorId) => goToChapter(anchorId, 0)}
        onStartedOver={startAgain}
      />

      <ReaderSheets
        bookId={bookId}
        panel={panel}
        setPanel={setPanel}
        toc={{ entries: toc, currentAnchorId: chapter.anchorId, onChoose: chooseTocEntry, onClosed: onTocClosed }}
        settings={{ settings, onChange: updateSettings, appTheme, rotation }}
      />
      {ended ? (
        <Suspense fallback={null}>
          <EndOfBook
            bookId={bookId}
            chapter={chapter}
            onClose={() => {
              setEnded(false);
              frame.current?.focus();
            }}
            onReadAgain={() => {
              setEnded(false);
              startAgain();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
