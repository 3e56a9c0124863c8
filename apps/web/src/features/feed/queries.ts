import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const feedKeys = {
  all: ["feed"] as const,
};

export function feedQuery() {
  return infiniteQueryOptions({
    queryKey: feedKeys.all,
    queryFn: ({ pageParam, signal }) => api("feed.list", { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const useFeed = () => useInfiniteQuery(feedQuery());
