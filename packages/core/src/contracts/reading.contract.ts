import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema } from "../domain/common";
import { ChapterProgressSchema, EpubPositionSchema, ReadingProgressSchema } from "../domain/progress";
import { BookSummarySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";

export const BookIdParamsSchema = z.object({ id: IdSchema });
export const ChapterParamsSchema = z.object({ id: IdSchema, anchorId: z.string().min(1).max(200) });

/** One chapter to read: sanitised HTML (rendered in a sandboxed frame) with its neighbours for previous / next. */
export const ChapterContentSchema = z
  .object({
    bookId: IdSchema,
    anchorId: z.string(),
    name: z.string(),
    chapterNumber: z.number().int().nonnegative(),
    /** Sanitised at import: no scripts, handlers, forms, frames or remote resources. */
    html: z.string(),
    wordCount: z.number().int().nonnegative(),
    /** The book's scoped CSS (EPUB books); empty for community books. */
    css: z.string(),
    language: z.string().nullable(),
    previous: z.object({ anchorId: z.string(), name: z.string() }).nullable(),
    next: z.object({ anchorId: z.string(), name: z.string() }).nullable(),
    /** Chapters in the book, so the reader can show "chapter 3 of 12". */
    chapterCount: z.number().int().nonnegative(),
  })
  .meta({ id: "ChapterContent" });
export type ChapterContent = z.infer<typeof ChapterContentSchema>;

/**
 * When the reader was at the place (their device's clock). The latest write wins per book: one stamped
 * before the stored `lastReadAt` arrived late and moves nothing. A time ahead of the server's counts as
 * the server's now; left out, the server's now.
 */
export const ReadAtSchema = z.iso.datetime({ offset: true }).optional();

/**
 * The reader's place in a book: the book's progress is derived from it (the words before the place,
 * `offset` 1 being the end of the chapter); `progress` only counts for a book without chapters.
 */
export const BookProgressUpdateSchema = z.object({
  epubPosition: EpubPositionSchema,
  currentChapter: z.string().min(1).max(200),
  progress: z.number(),
  readAt: ReadAtSchema,
});
export type BookProgressUpdate = z.input<typeof BookProgressUpdateSchema>;

/**
 * A place in a chapter: `progress` is how far through the chapter the reader has got (0–100, through
 * the end of the screen), and the book's progress follows from it; `epubPosition` is where to resume.
 */
export const ChapterProgressUpdateSchema = z.object({
  progress: z.number(),
  epubPosition: EpubPositionSchema.nullable().default(null),
  readAt: ReadAtSchema,
});
export type ChapterProgressUpdate = z.input<typeof ChapterProgressUpdateSchema>;

/** "Mark as finished" and "Start over": a body is optional, as is its moment. */
export const ProgressActionSchema = z.object({ readAt: ReadAtSchema }).nullish();
export type ProgressAction = z.input<typeof ProgressActionSchema>;

export const BookProgressResponseSchema = z.object({
  progress: ReadingProgressSchema.nullable(),
  chapters: z.array(ChapterProgressSchema),
});
export type BookProgressResponse = z.infer<typeof BookProgressResponseSchema>;

/** "Continue reading": the signed-in user's books in progress, most recently read first. */
export const ContinueReadingSchema = z.object({
  items: z.array(z.object({ book: BookSummarySchema, progress: ReadingProgressSchema })),
});

const PROGRESS_ERRORS = [400, 401, 404, 412, 500] as const;
const CONTENT_ERRORS = [400, 404, 412] as const;

export const readingContract = defineContract({
  "books.chapterContent": {
    method: "GET",
    path: P["books.chapterContent"],
    params: ChapterParamsSchema,
    response: z.object({ chapter: ChapterContentSchema }),
    errors: CONTENT_ERRORS,
  },
  "books.file": {
    method: "GET",
    path: P["books.file"],
    params: z.object({ id: IdSchema, "*": z.string().min(1).max(1000) }),
    response: z.any().meta({ description: "A file of the book (image, font, media or stylesheet), by its path." }),
    errors: CONTENT_ERRORS,
  },
  "progress.get": {
    method: "GET",
    path: P["progress.get"],
    params: BookIdParamsSchema,
    response: BookProgressResponseSchema,
    errors: PROGRESS_ERRORS,
  },
  "progress.put": {
    method: "PUT",
    path: P["progress.put"],
    params: BookIdParamsSchema,
    body: BookProgressUpdateSchema,
    response: BookProgressResponseSchema,
    errors: PROGRESS_ERRORS,
  },
  "progress.putChapter": {
    method: "PUT",
    path: P["progress.putChapter"],
    params: ChapterParamsSchema,
    body: ChapterProgressUpdateSchema,
    response: BookProgressResponseSchema,
    errors: PROGRESS_ERRORS,
  },
  "progress.finish": {
    method: "POST",
    path: P["progress.finish"],
    params: BookIdParamsSchema,
    body: ProgressActionSchema,
    response: BookProgressResponseSchema,
    errors: PROGRESS_ERRORS,
  },
  "progress.startOver": {
    method: "POST",
    path: P["progress.startOver"],
    params: BookIdParamsSchema,
    body: ProgressActionSchema,
    response: BookProgressResponseSchema,
    errors: PROGRESS_ERRORS,
  },
  "me.progress": { method: "GET", path: P["me.progress"], response: ContinueReadingSchema, errors: PROGRESS_ERRORS },
});
