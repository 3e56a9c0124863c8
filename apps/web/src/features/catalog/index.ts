/** What other features use of catalog; the rest of the folder is its own. */
export {
  authorsText,
  COMPLETION_LABELS,
  PUBLISHING_LABELS_TEXT,
  SOURCE_LABELS,
  STATUS_LABELS,
  statusBadge,
} from "./book-labels";
export { BookBadges } from "./components/badge";
export { BookCard, bookPath, WideBookCardSkeleton } from "./components/book-card";
export { BookGrid, BookGridSkeleton, BookRow, BookRowSkeleton } from "./components/book-collection";
export { BookCover } from "./components/book-cover";
export { Byline } from "./components/byline";
export { FilterPanel } from "./components/filter-panel";
export { FiltersToggle } from "./components/filters-toggle";
export { LaunchCountdown } from "./components/launch-countdown";
export type { BookFilters } from "./filters";
export { countActiveFilters, DEFAULT_BOOK_FILTERS, filtersFromSearchParams, filtersToSearchParams } from "./filters";
export {
  bookQuery,
  catalogKeys,
  refetchUntilLaunched,
  useCategories,
  useGenres,
  useNewCommunityBooks,
  useTrendingBooks,
} from "./queries";
