import type { TocEntry } from "@quire/core";
import { ERRORS } from "@quire/core/errors";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowLeft, BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { useMemo } from "react";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { buttonClasses } from "../../components/button";
import { ErrorState } from "../../components/error-state";
import { LogoMark } from "../../components/logo";
import { WayBackLinks } from "../../components/way-back-links";
import { errorMessage, hasErrorCode, isAppError } from "../../lib/errors";
import { readerPath } from "../../lib/reader-path";
import { useScreenTitle } from "../../lib/screen-title";
import { useSession } from "../auth";
import { bookQuery } from "../catalog";
import type { FrameStart } from "./chapter-frame";
import { placePath, startLocator } from "./exact-resume";
import { allChaptersQuery, chapterContentQuery, progressQuery } from "./reader-queries";
import { ReaderView } from "./reader-view";
import { startPosition } from "./resume";

const CHAPTER_NOT_FOUND = ERRORS.chapterNotFound.reason;

/** `/read/:bookId/:anchorId?` — without a chapter, the book opens where this reader left it. */
export function ReaderScreen() {
  const { bookId = "", anchorId } = useParams();
  // A link into another book is a new reader: its own saver, settings stay.
  return anchorId ? (
    <ChapterReader key={bookId} bookId={bookId} anchorId={anchorId} />
  ) : (
    <ResumeReading bookId={bookId} />
  );
}

function ResumeReading({ bookId }: { bookId: string }) {
  const session = useSession();
  const chapters = useQuery(allChaptersQuery(bookId));
  const signedIn = session.status === "signed-in";
  const progress = useQuery({ ...progressQuery(bookId), enabled: signedIn });
  useScreenTitle("Opening book…");

  if (chapters.isError)
    return <ReaderProblem bookId={bookId} error={chapters.error} retry={() => chapters.refetch()} />;
  // A failed progress read is no reason not to read: the book opens at its start.
  const progressSettled = !signedIn || progress.isSuccess || progress.isError;
  if (chapters.isPending || session.status === "loading" || !progressSettled) return <ReaderLoading />;
  const start = startPosition(progress.data, chapters.data);
  if (!start) return <ReaderEmpty bookId={bookId} />;
  return (
    <Navigate
      to={placePath(bookId, start.anchorId, start.locator)}
      replace
      state={{ offset: start.offset, locator: start.locator }}
    />
  );
}

function ChapterReader({ bookId, anchorId }: { bookId: string; anchorId: string }) {
  const location = useLocation();
  const book = useQuery(bookQuery(bookId));
  const chapters = useQuery(allChaptersQuery(bookId));
  // While an unfetched chapter loads, the one on screen stays (with a loading mark) rather than a blank page.
  const content = useQuery({ ...chapterContentQuery(bookId, anchorId), placeholderData: keepPreviousData });
  const title = book.data?.book.title;
  useScreenTitle(
    content.data ? `${content.data.name || `Chapter ${content.data.chapterNumber}`} · ${title ?? ""}` : title,
  );

  const offset = (location.state as { offset?: unknown } | null)?.offset;
  const fragment = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (its key) is what sets a new start.
  const start = useMemo<FrameStart>(
    () => ({
      anchorId,
      offset: typeof offset === "number" ? offset : 0,
      locator: startLocator(location.search, location.state),
      fragment,
      key: location.key,
    }),
    [location.key, anchorId],
  );

  const toc = useMemo<TocEntry[]>(() => {
    const own = book.data?.bookData?.epubToc ?? [];
    if (own.length > 0) return own;
    return (chapters.data ?? []).map((chapter) => ({
      title: chapter.name || `Chapter ${chapter.chapterNumber}`,
      anchorId: chapter.anchorId,
      children: [],
    }));
  }, [book.data, chapters.data]);

  if (content.isError) {
    return (
      <ReaderProblem bookId={bookId} error={content.error} retry={() => content.refetch()} chapters={chapters.data} />
    );
  }
  if (!content.data) return <ReaderLoading />;
  return (
    <ReaderView
      bookId={bookId}
      bookTitle={title}
      toc={toc}
      chapters={chapters.data}
      chapter={content.data}
      switching={content.isPlaceholderData}
      start={start}
    />
  );
}

function ReaderFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-paper px-4 py-12 text-center text-ink">
      {children}
    </div>
  );
}

function ReaderLoading() {
  return (
    <ReaderFrame>
      <div role="status" className="flex flex-col items-center gap-4" data-testid="reader-loading">
        <LogoMark className="size-10 motion-safe:animate-pulse" />
        <p className="font-serif text-ink-muted">Opening the book…</p>
      </div>
    </ReaderFrame>
  );
}

function ReaderEmpty({ bookId }: { bookId: string }) {
  useScreenTitle("No chapters yet");
  return (
    <ReaderFrame>
      <BookOpen aria-hidden="true" className="size-10 text-ink-faint" />
      <h1 className="font-semibold font-serif text-2xl">No chapters yet</h1>
      <p className="max-w-md text-ink-muted">
        This book has nothing to read yet. Chapters appear as soon as they are published.
      </p>
      <Link to={`/books/${encodeURIComponent(bookId)}`} className={buttonClasses("primary")}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the book
      </Link>
    </ReaderFrame>
  );
}

/** A missing or hidden book, a chapter that is not in it, a book not out yet, or a failure worth retrying. */
function ReaderProblem({
  bookId,
  error,
  retry,
  chapters,
}: {
  bookId: string;
  error: unknown;
  retry(): void;
  chapters?: { anchorId: string }[];
}) {
  const chapterMissing = isAppError(error) && error.reason === CHAPTER_NOT_FOUND;
  const bookMissing = hasErrorCode(error, "not-found") && !chapterMissing;
  const heading = bookMissing
    ? "Book not found"
    : chapterMissing
      ? "Chapter not found"
      : hasErrorCode(error, "failed-precondition")
        ? "Not out yet"
        : "This chapter couldn't be opened";
  useScreenTitle(heading);
  const first = chapters?.[0];
  return (
    <ReaderFrame>
      <p aria-hidden="true" className="font-serif text-6xl text-ink-faint">
        ¶
      </p>
      <h1 className="font-semibold font-serif text-3xl">{heading}</h1>
      {bookMissing ? (
        <>
          <p className="text-ink-muted" data-testid="error-message">
            {errorMessage(error)}
          </p>
          <WayBackLinks />
        </>
      ) : chapterMissing || hasErrorCode(error, "failed-precondition") ? (
        <>
          <p className="max-w-md text-ink-muted" data-testid="error-message">
            {errorMessage(error)}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {first && chapterMissing ? (
              <Link to={readerPath(bookId, first.anchorId)} replace className={buttonClasses("primary")}>
                Start from the first chapter
              </Link>
            ) : null}
            <Link to={`/books/${encodeURIComponent(bookId)}`} className={buttonClasses("secondary")}>
              Back to the book
            </Link>
          </div>
        </>
      ) : (
        <div className="w-full max-w-md text-left">
          <ErrorState error={error} onRetry={retry} />
        </div>
      )}
    </ReaderFrame>
  );
}
