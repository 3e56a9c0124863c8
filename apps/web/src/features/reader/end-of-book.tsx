import type { AnnotationColor, ChapterContent } from "@quire/core";
import { denseText } from "@quire/core/reader-locator";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, BookOpen, NotebookPen, RotateCcw, Share2, Star } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../components/button";
import { ErrorState } from "../../components/error-state";
import { Section } from "../../components/section";
import { errorMessage } from "../../lib/errors";
import { siteUrl } from "../../lib/native/config";
import { NoteDialog, useAnnotationMutations } from "../annotations";
import { signInPathFor, useSession } from "../auth";
import { authorsText, BookRow, BookRowSkeleton, bookQuery } from "../catalog";
import { useToggleStar, useViewerState } from "../library";
import { isFinishedAtEnd, useProgressAction } from "./progress-actions";
import { afterReadingQuery, progressQuery } from "./reader-queries";

/** About this many characters from the chapter's end are quoted by a note written at the end. */
const END_QUOTE_LENGTH = 160;

/**
 * The last words of a chapter as an annotation passage: offsets count non-whitespace characters, as the
 * frame and the server do; the quote finds the place again if a new edition moved it. Null without text.
 */
export function endPassage(html: string): { start: number; end: number; quote: string } | null {
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  const end = denseText(text).length;
  if (end === 0) return null;
  const tail = text.trimEnd().slice(-END_QUOTE_LENGTH);
  const space = tail.search(/\s/);
  const quote = (space > 0 && space < tail.length / 2 ? tail.slice(space) : tail).replace(/\s+/g, " ").trim();
  return { start: end - denseText(quote).length, end, quote };
}

export interface EndOfBookProps {
  bookId: string;
  /** The last chapter, on screen behind the panel. */
  chapter: ChapterContent;
  /** Back to the last page of the text. */
  onClose(): void;
  /** From the first chapter again. */
  onReadAgain(): void;
}

/**
 * What the reader sees after the last page: the book is finished (marked so for a signed-in reader),
 * a star, a note at the end, a way to share it, and three rows of what to read next. A modal dialog
 * over the reader, so the text stays where it was and Escape or "Back to the text" return to it.
 */
export default function EndOfBook({ bookId, chapter, onClose, onReadAgain }: EndOfBookProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const book = useQuery(bookQuery(bookId));
  const title = book.data?.book.title;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    heading.current?.focus();
    // The reader turns pages on arrow keys and Space: not behind this panel.
    const keepKeys = (event: KeyboardEvent) => event.stopPropagation();
    dialog?.addEventListener("keydown", keepKeys);
    return () => dialog?.removeEventListener("keydown", keepKeys);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      data-testid="end-of-book"
      onClose={onClose}
      className="pt-safe pb-safe m-0 h-dvh px-0 max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-paper text-ink"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-8 md:px-6 md:py-12 lg:px-8">
        <header className="flex flex-col items-center gap-3 text-center">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="font-semibold font-serif text-4xl text-ink tracking-tight outline-none sm:text-5xl"
          >
            Finished ✓<span className="sr-only">, </span>
            <span className="mt-2 block text-balance font-normal text-2xl text-ink-muted sm:text-3xl">
              {title ?? chapter.name}
            </span>
          </h2>
          {book.data ? <p className="text-ink-muted">by {authorsText(book.data.book.authors)}</p> : null}
          {signedIn ? <FinishedActions bookId={bookId} chapter={chapter} title={title} /> : <VisitorOffer />}
          <nav aria-label="After the book" className="flex flex-wrap justify-center gap-2">
            <button type="button" onClick={onReadAgain} className={buttonClasses("secondary", "sm")}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Read again
            </button>
            <Link to={`/books/${encodeURIComponent(bookId)}`} className={buttonClasses("secondary", "sm")}>
              <BookOpen aria-hidden="true" className="size-4" />
              Back to the book
            </Link>
            <button type="button" onClick={onClose} className={buttonClasses("ghost", "sm")}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to the text
            </button>
          </nav>
        </header>
        <ReadNext
          bookId={bookId}
          authors={book.data?.book.authors}
          shelf={book.data?.categories[0]?.name ?? book.data?.genres[0]?.displayName}
        />
      </div>
    </dialog>
  );
}

