import { Newspaper } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { useScreenTitle } from "../../../lib/screen-title";
import { useNow } from "../../../lib/use-now";
import { RequireSession } from "../../auth";
import { FeedEntry } from "../components/feed-item";
import { SuggestedPeople } from "../components/suggested-people";
import { useFeed } from "../queries";

export function FeedScreen() {
  useScreenTitle("Feed");
  return <RequireSession>{() => <Feed />}</RequireSession>;
}

function Feed() {
  const feed = useFeed();
  // Relative times ("5 minutes ago") move on while the page stays open.
  const now = useNow(60_000);
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  // A failed "Load more" keeps the pages already shown (the query is in error but still has data).
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 md:px-6" data-testid="feed">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">Feed</h1>
        <p className="text-ink-muted">What the people you follow are reading, starring and launching.</p>
      </header>
      {feed.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          <LoadingStatus label="Loading your feed…" />
          {placeholderKeys(4).map((key) => (
            <div key={key} className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-3 sm:p-4">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-3 w-1/3" />
              </div>
              <Skeleton className="h-18 w-12 rounded-lg sm:h-21 sm:w-14" />
            </div>
          ))}
        </div>
      ) : !feed.data ? (
        <ErrorState
          title="Couldn't load your feed"
          error={feed.error}
          onRetry={() => feed.refetch()}
          isRetrying={feed.isFetching}
        />
      ) : items.length === 0 ? (
        <>
          <EmptyState title="Your feed is quiet" icon={<Newspaper aria-hidden="true" className="size-6" />}>
            <p className="max-w-md text-ink-muted text-sm">
              Follow readers and authors to see the books they start, finish, star and launch.
            </p>
            <Link to="/browse" className={buttonClasses("secondary", "sm")}>
              Browse books
            </Link>
          </EmptyState>
          <SuggestedPeople />
        </>
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-label="Activity">
            {items.map((item) => (
              <FeedEntry key={item.id} item={item} now={now} />
            ))}
          </ol>
          {feed.isFetchNextPageError ? (
            <ErrorState
              compact
              title="Couldn't load more"
              error={feed.error}
              onRetry={() => feed.fetchNextPage()}
              isRetrying={feed.isFetchingNextPage}
            />
          ) : feed.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              onClick={() => feed.fetchNextPage()}
              disabled={feed.isFetchingNextPage}
            >
              {feed.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
