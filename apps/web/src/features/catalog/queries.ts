import type { BookDetail } from "@quire/core";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import type { BookFilters } from "./filters";

export const catalogKeys = {
  all: ["catalog"] as const,
  bookLists: () => [...catalogKeys.all, "books"] as const,
  bookList: (filters: BookFilters) => [...catalogKeys.bookLists(), filters] as const,
  trending: () => [...catalogKeys.all, "trending"] as const,
  newCommunity: () => [...catalogKeys.all, "new-community"] as const,
  book: (id: string) => [...catalogKeys.all, "book", id] as const,
  chapters: (id: string) => [...catalogKeys.book(id), "chapters"] as const,
  genres: () => [...catalogKeys.all, "genres"] as const,
  categories: () => [...catalogKeys.all, "categories"] as const,
};

type Cursor = string | undefined;

export function bookListQuery(filters: BookFilters) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.bookList(filters),
    queryFn: ({ pageParam, signal }) =>
      api("books.list", {
        query: { ...filters, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as Cursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function trendingBooksQuery() {
  return queryOptions({
    queryKey: catalogKeys.trending(),
    queryFn: ({ signal }) => api("books.trending", { signal }),
    select: (data) => data.items,
  });
}

export function newCommunityBooksQuery() {
  return infiniteQueryOptions({
    queryKey: catalogKeys.newCommunity(),
    queryFn: ({ pageParam, signal }) => api("books.newCommunity", { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as Cursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function bookQuery(id: string) {
  return queryOptions({
    queryKey: catalogKeys.book(id),
    queryFn: ({ signal }) => api("books.get", { params: { id }, signal }),
  });
}

/** Timers longer than this are set again after it (browsers cap a timer at about 24.8 days). */
const LONGEST_WAIT_MS = 60 * 60_000;
/** After the launch time, how often to look again until the launch worker has launched the book. */
export const LAUNCH_POLL_MS = 5_000;

/**
 * The book page's refetch plan: a scheduled book is read again at its launch time, then every few
 * seconds until it has launched, so a page left open turns into "Start reading" by itself.
 */
export function refetchUntilLaunched(query: { state: { data?: BookDetail | undefined } }): number | false {
  const book = query.state.data?.book;
  if (book?.status !== "scheduled" || !book.launchedDate) return false;
  const wait = Date.parse(book.launchedDate) - Date.now();
  return wait > 0 ? Math.min(wait, LONGEST_WAIT_MS) : LAUNCH_POLL_MS;
}

export function bookChaptersQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.chapters(id),
    queryFn: ({ pageParam, signal }) => api("books.chapters", { params: { id }, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as Cursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function genresQuery() {
  return queryOptions({
    queryKey: catalogKeys.genres(),
    queryFn: ({ signal }) => api("genres.list", { signal }),
    select: (data) => data.items,
    staleTime: 10 * 60_000,
  });
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => api("categories.list", { signal }),
    select: (data) => [...data.items].sort((a, b) => a.position - b.position),
    staleTime: 5 * 60_000,
  });
}

export const useBookList = (filters: BookFilters) => useInfiniteQuery(bookListQuery(filters));
export const useTrendingBooks = () => useQuery(trendingBooksQuery());
export const useNewCommunityBooks = () => useInfiniteQuery(newCommunityBooksQuery());
export const useBook = (id: string) => useQuery(bookQuery(id));
export const useBookChapters = (id: string, enabled = true) => useInfiniteQuery({ ...bookChaptersQuery(id), enabled });
export const useGenres = () => useQuery(genresQuery());
export const useCategories = () => useQuery(categoriesQuery());
