import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { staleAfterVisit } from "../../ssr-state";

export const homeKeys = {
  home: () => ["home"] as const,
};

export function readerHomeQuery() {
  return queryOptions({
    queryKey: homeKeys.home(),
    queryFn: ({ signal }) => api("me.home", { signal }),
    // Fetched again on every visit (the last copy shows meanwhile): the reader, the book page and follows
    // all change it, and the reader's own writes must show on their next home.
    staleTime: staleAfterVisit,
  });
}

export const useReaderHome = () => useQuery(readerHomeQuery());
