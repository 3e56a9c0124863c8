import type { BookSummary } from "@quire/core";
import { BookCheck, BookOpen, Lock, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { Section } from "../../../components/section";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { useSession } from "../../auth";
import { BookCover, bookPath } from "../../catalog";
import { useUserReading } from "../queries";

const ROWS = [
  { key: "reading", title: "Reading", icon: BookOpen, empty: "Not reading anything right now." },
  { key: "finished", title: "Finished", icon: BookCheck, empty: "No finished books yet." },
  { key: "starred", title: "Starred", icon: Star, empty: "No starred books yet." },
] as const;

/** A profile's reading, finished and starred books in three short rows; private unless its owner shares it. */
export function ReadingActivitySection({ userId }: { userId: string }) {
  const query = useUserReading(userId);
  const session = useSession();
  const own = session.user?.id === userId;
  return (
    <div className="w-full text-left">
      <Section id="reading-activity" title="Reading activity">
        {query.isPending ? (
          <ActivitySkeleton />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} compact />
        ) : query.data.hidden && !own ? (
          <EmptyState title="Reading activity is private" icon={<Lock aria-hidden="true" className="size-6" />}>
            <p className="text-ink-muted text-sm">This reader keeps what they read to themselves.</p>
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-6">
            {query.data.hidden ? (
              <p
                className="flex items-start gap-2 rounded-xl bg-sunken px-3 py-2 text-ink-muted text-sm"
                data-testid="reading-activity-private-note"
              >
                <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  Only you can see this.{" "}
                  <Link to="/settings" className="text-accent underline-offset-2 hover:underline">
                    Change this in Settings
                  </Link>
                </span>
              </p>
            ) : null}
            {ROWS.map((row) => (
              <ShelfRow
                key={row.key}
                id={row.key}
                title={row.title}
                icon={<row.icon aria-hidden="true" className="size-4" />}
              >
                {query.data[row.key].length > 0 ? (
                  <CoverRow books={query.data[row.key]} label={row.title} />
                ) : (
                  <p className="text-ink-muted text-sm">{row.empty}</p>
                )}
              </ShelfRow>
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}

function ShelfRow({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2" data-testid={`reading-activity-${id}`}>
      <h3 className="flex items-center gap-1.5 font-semibold text-ink-muted text-sm uppercase tracking-wide">
        {icon}
        {title}
      </h3>
      {children}
    </div>
  );
}

/** Covers with their titles, scrolling sideways on a phone; each title is the link to its book. */
function CoverRow({ books, label }: { books: readonly BookSummary[]; label: string }) {
  return (
    <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pt-1 pb-2" aria-label={label}>
      {books.map((book) => (
        <li key={book.id} className="group relative w-24 shrink-0 snap-start sm:w-28">
          <BookCover book={book} />
          <Link
            to={bookPath(book.id)}
            className="mt-1.5 line-clamp-2 font-serif text-ink text-sm leading-snug after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-focus group-hover:text-accent"
          >
            {book.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ActivitySkeleton() {
  return (
    <>
      <LoadingStatus label="Loading reading activity…" />
      <div className="flex flex-col gap-6" aria-hidden="true">
        {ROWS.map((row) => (
          <div key={row.key} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-24" />
            <div className="flex gap-3">
              {placeholderKeys(4, row.key).map((key) => (
                <Skeleton key={key} className="aspect-[2/3] w-24 rounded-lg sm:w-28" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
