import { WORDS_PER_MINUTE } from "@quire/core";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { formatNumber, formatReadingTime } from "../../../lib/format";
import { useBookChapters } from "../queries";

export function ChapterList({ bookId, total }: { bookId: string; total: number | undefined }) {
  const query = useBookChapters(bookId);
  const chapters = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) {
    return (
      <>
        <LoadingStatus label="Loading chapters…" />
        <ul
          className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
          aria-hidden="true"
        >
          {placeholderKeys(5).map((key) => (
            <li key={key} className="flex items-center gap-4 px-4 py-3.5">
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-3.5 w-16" />
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (query.isError && chapters.length === 0) {
    return (
      <ErrorState
        title="Couldn't load chapters"
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (chapters.length === 0) {
    return (
      <EmptyState title="No chapters yet">
        <p className="text-ink-muted text-sm">Chapters appear here as soon as they are published.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ol
        className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        data-testid="chapter-list"
      >
        {chapters.map((chapter) => (
          <li key={chapter.anchorId} className="flex items-center gap-4 px-4 py-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sunken font-semibold text-ink-muted text-xs tabular-nums"
            >
              {chapter.chapterNumber}
            </span>
            <span className="min-w-0 flex-1">
              <span className="sr-only">Chapter {chapter.chapterNumber}: </span>
              <span className="font-medium text-ink">{chapter.name || `Chapter ${chapter.chapterNumber}`}</span>
            </span>
            <span className="shrink-0 text-right text-ink-muted text-xs tabular-nums">
              {formatNumber(chapter.wordCount)} words
              <span className="hidden sm:inline"> · {formatReadingTime(chapter.wordCount / WORDS_PER_MINUTE)}</span>
            </span>
          </li>
        ))}
      </ol>
      {query.isFetchNextPageError ? (
        <ErrorState
          compact
          title="Couldn't load more chapters"
          error={query.error}
          onRetry={() => query.fetchNextPage()}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm" aria-live="polite">
          Showing {formatNumber(chapters.length)}
          {total && total >= chapters.length ? ` of ${formatNumber(total)}` : ""} chapters
        </p>
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading…" : "Show more chapters"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
