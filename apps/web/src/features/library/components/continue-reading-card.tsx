import type { BookSummary, ReadingProgress } from "@quire/core";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { BookCover, Byline } from "../../catalog";
import { DownloadForOffline } from "../../offline";

/**
 * A book in progress: cover, title, the reader's figure and when they last read. The title's link stretches over
 * the card to open the reader; the byline's author links sit above it.
 */
export function ContinueReadingCard({ book, progress }: { book: BookSummary; progress: ReadingProgress }) {
  return (
    <div
      className="group relative flex gap-4 rounded-2xl border border-line bg-surface p-3 shadow-card transition-colors hover:border-line-strong"
      data-testid="continue-item"
    >
      <div className="w-16 shrink-0">
        <BookCover book={book} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Link
          to={`/read/${book.id}`}
          className="line-clamp-2 font-semibold font-serif text-ink after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-focus group-hover:text-accent"
        >
          {book.title}
        </Link>
        <Byline book={book} className="truncate text-ink-muted text-sm" />
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
        <div className="flex items-center justify-between gap-2">
          <p className="text-ink-muted text-xs">
            {progress.progress}% · last read {formatDate(progress.lastReadAt)}
          </p>
          {/* Above the title's stretched link, so it stays its own button. */}
          <div className="relative z-10">
            <DownloadForOffline book={book} compact />
          </div>
        </div>
      </div>
    </div>
  );
}
