import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const userKeys = {
  all: ["users"] as const,
  recent: () => [...userKeys.all, "recent"] as const,
  byUsername: (username: string) => [...userKeys.all, "by-username", username] as const,
  byId: (id: string) => [...userKeys.all, "by-id", id] as const,
  books: (id: string) => [...userKeys.all, "books", id] as const,
  reading: (userId: string) => [...userKeys.all, "reading", userId] as const,
};

export function recentUsersQuery() {
  return queryOptions({
    queryKey: userKeys.recent(),
    queryFn: ({ signal }) => api("users.recent", { signal }),
    select: (data) => data.items,
  });
}

export const useRecentUsers = () => useQuery(recentUsersQuery());

export function userByUsernameQuery(username: string) {
  return queryOptions({
    queryKey: userKeys.byUsername(username),
    queryFn: ({ signal }) => api("users.byUsername", { params: { username }, signal }).then((data) => data.user),
  });
}

export const useUserByUsername = (username: string) => useQuery(userByUsernameQuery(username));

/** What the user is reading, has finished and starred; a profile's owner sees theirs even when it is private. */
export function userReadingQuery(userId: string) {
  return queryOptions({
    queryKey: userKeys.reading(userId),
    queryFn: ({ signal }) => api("users.reading", { params: { id: userId }, signal }),
  });
}

export const useUserReading = (userId: string) => useQuery(userReadingQuery(userId));

export function userByIdQuery(id: string) {
  return queryOptions({
    queryKey: userKeys.byId(id),
    queryFn: ({ signal }) => api("users.get", { params: { id }, signal }).then((data) => data.user),
  });
}

export const useUserById = (id: string) => useQuery(userByIdQuery(id));

/** An author's launched, then scheduled, books, a page at a time; `enabled` is false for non-authors. */
export function authorBooksQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: userKeys.books(userId),
    queryFn: ({ pageParam, signal }) =>
      api("users.books", { params: { id: userId }, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const useAuthorBooks = (userId: string, enabled: boolean) =>
  useInfiniteQuery({ ...authorBooksQuery(userId), enabled });
