import type { Chapter } from "@quire/core";
// The zod-free subpath: the index would bring every schema (the `core` chunk) onto the book page.
import { CHAPTERS_PAGE_SIZE, WORDS_PER_MINUTE } from "@quire/core/constants";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { formatNumber, formatReadingTime, pluralize } from "../../../lib/format";
import { allChaptersQuery } from "../../reader";

/** A list this much longer than a page is shown whole: a button to reveal two more rows helps nobody. */
const SHOW_ALL_SLACK = 5;

/** Body chapters are numbered 1, 2, 3…; front and back matter (title page, colophon) go by their titles. */
function numbered(chapters: Chapter[]): { chapter: Chapter; number: number | null }[] {
  let count = 0;
  return chapters.map((chapter) => ({ chapter, number: chapter.role === "body" ? ++count : null }));
}

/**
 * Every chapter of the book: the first page of them, then "Show all N chapters" expands the list in
 * place, moving focus to the first row it revealed. The reader's chapter list (the same query) is
 * then already loaded.
 */
export function ChapterList({ bookId }: { bookId: string }) {
  const query = useQuery(allChaptersQuery(bookId));
  const [expanded, setExpanded] = useState(false);
  const firstRevealed = useRef<HTMLLIElement>(null);

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
  if (query.isError) {
    return (
      <ErrorState
        title="Couldn't load chapters"
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const rows = numbered(query.data);
  if (rows.length === 0) {
    return (
      <EmptyState title="No chapters yet">
        <p className="text-ink-muted text-sm">Chapters appear here as soon as they are published.</p>
      </EmptyState>
    );
  }
  const collapsible = rows.length > CHAPTERS_PAGE_SIZE + SHOW_ALL_SLACK;
  const shown = collapsible && !expanded ? rows.slice(0, CHAPTERS_PAGE_SIZE) : rows;
  const bodyCount = rows.filter((row) => row.number !== null).length;
  return (
    <div className="flex flex-col gap-4">
      <ol
        className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        data-testid="chapter-list"
      >
        {shown.map(({ chapter, number }, index) => (
          <li
            key={chapter.anchorId}
            ref={index === CHAPTERS_PAGE_SIZE ? firstRevealed : undefined}
            tabIndex={index === CHAPTERS_PAGE_SIZE ? -1 : undefined}
            className="flex items-center gap-4 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
            data-role={chapter.role}
          >
            {number === null ? (
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center">
                <span className="size-1.5 rounded-full bg-ink-faint" />
              </span>
            ) : (
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sunken font-semibold text-ink-muted text-xs tabular-nums"
              >
                {number}
              </span>
            )}
            <span className="min-w-0 flex-1">
              {number === null ? null : <span className="sr-only">Chapter {number}: </span>}
              <span className={number === null ? "text-ink-muted" : "font-medium text-ink"}>
                {chapter.name || (number === null ? "Untitled" : `Chapter ${number}`)}
              </span>
            </span>
            <span className="shrink-0 text-right text-ink-muted text-xs tabular-nums">
              {formatNumber(chapter.wordCount)} words
              <span className="hidden sm:inline"> · {formatReadingTime(chapter.wordCount / WORDS_PER_MINUTE)}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm" aria-live="polite" data-testid="chapter-count">
          {shown.length < rows.length
            ? `Showing ${formatNumber(shown.length)} of ${formatNumber(rows.length)}`
            : pluralize(bodyCount, "chapter")}
          {shown.length === rows.length && bodyCount < rows.length ? ", plus front and back matter" : ""}
        </p>
        {shown.length < rows.length ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={false}
            onClick={() => {
              setExpanded(true);
              // After React shows the rows: the reader carries on from the first one they had not seen.
              requestAnimationFrame(() => firstRevealed.current?.focus());
            }}
          >
            Show all {formatNumber(rows.length)} chapters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
