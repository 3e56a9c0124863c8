import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { BOOK_SORTS, PAGE_SIZE_DEFAULT, PAGE_SIZES } from "../constants";
import {
  BookCategorySchema,
  BookDataSchema,
  BookSchema,
  BookSourceSchema,
  BookStatusSchema,
  ChapterSchema,
  CompletionStatusSchema,
  GenreSchema,
} from "../domain/book";
import { IdSchema } from "../domain/common";
import { PublicProfileSchema } from "../domain/user";
import { pageSchema } from "../pagination";
import { defineContract } from "./define-contract";

/** Query strings arrive as text; "true"/"false" become booleans, anything else is refused. */
const BooleanQuerySchema = z.enum(["true", "false"]).transform((value) => value === "true");

export const BookSortSchema = z.enum(BOOK_SORTS);
export type BookSort = z.infer<typeof BookSortSchema>;

export const PageSizeSchema = z.coerce
  .number()
  .refine((n): n is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(n), {
    message: `pageSize must be one of ${PAGE_SIZES.join(", ")}`,
  })
  .default(PAGE_SIZE_DEFAULT);

export const ListBooksQuerySchema = z.object({
  display: BooleanQuerySchema.optional(),
  source: BookSourceSchema.optional(),
  status: BookStatusSchema.optional(),
  genre: IdSchema.optional(),
  category: IdSchema.optional(),
  completionStatus: CompletionStatusSchema.optional(),
  sort: BookSortSchema.default("popular"),
  pageSize: PageSizeSchema,
  cursor: z.string().max(512).optional(),
  /** 1-based page number, the alternative to `cursor` for numbered pagination. */
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type ListBooksQuery = z.infer<typeof ListBooksQuerySchema>;
export type ListBooksQueryInput = z.input<typeof ListBooksQuerySchema>;

export const BookSummarySchema = BookSchema;
export type BookSummary = z.infer<typeof BookSummarySchema>;

export const BookPageSchema = pageSchema(BookSummarySchema).extend({
  /** Present with numbered paging: how many books match the filters. */
  total: z.number().int().nonnegative().optional(),
});
export type BookPage = z.infer<typeof BookPageSchema>;

export const BookDetailSchema = z
  .object({
    book: BookSummarySchema,
    bookData: BookDataSchema.nullable(),
    genres: z.array(GenreSchema),
    categories: z.array(BookCategorySchema.pick({ id: true, name: true })),
  })
  .meta({ id: "BookDetail" });
export type BookDetail = z.infer<typeof BookDetailSchema>;

export const BookParamsSchema = z.object({ id: IdSchema });
export const CursorQuerySchema = z.object({ cursor: z.string().max(512).optional() });

export const ChapterPageSchema = pageSchema(ChapterSchema);
export type ChapterPage = z.infer<typeof ChapterPageSchema>;

export const CategoryWithBooksSchema = BookCategorySchema.extend({ books: z.array(BookSummarySchema) }).meta({
  id: "CategoryWithBooks",
});
export type CategoryWithBooks = z.infer<typeof CategoryWithBooksSchema>;

/** How many books each row after the end of a book holds. */
export const AFTER_READING_ROW_SIZE = 6;

/** What the end-of-book screen offers next: the author's other books, what fellow finishers read, the shelf. */
export const AfterReadingSchema = z
  .object({
    moreByAuthor: z.array(BookSummarySchema).max(AFTER_READING_ROW_SIZE),
    alsoRead: z.array(BookSummarySchema).max(AFTER_READING_ROW_SIZE),
    nextInCategory: z.array(BookSummarySchema).max(AFTER_READING_ROW_SIZE),
  })
  .meta({ id: "AfterReading" });
export type AfterReading = z.infer<typeof AfterReadingSchema>;

export const HealthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["sqlite", "postgres"]),
  version: z.string(),
});

const BOOK_ERRORS = [400, 404] as const;

export const catalogContract = defineContract({
  health: { method: "GET", path: P.health, response: HealthSchema },
  "books.list": {
    method: "GET",
    path: P["books.list"],
    querystring: ListBooksQuerySchema,
    response: BookPageSchema,
    errors: BOOK_ERRORS,
  },
  "books.trending": {
    method: "GET",
    path: P["books.trending"],
    response: z.object({ items: z.array(BookSummarySchema) }),
  },
  "books.newCommunity": {
    method: "GET",
    path: P["books.newCommunity"],
    querystring: CursorQuerySchema,
    response: pageSchema(BookSummarySchema),
    errors: BOOK_ERRORS,
  },
  "books.get": {
    method: "GET",
    path: P["books.get"],
    params: BookParamsSchema,
    response: BookDetailSchema,
    errors: BOOK_ERRORS,
  },
  "books.chapters": {
    method: "GET",
    path: P["books.chapters"],
    params: BookParamsSchema,
    querystring: CursorQuerySchema,
    response: ChapterPageSchema,
    errors: BOOK_ERRORS,
  },
  "books.afterReading": {
    method: "GET",
    path: P["books.afterReading"],
    params: BookParamsSchema,
    response: AfterReadingSchema,
    errors: BOOK_ERRORS,
  },
  "genres.list": { method: "GET", path: P["genres.list"], response: z.object({ items: z.array(GenreSchema) }) },
  "categories.list": {
    method: "GET",
    path: P["categories.list"],
    response: z.object({ items: z.array(CategoryWithBooksSchema) }),
  },
  "users.byUsername": {
    method: "GET",
    path: P["users.byUsername"],
    params: z.object({ username: z.string().min(1).max(40) }),
    response: z.object({ user: PublicProfileSchema }),
    errors: [404],
  },
  "users.recent": {
    method: "GET",
    path: P["users.recent"],
    response: z.object({ items: z.array(PublicProfileSchema) }),
  },
});