/** Marks the book finished (once, if the last save did not already), and offers star, note and share. */
function FinishedActions({ bookId, chapter, title }: { bookId: string; chapter: ChapterContent; title?: string }) {
  const progress = useQuery(progressQuery(bookId));
  const finish = useProgressAction(bookId);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !progress.isSuccess || isFinishedAtEnd(progress.data?.progress)) return;
    asked.current = true;
    finish.mutate("finish");
  }, [progress.isSuccess, progress.data, finish]);

  const state = useViewerState(bookId, true);
  const star = useToggleStar(bookId);
  const starred = state.data?.starred ?? false;
  const { create } = useAnnotationMutations(bookId);
  const [writing, setWriting] = useState(false);
  const [status, setStatus] = useState("");
  const passage = endPassage(chapter.html);
  const failure = finish.error ?? star.error;

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex flex-wrap justify-center gap-2">
        <button
          type="button"
          aria-pressed={starred}
          disabled={state.isPending || star.isPending}
          onClick={() => star.mutate(!starred)}
          className={buttonClasses(starred ? "primary" : "secondary", "md")}
          data-testid="end-star"
        >
          <Star aria-hidden="true" className={`size-4 ${starred ? "fill-current" : ""}`} />
          {starred ? "Starred" : "Star this book"}
        </button>
        {passage ? (
          <button type="button" onClick={() => setWriting(true)} className={buttonClasses("secondary", "md")}>
            <NotebookPen aria-hidden="true" className="size-4" />
            Add a note
          </button>
        ) : null}
        <ShareButton bookId={bookId} title={title} onStatus={setStatus} />
      </div>
      <p role="status" className="min-h-5 text-ink-muted text-sm">
        {status}
      </p>
      {failure ? (
        <p role="alert" className="text-danger text-sm">
          {errorMessage(failure)}
        </p>
      ) : null}
      {writing && passage ? (
        <NoteDialog
          quote={passage.quote}
          initialNote=""
          initialColor="yellow"
          busy={create.isPending}
          error={create.error ? errorMessage(create.error) : null}
          onSave={(note: string, color: AnnotationColor) =>
            create.mutate(
              { kind: "note", anchorId: chapter.anchorId, ...passage, color, note },
              {
                onSuccess: () => {
                  setWriting(false);
                  setStatus("Note saved. It is with your notes and highlights.");
                },
              },
            )
          }
          onCancel={() => {
            setWriting(false);
            create.reset();
          }}
        />
      ) : null}
    </div>
  );
}

/** The system share sheet where there is one, else the book's address on the clipboard. */
function ShareButton({ bookId, title, onStatus }: { bookId: string; title?: string; onStatus(text: string): void }) {
  const share = async () => {
    const url = siteUrl(`/books/${encodeURIComponent(bookId)}`);
    if (typeof navigator.share === "function") {
      // Closing the share sheet rejects; that is no failure worth a word.
      await navigator.share({ title: title ?? "A book on Quire", url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      onStatus("Link to the book copied.");
    } catch {
      onStatus(`Copy this link to share the book: ${url}`);
    }
  };
  return (
    <button type="button" onClick={() => void share()} className={buttonClasses("secondary", "md")}>
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </button>
  );
}

function VisitorOffer() {
  const { pathname } = useLocation();
  return (
    <div
      className="flex max-w-md flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-4 shadow-card"
      data-testid="end-sign-in"
    >
      <p className="text-ink text-sm">Sign in to keep the books you finish, star them and write notes.</p>
      <Link to={signInPathFor(pathname)} className={buttonClasses("primary", "sm")}>
        Sign in
      </Link>
    </div>
  );
}

/** The three rows of books to read next; each is left out when empty. */
function ReadNext({ bookId, authors, shelf }: { bookId: string; authors?: string[]; shelf?: string }) {
  const rows = useQuery(afterReadingQuery(bookId));
  if (rows.isPending) return <BookRowSkeleton label="Finding what to read next…" />;
  if (rows.isError)
    return <ErrorState error={rows.error} onRetry={() => rows.refetch()} isRetrying={rows.isFetching} />;
  const { moreByAuthor, alsoRead, nextInCategory } = rows.data;
  return (
    <div className="flex flex-col gap-10">
      {moreByAuthor.length > 0 ? (
        <Section id="more-by-author" title={authors?.length ? `More by ${authorsText(authors)}` : "More by the author"}>
          <BookRow books={moreByAuthor} label="More by the author" />
        </Section>
      ) : null}
      {alsoRead.length > 0 ? (
        <Section id="also-read" title="Readers who finished this also read">
          <BookRow books={alsoRead} label="Readers who finished this also read" />
        </Section>
      ) : null}
      {nextInCategory.length > 0 ? (
        <Section id="next-in-category" title={shelf ? `Next in ${shelf}` : "Next on the shelf"}>
          <BookRow books={nextInCategory} label={shelf ? `Next in ${shelf}` : "Next on the shelf"} />
        </Section>
      ) : null}
    </div>
  );
}
