import { z } from "zod";
import { LOCATOR_TEXT_LENGTH, MAX_LOCATOR_CHAR } from "../rules/reader-locator";
import { IdSchema, TimestampSchema } from "./common";

/**
 * Where the reader stands: the chapter's anchor and a fraction (0–1) through it; from readers that
 * know it, the exact place as a text locator (rules/reader-locator.ts), which a fraction alone is not.
 */
export const EpubPositionSchema = z.object({
  anchorId: z.string().min(1),
  offset: z.number().min(0).max(1),
  char: z.number().int().min(0).max(MAX_LOCATOR_CHAR).optional(),
  text: z
    .string()
    .max(LOCATOR_TEXT_LENGTH * 2)
    .optional(),
});
export type EpubPosition = z.infer<typeof EpubPositionSchema>;

export const ReadingProgressSchema = z
  .object({
    userId: IdSchema,
    bookId: IdSchema,
    progress: z.number().int().min(0).max(100),
    currentChapter: z.string().nullable(),
    lastReadAt: z.iso.datetime({ offset: true }),
    isRead: z.boolean(),
    epubPosition: EpubPositionSchema.nullable(),
  })
  .meta({ id: "ReadingProgress" });
export type ReadingProgress = z.infer<typeof ReadingProgressSchema>;

export const ChapterProgressSchema = z
  .object({
    userId: IdSchema,
    bookId: IdSchema,
    anchorId: z.string().min(1),
    progress: z.number().int().min(0).max(100),
    isRead: z.boolean(),
    lastReadAt: TimestampSchema,
    epubPosition: EpubPositionSchema.nullable(),
  })
  .meta({ id: "ChapterProgress" });
export type ChapterProgress = z.infer<typeof ChapterProgressSchema>;
