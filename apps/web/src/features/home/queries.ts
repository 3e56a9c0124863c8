import type { ReaderHome } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";
import { libraryKeys } from "../library/queries";

export const homeKeys = {
  // Under the library's keys: the reader's saves and progress actions refresh `libraryKeys.all`, so home too.
  home: () => [...libraryKeys.all, "home"] as const,
};

export function readerHomeQuery() {
  return queryOptions({
    queryKey: homeKeys.home(),
    queryFn: ({ signal }) => apiGet<ReaderHome>(apiPath("me.home"), { signal }),
  });
}

export const useReaderHome = () => useQuery(readerHomeQuery());
