import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema } from "../domain/common";
import { ChapterProgressSchema, EpubPositionSchema, ReadingProgressSchema } from "../domain/progress";
import { BookSummarySchema } from "./catalog.contract";

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
 * The reader's place in a book. `progress` (0–100) is clamped and rounded; when the book has chapter
 * progress the server derives the book's progress from it, weighted by words.
 */
export const BookProgressUpdateSchema = z.object({
  epubPosition: EpubPositionSchema,
  currentChapter: z.string().min(1).max(200),
  progress: z.number(),
});
export type BookProgressUpdate = z.input<typeof BookProgressUpdateSchema>;

export const ChapterProgressUpdateSchema = z.object({
  progress: z.number(),
  epubPosition: EpubPositionSchema.nullable().default(null),
});
export type ChapterProgressUpdate = z.input<typeof ChapterProgressUpdateSchema>;

export const BookProgressResponseSchema = z.object({
  progress: ReadingProgressSchema.nullable(),
  chapters: z.array(ChapterProgressSchema),
});
export type BookProgressResponse = z.infer<typeof BookProgressResponseSchema>;

/** "Continue reading": the signed-in user's books in progress, most recently read first. */
export const ContinueReadingSchema = z.object({
  items: z.array(z.object({ book: BookSummarySchema, progress: ReadingProgressSchema })),
});

export const readingContract = {
  "books.chapterContent": {
    method: "GET",
    path: P["books.chapterContent"],
    params: ChapterParamsSchema,
    response: z.object({ chapter: ChapterContentSchema }),
  },
  "books.file": {
    method: "GET",
    path: P["books.file"],
    params: z.object({ id: IdSchema, "*": z.string().min(1).max(1000) }),
    response: z.any().meta({ description: "A file of the book (image, font, media or stylesheet), by its path." }),
  },
  "progress.get": {
    method: "GET",
    path: P["progress.get"],
    params: BookIdParamsSchema,
    response: BookProgressResponseSchema,
  },
  "progress.put": {
    method: "PUT",
    path: P["progress.put"],
    params: BookIdParamsSchema,
    body: BookProgressUpdateSchema,
    response: BookProgressResponseSchema,
  },
  "progress.putChapter": {
    method: "PUT",
    path: P["progress.putChapter"],
    params: ChapterParamsSchema,
    body: ChapterProgressUpdateSchema,
    response: BookProgressResponseSchema,
  },
  "me.progress": { method: "GET", path: P["me.progress"], response: ContinueReadingSchema },
} as const;
