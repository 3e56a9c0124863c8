import type { PublicProfile } from "@quire/core";
import { SEARCH_QUERY_MIN_LENGTH } from "@quire/core/constants";
import { useInfiniteQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { displayName, formatCompactNumber } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import {
  type BookFilters,
  BookGrid,
  BookGridSkeleton,
  countActiveFilters,
  DEFAULT_BOOK_FILTERS,
  FilterPanel,
  FiltersToggle,
  filtersFromSearchParams,
  filtersToSearchParams,
} from "../../catalog";
import { PeopleListSkeleton, UserAvatar } from "../../users";
import { Highlighted } from "../components/highlighted";
import { SearchField } from "../components/search-field";
import { type SearchFilters, searchResultsQuery } from "../queries";

type Tab = "books" | "people";
const TABS: { kind: Tab; label: string }[] = [
  { kind: "books", label: "Books" },
  { kind: "people", label: "People" },
];
const RESULTS_GRID = "grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 sm:gap-x-5 md:grid-cols-4 xl:grid-cols-5";

/** The search screen: `/search?q=…&kind=books|people` plus the browse filters, all in the URL. */
export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const kind: Tab = params.get("kind") === "people" ? "people" : "books";
  const { sort: _sort, pageSize: _pageSize, ...filters } = filtersFromSearchParams(params);
  useScreenTitle(q ? `Search: ${q}` : "Search");

  // Every change is a new history entry, so Back returns to the previous query, tab or filter.
  const go = (next: { q?: string; kind?: Tab; filters?: SearchFilters }) => {
    const nextFilters = next.filters ?? filters;
    const search = filtersToSearchParams({ ...DEFAULT_BOOK_FILTERS, ...nextFilters });
    search.set("q", next.q ?? q);
    const nextKind = next.kind ?? kind;
    if (nextKind !== "books") search.set("kind", nextKind);
    setParams(search);
  };
  const hrefFor = (tab: Tab) => {
    const search = new URLSearchParams(params);
    if (tab === "books") search.delete("kind");
    else search.set("kind", tab);
    return `/search?${search}`;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 md:px-6 md:pt-10 lg:px-8" data-testid="search-page">
      <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">
        {q ? (
          <>
            Results for <span className="text-accent">“{q}”</span>
          </>
        ) : (
          "Search"
        )}
      </h1>
      <SearchField
        key={q}
        initialQuery={q}
        autoFocus={!q}
        onSearch={(query) => go({ q: query })}
        className="mt-4 max-w-xl"
      />
      {q.length < SEARCH_QUERY_MIN_LENGTH ? (
        <p className="mt-6 text-ink-muted">
          {q
            ? `Type at least ${SEARCH_QUERY_MIN_LENGTH} characters to search.`
            : "Find books by title, author or description, and people by name or username."}
        </p>
      ) : (
        <>
          <nav aria-label="Result kinds" className="mt-6 border-line border-b">
            <ul className="flex gap-1">
              {TABS.map((tab) => (
                <li key={tab.kind}>
                  <Link
                    to={hrefFor(tab.kind)}
                    aria-current={tab.kind === kind ? "page" : undefined}
                    data-testid={`search-tab-${tab.kind}`}
                    className={`-mb-px inline-flex border-b-2 px-4 py-2.5 font-medium text-sm transition-colors ${
                      tab.kind === kind
                        ? "border-accent text-ink"
                        : "border-transparent text-ink-muted hover:border-line-strong hover:text-ink"
                    }`}
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {kind === "books" ? (
            <BookResults q={q} filters={filters} onFilters={(next) => go({ filters: next })} />
          ) : (
            <PeopleResults q={q} />
          )}
        </>
      )}
    </div>
  );
}

function BookResults({
  q,
  filters,
  onFilters,
}: {
  q: string;
  filters: SearchFilters;
  onFilters(filters: SearchFilters): void;
}) {
  const query = useInfiniteQuery(searchResultsQuery(q, "books", filters));
  const books = query.data?.pages.flatMap((page) => page.books.items) ?? [];
  const fullFilters: BookFilters = { ...DEFAULT_BOOK_FILTERS, ...filters };
  const activeCount = countActiveFilters(fullFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const clear = () => onFilters({});

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <div className="lg:sticky lg:top-24 lg:self-start">
        <FiltersToggle
          className="lg:hidden"
          open={filtersOpen}
          onToggle={() => setFiltersOpen((open) => !open)}
          panelId={panelId}
          activeCount={activeCount}
          label="Filter books"
        />
        <FilterPanel
          id={panelId}
          filters={fullFilters}
          onChange={(patch) => {
            const { sort: _sort, pageSize: _pageSize, ...next } = { ...fullFilters, ...patch };
            onFilters(next);
          }}
          onClear={clear}
          activeCount={activeCount}
          className={`${filtersOpen ? "mt-4 grid" : "hidden"} lg:mt-0 lg:grid`}
        />
      </div>
      <section aria-label="Books found" className="flex min-w-0 flex-col gap-5">
        <p aria-live="polite" className="text-ink-muted text-sm" data-testid="search-count">
          {query.isPending
            ? "Searching…"
            : query.isError && books.length === 0
              ? "The search failed"
              : books.length === 0
                ? "No books found"
                : `${books.length}${query.hasNextPage ? "+" : ""} ${books.length === 1 ? "book" : "books"} found`}
        </p>
        {query.isPending ? (
          <BookGridSkeleton count={10} className={RESULTS_GRID} label="Searching books…" />
        ) : query.isError && books.length === 0 ? (
          <ErrorState
            title="Couldn't search books"
            error={query.error}
            onRetry={() => query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : books.length === 0 ? (
          <EmptyState title="No books match" icon={<SearchX aria-hidden="true" className="size-8" />}>
            <p className="max-w-sm text-ink-muted text-sm">
              {activeCount > 0
                ? "Try removing a filter, or search for other words."
                : "Check the spelling, try fewer words, or search for the author instead."}
            </p>
            {activeCount > 0 ? (
              <Button variant="secondary" size="sm" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <BookGrid
              books={books}
              className={RESULTS_GRID}
              label="Books"
              testId="search-book-results"
              eagerCount={4}
            />
            <MoreResults query={query} what="books" />
          </>
        )}
      </section>
    </div>
  );
}

function PeopleResults({ q }: { q: string }) {
  const query = useInfiniteQuery(searchResultsQuery(q, "people", {}));
  const people = query.data?.pages.flatMap((page) => page.people.items) ?? [];
  return (
    <section aria-label="People found" className="mt-6 flex max-w-2xl flex-col gap-4">
      {query.isPending ? (
        <PeopleListSkeleton label="Searching people…" rows={4} />
      ) : query.isError && people.length === 0 ? (
        <ErrorState
          title="Couldn't search people"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : people.length === 0 ? (
        <EmptyState title="Nobody by that name" icon={<SearchX aria-hidden="true" className="size-8" />}>
          <p className="max-w-sm text-ink-muted text-sm">People are found by their name or username.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="search-people-results">
            {people.map((person) => (
              <PersonResult key={person.id} person={person} q={q} />
            ))}
          </ul>
          <MoreResults query={query} what="people" />
        </>
      )}
    </section>
  );
}

function PersonResult({ person, q }: { person: PublicProfile; q: string }) {
  return (
    <li className="relative flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 transition-colors hover:border-accent/40">
      <UserAvatar user={person} size={48} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/u/${encodeURIComponent(person.username)}`}
          className="block truncate font-medium text-ink after:absolute after:inset-0 hover:underline"
        >
          <Highlighted text={displayName(person)} query={q} />
        </Link>
        <p className="truncate text-ink-muted text-sm">
          @<Highlighted text={person.username} query={q} />
          {person.author ? ` · Author · ${formatCompactNumber(person.author.nReaders)} readers` : null}
        </p>
      </div>
    </li>
  );
}

function MoreResults({
  query,
  what,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: Error | null;
    fetchNextPage(): unknown;
  };
  what: string;
}) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <ErrorState
          compact
          title={`Couldn't load more ${what}`}
          error={query.error}
          onRetry={() => query.fetchNextPage()}
        />
      ) : null}
      {query.hasNextPage ? (
        <div className="flex justify-center pt-2">
          <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? "Loading…" : `More ${what}`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
