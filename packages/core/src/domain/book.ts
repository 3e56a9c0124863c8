import { z } from "zod";
import { BOOK_SOURCES, BOOK_STATUSES, COMPLETION_STATUSES } from "../constants";
import { IdSchema, TimestampSchema, UrlOrPathSchema } from "./common";

export const BookSourceSchema = z.enum(BOOK_SOURCES);
export type BookSource = z.infer<typeof BookSourceSchema>;

export const BookStatusSchema = z.enum(BOOK_STATUSES);
export type BookStatus = z.infer<typeof BookStatusSchema>;

export const PUBLISHING_LABELS = ["community-original", "community-featured"] as const;
export const PublishingLabelSchema = z.enum(PUBLISHING_LABELS);
export type PublishingLabel = z.infer<typeof PublishingLabelSchema>;

export const CompletionStatusSchema = z.enum(COMPLETION_STATUSES);
export type CompletionStatus = z.infer<typeof CompletionStatusSchema>;

export const BookSchema = z
  .object({
    id: IdSchema,
    title: z.string().min(1).max(300),
    authors: z.array(z.string()),
    authorIds: z.array(IdSchema),
    imageUrl: UrlOrPathSchema.nullable(),
    summary: z.string(),
    genreRefs: z.array(IdSchema),
    categoryRefs: z.array(IdSchema),
    source: BookSourceSchema,
    display: z.boolean(),
    status: BookStatusSchema,
    publishingLabel: PublishingLabelSchema.nullable(),
    completionStatus: CompletionStatusSchema,
    launchedDate: TimestampSchema.nullable(),
    addedDate: TimestampSchema,
    nUserStarred: z.number().int().nonnegative(),
    nCurrentReads: z.number().int().nonnegative(),
    nFinishedReads: z.number().int().nonnegative(),
    interactionScore: z.number().nonnegative(),
    lastInteractedAt: TimestampSchema.nullable(),
  })
  .meta({ id: "Book" });
export type Book = z.infer<typeof BookSchema>;

export const CharacterSchema = z.object({ name: z.string(), description: z.string() });
export type Character = z.infer<typeof CharacterSchema>;

export interface TocEntry {
  title: string;
  /** The chapter the entry opens. */
  anchorId: string;
  /** An element id inside that chapter, when the entry points into it (EPUB tables of contents often do). */
  fragment?: string;
  children: TocEntry[];
}
export const TocEntrySchema: z.ZodType<TocEntry> = z.lazy(() =>
  z.object({
    title: z.string(),
    anchorId: z.string(),
    fragment: z.string().optional(),
    children: z.array(TocEntrySchema),
  }),
);

export const BookDataSchema = z
  .object({
    id: IdSchema,
    bookTeaser: z.string(),
    characters: z.array(CharacterSchema),
    css: z.string(),
    tocLength: z.number().int().nonnegative(),
    moods: z.array(z.string()),
    timeToReadMinutes: z.number().int().nonnegative(),
    wordCount: z.number().int().nonnegative(),
    /** Version name → ISO timestamp it was published. */
    versionsMap: z.record(z.string(), TimestampSchema),
    latestVersion: z.string(),
    epubToc: z.array(TocEntrySchema),
    /** Where "Start reading" opens: the first body chapter (null: the first chapter). */
    startAnchorId: z.string().nullable(),
    /** The year an imported classic first appeared (from its package or colophon), when known. */
    originalPublicationYear: z.number().int().nullable(),
  })
  .meta({ id: "BookData" });
export type BookData = z.infer<typeof BookDataSchema>;

/** Front matter (title page, imprint…) and back matter (colophon, endnotes…) are not numbered or counted as the book. */
export const CHAPTER_ROLES = ["front", "body", "back"] as const;
export const ChapterRoleSchema = z.enum(CHAPTER_ROLES);
export type ChapterRole = z.infer<typeof ChapterRoleSchema>;

export const ChapterSchema = z
  .object({
    bookId: IdSchema,
    anchorId: z.string().min(1),
    name: z.string(),
    chapterNumber: z.number().int().positive(),
    wordCount: z.number().int().nonnegative(),
    role: ChapterRoleSchema,
  })
  .meta({ id: "Chapter" });
export type Chapter = z.infer<typeof ChapterSchema>;

export const GenreSchema = z.object({ id: IdSchema, displayName: z.string() }).meta({ id: "Genre" });
export type Genre = z.infer<typeof GenreSchema>;

export const BookCategorySchema = z
  .object({ id: IdSchema, name: z.string(), position: z.number().int(), bookRefs: z.array(IdSchema) })
  .meta({ id: "BookCategory" });
export type BookCategory = z.infer<typeof BookCategorySchema>;

export const StarSchema = z
  .object({ userId: IdSchema, bookId: IdSchema, updatedAt: TimestampSchema })
  .meta({ id: "Star" });
export type Star = z.infer<typeof StarSchema>;

export const LaunchSubscriptionSchema = z
  .object({ bookId: IdSchema, userId: IdSchema, createdAt: TimestampSchema })
  .meta({ id: "LaunchSubscription" });
export type LaunchSubscription = z.infer<typeof LaunchSubscriptionSchema>;
