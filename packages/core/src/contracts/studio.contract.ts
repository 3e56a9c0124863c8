import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { BookSchema, CharacterSchema, CompletionStatusSchema, PublishingLabelSchema } from "../domain/book";
import { IdSchema, TimestampSchema } from "../domain/common";
import { AuthorSchema, RoleSchema } from "../domain/user";
import { defineContract } from "./define-contract";

/** A chapter's Markdown source: generous for a chapter (about 35 000 words), far inside the 1 MB body limit. */
export const CHAPTER_MARKDOWN_MAX_LENGTH = 200_000;
export const CHAPTER_NAME_MAX_LENGTH = 200;
/** Like common book platforms' caps: longer titles push phone layouts sideways. Imported EPUBs keep theirs. */
export const BOOK_TITLE_MAX_LENGTH = 150;
export const BOOK_TITLE_TOO_LONG = `Keep the title to ${BOOK_TITLE_MAX_LENGTH} characters or fewer.`;
/** What the EPUB picker offers; the server decides by the bytes. */
export const EPUB_ACCEPT = "application/epub+zip,.epub";

export const StudioBookParamsSchema = z.object({ id: IdSchema });
export const StudioChapterParamsSchema = z.object({ id: IdSchema, anchorId: z.string().min(1).max(200) });

const TitleSchema = z.string().trim().min(1, "Give the book a title.").max(BOOK_TITLE_MAX_LENGTH, BOOK_TITLE_TOO_LONG);
const ShortTextList = z.array(z.string().trim().min(1).max(80)).max(20);

/** Everything an author may set on a book; categories and the publishing label are for administrators. */
export const StudioBookFieldsSchema = z.object({
  title: TitleSchema,
  summary: z.string().trim().max(4000),
  teaser: z.string().trim().max(4000),
  genres: z.array(IdSchema).max(10),
  categories: z.array(IdSchema).max(20),
  characters: z
    .array(
      CharacterSchema.extend({ name: z.string().trim().min(1).max(120), description: z.string().trim().max(1000) }),
    )
    .max(50),
  moods: ShortTextList,
  publishingLabel: PublishingLabelSchema,
  completionStatus: CompletionStatusSchema,
  display: z.boolean(),
});

export const CreateStudioBookSchema = StudioBookFieldsSchema.pick({ title: true })
  .extend(
    StudioBookFieldsSchema.omit({ title: true, categories: true, publishingLabel: true, display: true }).partial()
      .shape,
  )
  .meta({ id: "CreateStudioBook" });
export type CreateStudioBook = z.input<typeof CreateStudioBookSchema>;

export const UpdateStudioBookSchema = StudioBookFieldsSchema.partial().meta({ id: "UpdateStudioBook" });
export type UpdateStudioBook = z.input<typeof UpdateStudioBookSchema>;

export const StudioChapterSummarySchema = z.object({
  anchorId: z.string(),
  name: z.string(),
  chapterNumber: z.number().int().positive(),
  wordCount: z.number().int().nonnegative(),
  updatedAt: TimestampSchema,
});
export type StudioChapterSummary = z.infer<typeof StudioChapterSummarySchema>;

export const StudioChapterSchema = StudioChapterSummarySchema.extend({
  markdown: z.string(),
  /** What readers get: the name as heading, then the Markdown rendered and sanitised. */
  html: z.string(),
}).meta({ id: "StudioChapter" });
export type StudioChapter = z.infer<typeof StudioChapterSchema>;

/** A book as its author edits it: the book, the author-written book data, and the chapters in order. */
export const StudioBookSchema = z
  .object({
    book: BookSchema,
    teaser: z.string(),
    characters: z.array(CharacterSchema),
    moods: z.array(z.string()),
    wordCount: z.number().int().nonnegative(),
    timeToReadMinutes: z.number().int().nonnegative(),
    chapters: z.array(StudioChapterSummarySchema),
  })
  .meta({ id: "StudioBook" });
export type StudioBook = z.infer<typeof StudioBookSchema>;

export const StudioBookListSchema = z.object({
  items: z.array(StudioBookSchema.pick({ book: true, wordCount: true })),
});
export type StudioBookList = z.infer<typeof StudioBookListSchema>;

export const StudioChapterInputSchema = z.object({
  name: z.string().trim().min(1, "Give the chapter a name.").max(CHAPTER_NAME_MAX_LENGTH),
  markdown: z.string().max(CHAPTER_MARKDOWN_MAX_LENGTH),
});
export const CreateStudioChapterSchema = StudioChapterInputSchema.extend({
  markdown: StudioChapterInputSchema.shape.markdown.default(""),
}).meta({ id: "CreateStudioChapter" });
export type CreateStudioChapter = z.input<typeof CreateStudioChapterSchema>;
export const UpdateStudioChapterSchema = StudioChapterInputSchema.partial().meta({ id: "UpdateStudioChapter" });
export type UpdateStudioChapter = z.input<typeof UpdateStudioChapterSchema>;

