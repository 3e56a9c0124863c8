import type { BookSummary } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { Skeleton } from "../../../components/skeleton";
import { bookQuery } from "../queries";
import { BookBadges } from "./badge";
import { BookCover } from "./book-cover";
import { Byline } from "./byline";

export function bookPath(id: string): string {
  return `/books/${encodeURIComponent(id)}`;
}

export interface BookCardProps {
  book: BookSummary;
  headingLevel?: 2 | 3 | 4;
  eager?: boolean;
  /** "wide" sets the cover beside the text and adds the summary (used for trending). */
  layout?: "stacked" | "wide";
  rank?: number;
}

/**
 * Cover, title, authors and badges. The whole card is clickable through the title link,
 * whose accessible name is exactly the book title.
 */
export function BookCard({ book, headingLevel = 3, eager = false, layout = "stacked", rank }: BookCardProps) {
  const queryClient = useQueryClient();
  const Heading = `h${headingLevel}` as const;
  const prefetch = () => {
    void queryClient.prefetchQuery(bookQuery(book.id));
  };

  const title = (
    <Heading className="line-clamp-2 font-semibold font-serif text-[0.95rem] text-ink leading-snug">
      <Link
        to={bookPath(book.id)}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-focus focus-visible:after:outline-offset-4 group-hover:text-accent"
      >
        {book.title}
      </Link>
    </Heading>
  );
  const badges = <BookBadges book={book} className="mt-0.5" />;

  if (layout === "wide") {
    return (
      <div
        className="group relative flex h-full gap-4 rounded-2xl border border-line bg-surface p-3 transition-colors hover:border-line-strong"
        data-testid="book-card"
        data-book-id={book.id}
      >
        <div className="relative w-24 shrink-0 sm:w-28">
          <BookCover book={book} eager={eager} />
          {rank ? (
            <span
              aria-hidden="true"
              className="absolute -top-2 -left-2 flex size-7 items-center justify-center rounded-full bg-accent font-bold font-serif text-accent-ink text-sm shadow-card"
            >
              {rank}
            </span>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 py-1">
          {title}
          <Byline book={book} className="line-clamp-1 text-ink-muted text-sm" />
          {badges}
          {book.summary ? (
            <p className="mt-1 line-clamp-2 text-ink-muted text-sm leading-relaxed sm:line-clamp-3">{book.summary}</p>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="group relative flex h-full flex-col gap-2.5" data-testid="book-card" data-book-id={book.id}>
      <div className="transition-transform duration-200 motion-safe:group-hover:-translate-y-1">
        <BookCover book={book} eager={eager} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        {title}
        <Byline book={book} className="line-clamp-1 text-ink-muted text-sm" />
        {badges}
      </div>
    </div>
  );
}

export function WideBookCardSkeleton() {
  return (
    <div className="flex gap-4 rounded-2xl border border-line bg-surface p-3" aria-hidden="true">
      <Skeleton className="aspect-[2/3] w-24 shrink-0 rounded-lg sm:w-28" />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3.5 w-1/2" />
        <Skeleton className="h-4 w-2/5 rounded-full" />
        <Skeleton className="mt-1 h-3 w-full" />
        <Skeleton className="h-3 w-11/12" />
      </div>
    </div>
  );
}

export function BookCardSkeleton() {
  return (
    <div className="flex flex-col gap-2.5" aria-hidden="true">
      <Skeleton className="aspect-[2/3] w-full rounded-lg" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-3.5 w-1/2" />
      <Skeleton className="h-4 w-2/5 rounded-full" />
    </div>
  );
}
