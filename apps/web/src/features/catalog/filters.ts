import type { BookSort, BookSource, BookStatus, CompletionStatus } from "@quire/core";
import {
  BOOK_SORTS,
  BOOK_SOURCES,
  BOOK_STATUSES,
  COMPLETION_STATUSES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZES,
} from "@quire/core/constants";

/** Browse filters as the URL carries them; every field is optional and validated. */
export interface BookFilters {
  source?: BookSource;
  status?: BookStatus;
  genre?: string;
  category?: string;
  completionStatus?: CompletionStatus;
  sort: BookSort;
  pageSize: (typeof PAGE_SIZES)[number];
}

export const DEFAULT_BOOK_FILTERS: BookFilters = { sort: "popular", pageSize: PAGE_SIZE_DEFAULT };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function idParam(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= 128 ? trimmed : undefined;
}

/** Reads filters from a query string, dropping anything the API would refuse. */
export function filtersFromSearchParams(params: URLSearchParams): BookFilters {
  const size = Number(params.get("pageSize"));
  return {
    source: oneOf(BOOK_SOURCES, params.get("source")),
    status: oneOf(BOOK_STATUSES, params.get("status")),
    genre: idParam(params.get("genre")),
    category: idParam(params.get("category")),
    completionStatus: oneOf(COMPLETION_STATUSES, params.get("completionStatus")),
    sort: oneOf(BOOK_SORTS, params.get("sort")) ?? DEFAULT_BOOK_FILTERS.sort,
    pageSize: PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_BOOK_FILTERS.pageSize,
  };
}

/** Writes filters back, leaving defaults out so URLs stay short and shareable. */
export function filtersToSearchParams(filters: BookFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.source) params.set("source", filters.source);
  if (filters.status) params.set("status", filters.status);
  if (filters.genre) params.set("genre", filters.genre);
  if (filters.category) params.set("category", filters.category);
  if (filters.completionStatus) params.set("completionStatus", filters.completionStatus);
  if (filters.sort !== DEFAULT_BOOK_FILTERS.sort) params.set("sort", filters.sort);
  if (filters.pageSize !== DEFAULT_BOOK_FILTERS.pageSize) params.set("pageSize", String(filters.pageSize));
  return params;
}

export function countActiveFilters(filters: BookFilters): number {
  return [filters.source, filters.status, filters.genre, filters.category, filters.completionStatus].filter(Boolean)
    .length;
}
