import { BOOK_SORTS, PAGE_SIZES } from "@quire/core/constants";
import { SearchX } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LabelledOptions, SelectField } from "../../../components/select-field";
import { pluralize } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { SORT_LABELS } from "../book-labels";
import { BookGrid, BookGridSkeleton } from "../components/book-collection";
import { FilterPanel } from "../components/filter-panel";
import { FiltersToggle } from "../components/filters-toggle";
import {
  type BookFilters,
  countActiveFilters,
  DEFAULT_BOOK_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
} from "../filters";
import { useBookList, useCategories, useGenres } from "../queries";

const RESULTS_GRID = "grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 sm:gap-x-5 md:grid-cols-4 xl:grid-cols-5";

export function BrowseScreen() {
  useScreenTitle("Browse");
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const activeCount = countActiveFilters(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  const update = (patch: Partial<BookFilters>) => {
    setSearchParams(filtersToSearchParams({ ...filters, ...patch }));
  };
  const clearFilters = () => {
    setSearchParams(filtersToSearchParams({ ...DEFAULT_BOOK_FILTERS, sort: filters.sort, pageSize: filters.pageSize }));
  };
  const dropped = useDropUnknownFilters(filters, setSearchParams);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 md:px-6 md:pt-10 lg:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">Browse books</h1>
        <p className="text-ink-muted">Community originals and public-domain classics, filtered your way.</p>
      </div>
      {dropped.length > 0 ? (
        <p
          role="status"
          data-testid="dropped-filters"
          className="mt-4 rounded-xl border border-line bg-surface px-4 py-3 text-ink-muted text-sm"
        >
          {dropped.map(({ label, value }) => `There is no ${label} “${value}”`).join("; ")}, so that filter was removed.
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <div className="flex items-center gap-2 lg:hidden">
            <FiltersToggle
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              panelId={panelId}
              activeCount={activeCount}
              label="Show filters"
            />
            {activeCount > 0 ? (
              <Button variant="ghost" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </div>
          <FilterPanel
            id={panelId}
            filters={filters}
            onChange={update}
            onClear={clearFilters}
            activeCount={activeCount}
            className={`${filtersOpen ? "mt-4 grid" : "hidden"} lg:mt-0 lg:grid`}
          />
        </div>

        <Results filters={filters} onChange={update} onClear={clearFilters} activeCount={activeCount} />
      </div>
    </div>
  );
}

/**
 * A genre or category id from the URL that does not exist (a stale link, a typo) is removed from the URL
 * once the lists load, and the screen says so instead of offering it as an option.
 */
function useDropUnknownFilters(
  filters: BookFilters,
  setSearchParams: (params: URLSearchParams, options: { replace: boolean }) => void,
) {
  const genres = useGenres();
  const categories = useCategories();
  const [dropped, setDropped] = useState<{ label: string; value: string }[]>([]);
  useEffect(() => {
    const unknown: { key: "genre" | "category"; label: string; value: string }[] = [];
    if (filters.genre && genres.data && !genres.data.some((genre) => genre.id === filters.genre)) {
      unknown.push({ key: "genre", label: "genre", value: filters.genre });
    }
    if (filters.category && categories.data && !categories.data.some((category) => category.id === filters.category)) {
      unknown.push({ key: "category", label: "category", value: filters.category });
    }
    if (unknown.length === 0) return;
    setDropped(unknown);
    const patch = Object.fromEntries(unknown.map(({ key }) => [key, undefined]));
    setSearchParams(filtersToSearchParams({ ...filters, ...patch }), { replace: true });
  }, [filters, genres.data, categories.data, setSearchParams]);
  return dropped;
}

interface ResultsProps {
  filters: BookFilters;
  onChange(patch: Partial<BookFilters>): void;
  onClear(): void;
  activeCount: number;
}

function Results({ filters, onChange, onClear, activeCount }: ResultsProps) {
  const query = useBookList(filters);
  const books = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total;

  return (
    <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3 border-line border-b pb-4">
        <div>
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <p aria-live="polite" className="text-ink-muted text-sm" data-testid="results-count">
            {query.isPending
              ? "Finding books…"
              : query.isError && books.length === 0
                ? "Couldn't load books"
                : total !== undefined
                  ? `${pluralize(total, "book")} found`
                  : `Showing ${pluralize(books.length, "book")}${query.hasNextPage ? " so far" : ""}`}
          </p>
        </div>
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap sm:items-center sm:gap-x-4 sm:gap-y-2">
          <SelectField
            inline
            label="Sort by"
            value={filters.sort}
            onChange={(value) => onChange({ sort: value as BookFilters["sort"] })}
          >
            <LabelledOptions values={BOOK_SORTS} labels={SORT_LABELS} />
          </SelectField>
          <SelectField
            inline
            label="Books per page"
            value={String(filters.pageSize)}
            onChange={(value) => onChange({ pageSize: Number(value) as BookFilters["pageSize"] })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      {query.isPending ? (
        <BookGridSkeleton count={filters.pageSize} className={RESULTS_GRID} label="Loading books…" />
      ) : query.isError && books.length === 0 ? (
        <ErrorState
          title="Couldn't load books"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : books.length === 0 ? (
        <EmptyState
          title={activeCount > 0 ? "No books match these filters" : "No books yet"}
          icon={<SearchX aria-hidden="true" className="size-8" />}
        >
          <p className="max-w-sm text-ink-muted text-sm">
            {activeCount > 0
              ? "Try removing a filter or two to widen the search."
              : "Books will appear here once they are added."}
          </p>
          {activeCount > 0 ? (
            <Button variant="secondary" size="sm" onClick={onClear}>
              Clear filters
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <BookGrid books={books} className={RESULTS_GRID} label="Books" testId="browse-results" eagerCount={4} />
          {query.isFetchNextPageError ? (
            <ErrorState
              compact
              title="Couldn't load more books"
              error={query.error}
              onRetry={() => query.fetchNextPage()}
            />
          ) : null}
          {query.hasNextPage ? (
            <div className="flex justify-center pt-2">
              <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          ) : books.length > filters.pageSize ? (
            <p className="text-center text-ink-muted text-sm">You've reached the end of the list.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
