import type { SearchKind } from "@quire/core";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { track } from "../../lib/analytics";
import { api } from "../../lib/api-client";
import type { BookFilters } from "../catalog";

export const searchKeys = {
  all: ["search"] as const,
  suggestions: (q: string) => [...searchKeys.all, "suggest", q] as const,
  results: (q: string, kind: SearchKind, filters: SearchFilters) => [...searchKeys.all, q, kind, filters] as const,
};

/** The browse filters search applies to books (sorting and page size are the search's own). */
export type SearchFilters = Omit<BookFilters, "sort" | "pageSize">;

export function suggestionsQuery(q: string) {
  return queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) => api("search.suggest", { query: { q }, signal }),
    select: (data) => data.items,
    staleTime: 30_000,
  });
}

/** One kind at a time: the tab on screen decides which half of the answer is paged. */
export function searchResultsQuery(q: string, kind: Exclude<SearchKind, "all">, filters: SearchFilters) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(q, kind, filters),
    queryFn: ({ pageParam, signal }) => {
      // The kind searched, never the words: they may say something about the reader.
      if (pageParam === undefined) track("search", { kind });
      return api("search", {
        query: { q, kind, ...(kind === "books" ? filters : {}), cursor: pageParam },
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page[kind].nextCursor ?? undefined,
  });
}
