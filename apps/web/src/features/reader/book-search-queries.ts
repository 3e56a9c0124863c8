import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { readerKeys } from "./reader-queries";

/** Every match of `q` in the book, in reading order; kept a while, since the text only changes with an edition. */
export function bookSearchQuery(bookId: string, q: string) {
  return queryOptions({
    queryKey: [...readerKeys.all, bookId, "search", q] as const,
    queryFn: ({ signal }) => api("books.search", { params: { id: bookId }, query: { q }, signal }),
    staleTime: 10 * 60_000,
  });
}
