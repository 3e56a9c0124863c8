import type { SystemList } from "@quire/core";
import { BookMarked, BookOpen } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { BookCover } from "../../catalog";
import { DownloadedBooks } from "../../offline";
import { LIST_LABELS } from "../components/book-actions";
import { ContinueReadingCard } from "../components/continue-reading-card";
import { useContinueReading, useReadingLists } from "../queries";

export function LibraryScreen() {
  useScreenTitle("Library");
  return <RequireSession>{() => <Library />}</RequireSession>;
}

function Library() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 md:px-6 md:py-12" data-testid="library">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">Your library</h1>
        <p className="text-ink-muted">Pick up where you left off, and keep your shelves in order.</p>
      </header>
      <ContinueReading />
      <DownloadedBooks />
      <Shelves />
    </div>
  );
}

function ContinueReading() {
  const query = useContinueReading();
  return (
    <section aria-labelledby="continue-heading" className="flex flex-col gap-4">
      <h2 id="continue-heading" className="font-semibold font-serif text-2xl text-ink">
        Continue reading
      </h2>
      {query.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <LoadingStatus label="Loading your books…" />
          {["a", "b", "c"].map((key) => (
            <Skeleton key={key} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
      ) : query.data.length === 0 ? (
        <EmptyState title="Nothing in progress" icon={<BookOpen aria-hidden="true" className="size-6" />}>
          <p>
            Open any book and start reading; it will wait for you here. <Link to="/browse">Browse the catalogue</Link>.
          </p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.map(({ book, progress }) => (
            <li key={book.id}>
              <ContinueReadingCard book={book} progress={progress} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Shelves() {
  const query = useReadingLists();
  return (
    <section aria-labelledby="shelves-heading" className="flex flex-col gap-6">
      <h2 id="shelves-heading" className="font-semibold font-serif text-2xl text-ink">
        Shelves
      </h2>
      {query.isPending ? (
        <Skeleton className="h-48 rounded-2xl" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
      ) : (
        (Object.keys(LIST_LABELS) as SystemList[]).map((list) => (
          <div key={list} className="flex flex-col gap-3" data-testid={`shelf-${list}`}>
            <h3 className="flex items-center gap-2 font-medium text-ink text-lg">
              <BookMarked aria-hidden="true" className="size-4 text-accent" />
              {LIST_LABELS[list]}
              <span className="text-ink-muted text-sm">({query.data[list].length})</span>
            </h3>
            {query.data[list].length === 0 ? (
              <p className="text-ink-muted text-sm">No books here yet.</p>
            ) : (
              <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6">
                {query.data[list].map(({ book }) => (
                  <li key={book.id}>
                    <Link to={`/books/${book.id}`} className="flex flex-col gap-1.5">
                      <BookCover book={book} />
                      <span className="line-clamp-2 text-ink text-sm">{book.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))
      )}
    </section>
  );
}
