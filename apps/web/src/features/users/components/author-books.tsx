import type { PublicProfile } from "@quire/core";
import { BookPlus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { Section } from "../../../components/section";
import { errorMessage } from "../../../lib/errors";
import { displayName } from "../../../lib/format";
import { BookCard, BookGridSkeleton } from "../../catalog";
import { LaunchReminder } from "../../library";
import { useAuthorBooks } from "../queries";

const GRID = "grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 sm:grid-cols-4";

/**
 * An author's books on their profile: launched ones, then scheduled ones with their launch reminder.
 * Others see nothing while there is nothing to list; the author sees where their books will appear.
 */
export function AuthorBooks({ user, isOwner }: { user: PublicProfile; isOwner: boolean }) {
  const isAuthor = user.roles.includes("author");
  const query = useAuthorBooks(user.id, isAuthor);
  if (!isAuthor) return null;
  const books = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isSuccess && books.length === 0 && !isOwner) return null;

  return (
    <div className="w-full text-left" data-testid="profile-books">
      <Section id="profile-books" title="Books">
        {query.isPending ? (
          <BookGridSkeleton count={4} className={GRID} label="Loading books…" />
        ) : query.isError && books.length === 0 ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
        ) : books.length === 0 ? (
          <EmptyState title="Books you launch appear here" icon={<BookPlus aria-hidden="true" className="size-6" />}>
            <p className="text-ink-muted text-sm">
              Write one in the <Link to="/studio">studio</Link>; scheduled books show here too, so readers can ask to be
              told at launch.
            </p>
          </EmptyState>
        ) : (
          <>
            <ul className={GRID} aria-label={`Books by ${displayName(user)}`}>
              {books.map((book) => (
                <li key={book.id} className="flex flex-col gap-2">
                  <BookCard book={book} />
                  {book.status === "scheduled" ? <LaunchReminder book={book} /> : null}
                </li>
              ))}
            </ul>
            {query.isFetchNextPageError ? <FormAlert>{errorMessage(query.error)}</FormAlert> : null}
            {query.hasNextPage ? (
              <Button
                variant="secondary"
                size="sm"
                className="self-center"
                disabled={query.isFetchingNextPage}
                onClick={() => query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            ) : null}
          </>
        )}
      </Section>
    </div>
  );
}
