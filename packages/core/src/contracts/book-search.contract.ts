import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { BOOK_SEARCH_MAX_ITEMS } from "../rules/book-search";
import { defineContract } from "./define-contract";
import { BookIdParamsSchema } from "./reading.contract";
import { SearchTextSchema } from "./search.contract";

/** One match in the book: where it is (a text locator character in its chapter) and a snippet around it. */
export const BookSearchMatchSchema = z
  .object({
    anchorId: z.string(),
    /** The chapter's name, or "Chapter N" when it has none. */
    chapterName: z.string(),
    /** Text locator character of the match's start: the reader opens it with `?at=`. */
    offset: z.number().int().nonnegative(),
    /** The match with some words each side, "…" where cut; whitespace runs are single spaces. */
    snippet: z.string(),
    /** The match inside `snippet`, to show it bold. */
    matchStart: z.number().int().nonnegative(),
    matchLength: z.number().int().positive(),
  })
  .meta({ id: "BookSearchMatch" });
export type BookSearchMatch = z.infer<typeof BookSearchMatchSchema>;

/** Matches in reading order (chapter, then place), the first BOOK_SEARCH_MAX_ITEMS of `total`. */
export const BookSearchResultsSchema = z
  .object({
    items: z.array(BookSearchMatchSchema).max(BOOK_SEARCH_MAX_ITEMS),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "BookSearchResults" });
export type BookSearchResults = z.infer<typeof BookSearchResultsSchema>;

/** Search inside one book's text, case- and diacritics-insensitively; on the same terms as its chapters. */
export const bookSearchContract = defineContract({
  "books.search": {
    method: "GET",
    path: P["books.search"],
    params: BookIdParamsSchema,
    querystring: z.object({ q: SearchTextSchema }),
    response: BookSearchResultsSchema,
    errors: [400, 404, 412, 429],
  },
});