export const StudioChapterResponseSchema = z.object({ chapter: StudioChapterSchema, book: StudioBookSchema });
export type StudioChapterResponse = z.infer<typeof StudioChapterResponseSchema>;

export const ChapterOrderSchema = z.object({ anchorIds: z.array(z.string().min(1).max(200)).min(1).max(2000) });

export const ScheduleLaunchSchema = z.object({ launchDate: TimestampSchema });

export const LaunchResponseSchema = z.object({
  book: StudioBookSchema,
  /** Subscribers who got a book-launched event. */
  notifiedSubscribers: z.number().int().nonnegative(),
});
export type LaunchResponse = z.infer<typeof LaunchResponseSchema>;

export const BecomeAuthorResponseSchema = z.object({ author: AuthorSchema, roles: z.array(RoleSchema) });
export type BecomeAuthorResponse = z.infer<typeof BecomeAuthorResponseSchema>;

export const ImportWarningSchema = z
  .object({
    code: z.enum(["missing-file", "outside-path"]),
    message: z.string(),
    /** The file inside the EPUB the reference was written in or pointed at. */
    path: z.string(),
  })
  .meta({ id: "ImportWarning" });
export type ImportWarning = z.infer<typeof ImportWarningSchema>;

/** An administrator's EPUB upload, as the importer reports it. */
export const ImportResultSchema = z
  .object({
    bookId: IdSchema,
    version: z.number().int().positive(),
    created: z.boolean(),
    title: z.string(),
    authors: z.array(z.string()),
    chapters: z.number().int().nonnegative(),
    tocLength: z.number().int().nonnegative(),
    wordCount: z.number().int().nonnegative(),
    imageUrl: z.string().nullable(),
    /** What the importer left out of a book it still imported (a missing image, a link leaving the book). */
    warnings: z.array(ImportWarningSchema),
  })
  .meta({ id: "ImportResult" });
export type ImportResult = z.infer<typeof ImportResultSchema>;

const STUDIO_ERRORS = [400, 401, 403, 404, 412, 413, 500] as const;

/**
 * The author studio. Cover upload and EPUB import take multipart/form-data with the file in the
 * field `file` (covers 256 KB at most, EPUBs up to the importer's limit), so they declare no body schema.
 */
export const studioContract = defineContract({
  "studio.becomeAuthor": {
    method: "POST",
    path: P["studio.becomeAuthor"],
    response: BecomeAuthorResponseSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.listBooks": {
    method: "GET",
    path: P["studio.listBooks"],
    response: StudioBookListSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.createBook": {
    method: "POST",
    path: P["studio.createBook"],
    body: CreateStudioBookSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.getBook": {
    method: "GET",
    path: P["studio.getBook"],
    params: StudioBookParamsSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.updateBook": {
    method: "PATCH",
    path: P["studio.updateBook"],
    params: StudioBookParamsSchema,
    body: UpdateStudioBookSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.uploadCover": {
    method: "POST",
    path: P["studio.uploadCover"],
    params: StudioBookParamsSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.listChapters": {
    method: "GET",
    path: P["studio.listChapters"],
    params: StudioBookParamsSchema,
    response: z.object({ items: z.array(StudioChapterSummarySchema) }),
    errors: STUDIO_ERRORS,
  },
  "studio.createChapter": {
    method: "POST",
    path: P["studio.createChapter"],
    params: StudioBookParamsSchema,
    body: CreateStudioChapterSchema,
    response: StudioChapterResponseSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.getChapter": {
    method: "GET",
    path: P["studio.getChapter"],
    params: StudioChapterParamsSchema,
    response: z.object({ chapter: StudioChapterSchema }),
    errors: STUDIO_ERRORS,
  },
  "studio.updateChapter": {
    method: "PATCH",
    path: P["studio.updateChapter"],
    params: StudioChapterParamsSchema,
    body: UpdateStudioChapterSchema,
    response: StudioChapterResponseSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.deleteChapter": {
    method: "DELETE",
    path: P["studio.deleteChapter"],
    params: StudioChapterParamsSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.reorderChapters": {
    method: "PUT",
    path: P["studio.reorderChapters"],
    params: StudioBookParamsSchema,
    body: ChapterOrderSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.schedule": {
    method: "POST",
    path: P["studio.schedule"],
    params: StudioBookParamsSchema,
    body: ScheduleLaunchSchema,
    response: StudioBookSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.launch": {
    method: "POST",
    path: P["studio.launch"],
    params: StudioBookParamsSchema,
    response: LaunchResponseSchema,
    errors: STUDIO_ERRORS,
  },
  "studio.import": { method: "POST", path: P["studio.import"], response: ImportResultSchema, errors: STUDIO_ERRORS },
  "books.export": {
    method: "GET",
    path: P["books.export"],
    params: StudioBookParamsSchema,
    response: z.any().meta({ description: "The book as an EPUB 3 file (application/epub+zip)." }),
    errors: STUDIO_ERRORS,
  },
});
