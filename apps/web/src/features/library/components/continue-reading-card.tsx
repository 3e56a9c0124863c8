import type { BookSummary, ReadingProgress } from "@quire/core";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { authorsText, BookCover } from "../../catalog";

/** A book in progress: cover, title, the reader's figure and when they last read; opens the reader. */
export function ContinueReadingCard({ book, progress }: { book: BookSummary; progress: ReadingProgress }) {
  return (
    <Link
      to={`/read/${book.id}`}
      className="flex gap-4 rounded-2xl border border-line bg-surface p-3 shadow-card transition-colors hover:border-line-strong"
      data-testid="continue-item"
    >
      <div className="w-16 shrink-0">
        <BookCover book={book} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="line-clamp-2 font-semibold font-serif text-ink">{book.title}</p>
        <p className="truncate text-ink-muted text-sm">{authorsText(book.authors)}</p>
        <div
          role="progressbar"
          aria-label={`${book.title}: read`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.progress}
          className="mt-auto h-1.5 w-full overflow-hidden rounded-full bg-sunken"
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${progress.progress}%` }} />
        </div>
        <p className="text-ink-muted text-xs">
          {progress.progress}% · last read {formatDate(progress.lastReadAt)}
        </p>
      </div>
    </Link>
  );
}
