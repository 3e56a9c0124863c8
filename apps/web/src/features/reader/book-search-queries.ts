import type { BookSearchResults } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";
import { readerKeys } from "./reader-queries";

/** Every match of `q` in the book, in reading order; kept a while, since the text only changes with an edition. */
export function bookSearchQuery(bookId: string, q: string) {
  return queryOptions({
    queryKey: [...readerKeys.all, bookId, "search", q] as const,
    queryFn: ({ signal }) =>
      apiGet<BookSearchResults>(apiPath("books.search", { id: bookId }), { query: { q }, signal }),
    staleTime: 10 * 60_000,
  });
}
