import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH, SEARCH_SUGGESTIONS_MAX } from "../constants";
import { BookSourceSchema, BookStatusSchema, CompletionStatusSchema } from "../domain/book";
import { IdSchema } from "../domain/common";
import { PublicProfileSchema } from "../domain/user";
import { pageSchema } from "../pagination";
import { BookSummarySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";

/** What a search asks for; the trimmed text must hold at least two characters. */
export const SearchTextSchema = z
  .string()
  .trim()
  .min(SEARCH_QUERY_MIN_LENGTH, `Type at least ${SEARCH_QUERY_MIN_LENGTH} characters to search.`)
  .max(SEARCH_QUERY_MAX_LENGTH, `A search can be at most ${SEARCH_QUERY_MAX_LENGTH} characters long.`);

export const SEARCH_KINDS = ["all", "books", "people"] as const;
export const SearchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof SearchKindSchema>;

export const SearchQuerySchema = z.object({
  q: SearchTextSchema,
  kind: SearchKindSchema.default("all"),
  cursor: z.string().max(512).optional(),
  /** The browse filters, applied to book results. */
  genre: IdSchema.optional(),
  category: IdSchema.optional(),
  source: BookSourceSchema.optional(),
  status: BookStatusSchema.optional(),
  completionStatus: CompletionStatusSchema.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** Books and people in one answer; a kind that was not asked for comes back empty. */
export const SearchResultsSchema = z
  .object({
    books: pageSchema(BookSummarySchema),
    people: pageSchema(PublicProfileSchema),
  })
  .meta({ id: "SearchResults" });
export type SearchResults = z.infer<typeof SearchResultsSchema>;

export const SUGGESTION_KINDS = ["book", "author", "person", "genre"] as const;
export const SuggestionKindSchema = z.enum(SUGGESTION_KINDS);
export type SuggestionKind = z.infer<typeof SuggestionKindSchema>;

export const SuggestionSchema = z
  .object({
    kind: SuggestionKindSchema,
    id: z.string(),
    label: z.string(),
    sublabel: z.string().optional(),
    /** The app path the suggestion opens. */
    url: z.string().startsWith("/"),
  })
  .meta({ id: "Suggestion" });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionsSchema = z.object({ items: z.array(SuggestionSchema).max(SEARCH_SUGGESTIONS_MAX) });
export type Suggestions = z.infer<typeof SuggestionsSchema>;

/** Search over books (title, author, description) and people (name, username), with typo tolerance. */
export const searchContract = defineContract({
  search: {
    method: "GET",
    path: P.search,
    querystring: SearchQuerySchema,
    response: SearchResultsSchema,
    errors: [400, 429],
  },
  "search.suggest": {
    method: "GET",
    path: P["search.suggest"],
    querystring: z.object({ q: SearchTextSchema }),
    response: SuggestionsSchema,
    errors: [400, 429],
  },
});
