import type { FeedPage } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export const feedKeys = {
  all: ["feed"] as const,
};

export function feedQuery() {
  return infiniteQueryOptions({
    queryKey: feedKeys.all,
    queryFn: ({ pageParam, signal }) =>
      apiGet<FeedPage>(apiPath("feed.list"), { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const useFeed = () => useInfiniteQuery(feedQuery());
