import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { ANNOTATION_COLORS, ANNOTATION_LIMITS } from "../constants";
import { IdSchema, TimestampSchema } from "../domain/common";
import { denseText } from "../rules/reader-locator";
import { defineContract } from "./define-contract";
import { BookIdParamsSchema } from "./reading.contract";

export const ANNOTATION_KINDS = ["bookmark", "highlight", "note"] as const;
export const AnnotationKindSchema = z.enum(ANNOTATION_KINDS);
export type AnnotationKind = z.infer<typeof AnnotationKindSchema>;

export const AnnotationColorSchema = z.enum(ANNOTATION_COLORS);
export type AnnotationColor = z.infer<typeof AnnotationColorSchema>;

const AnchorIdSchema = z.string().min(1).max(200);
/**
 * Offsets count the chapter text's non-whitespace characters, as a reader locator's `char` does: the
 * same in every browser, at any font size or layout, and in text the server strips from the HTML.
 */
const OffsetSchema = z.number().int().nonnegative().max(100_000_000);
const QuoteSchema = z
  .string()
  .min(1, "Select some text first.")
  .max(ANNOTATION_LIMITS.quoteMaxChars, `A highlight can hold up to ${ANNOTATION_LIMITS.quoteMaxChars} characters.`);
const NoteSchema = z
  .string()
  .max(ANNOTATION_LIMITS.noteMaxChars, `A note can hold up to ${ANNOTATION_LIMITS.noteMaxChars} characters.`);

const passage = { anchorId: AnchorIdSchema, start: OffsetSchema, end: OffsetSchema, quote: QuoteSchema };
const quoteMatchesRange = (value: { start: number; end: number; quote: string }) =>
  value.end > value.start && value.end - value.start === denseText(value.quote).length;
const rangeRule = { message: "quote must be the text from start to end.", path: ["quote"] };

/**
 * A bookmark marks a place (`start`, with the words there as `quote`); a highlight a passage, in one of
 * four colours; a note is a highlight with a note. A highlight given a note is stored as a note, and a
 * note whose note is cleared becomes a highlight again.
 */
export const CreateAnnotationSchema = z
  .discriminatedUnion("kind", [
    z
      .object({
        kind: z.literal("bookmark"),
        anchorId: AnchorIdSchema,
        start: OffsetSchema,
        quote: z.string().max(ANNOTATION_LIMITS.quoteMaxChars).optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal("highlight"),
        ...passage,
        color: AnnotationColorSchema.default("yellow"),
        note: NoteSchema.optional(),
      })
      .strict()
      .refine(quoteMatchesRange, rangeRule),
    z
      .object({
        kind: z.literal("note"),
        ...passage,
        color: AnnotationColorSchema.default("yellow"),
        note: NoteSchema.min(1, "Write a note first."),
      })
      .strict()
      .refine(quoteMatchesRange, rangeRule),
  ])
  .meta({ id: "CreateAnnotation" });
export type CreateAnnotation = z.input<typeof CreateAnnotationSchema>;

/** A passage's colour and note; `note: null` (or "") removes the note. Bookmarks have neither. */
export const UpdateAnnotationSchema = z
  .object({ color: AnnotationColorSchema.optional(), note: NoteSchema.nullable().optional() })
  .strict()
  .refine((value) => value.color !== undefined || value.note !== undefined, "Change the colour or the note.")
  .meta({ id: "UpdateAnnotation" });
export type UpdateAnnotation = z.input<typeof UpdateAnnotationSchema>;

export const AnnotationSchema = z
  .object({
    id: IdSchema,
    bookId: IdSchema,
    kind: AnnotationKindSchema,
    anchorId: z.string(),
    /** The chapter's name when the annotation was made (it may have left a later edition). */
    chapterName: z.string(),
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative().nullable(),
    quote: z.string().nullable(),
    color: AnnotationColorSchema.nullable(),
    note: z.string().nullable(),
    /** A newer edition no longer has the quoted text in this chapter (or the chapter itself): kept, not shown in the text. */
    textChanged: z.boolean(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "Annotation" });
export type Annotation = z.infer<typeof AnnotationSchema>;

/** The caller's annotations in one book, in book order (chapter, then place; chapters gone from the book last). */
export const AnnotationListSchema = z.object({ items: z.array(AnnotationSchema) }).meta({ id: "AnnotationList" });
export type AnnotationList = z.infer<typeof AnnotationListSchema>;

export const ANNOTATION_EXPORT_FORMATS = ["markdown", "json"] as const;
export const AnnotationExportQuerySchema = z.object({ format: z.enum(ANNOTATION_EXPORT_FORMATS).default("markdown") });
export type AnnotationExportFormat = (typeof ANNOTATION_EXPORT_FORMATS)[number];

/** The JSON export: highlights and notes (not bookmarks) grouped by book, like Readwise's and KOReader's. */
export const AnnotationExportSchema = z
  .object({
    exportedAt: TimestampSchema,
    books: z.array(
      z.object({
        bookId: IdSchema,
        title: z.string(),
        authors: z.array(z.string()),
        annotations: z.array(
          z.object({
            kind: z.enum(["highlight", "note"]),
            chapter: z.string(),
            anchorId: z.string(),
            start: z.number().int(),
            end: z.number().int(),
            quote: z.string(),
            note: z.string().nullable(),
            color: AnnotationColorSchema,
            textChanged: z.boolean(),
            createdAt: TimestampSchema,
            updatedAt: TimestampSchema,
          }),
        ),
      }),
    ),
  })
  .meta({ id: "AnnotationExport" });
export type AnnotationExport = z.infer<typeof AnnotationExportSchema>;

const AnnotationIdParams = z.object({ id: IdSchema });

const ANNOTATION_ERRORS = [400, 401, 404, 412, 429] as const;

export const annotationsContract = defineContract({
  "annotations.list": {
    method: "GET",
    path: P["annotations.list"],
    params: BookIdParamsSchema,
    response: AnnotationListSchema,
    errors: ANNOTATION_ERRORS,
  },
  "annotations.create": {
    method: "POST",
    path: P["annotations.create"],
    params: BookIdParamsSchema,
    body: CreateAnnotationSchema,
    response: AnnotationSchema,
    status: 201,
    errors: ANNOTATION_ERRORS,
  },
  "annotations.update": {
    method: "PATCH",
    path: P["annotations.update"],
    params: AnnotationIdParams,
    body: UpdateAnnotationSchema,
    response: AnnotationSchema,
    errors: ANNOTATION_ERRORS,
  },
  "annotations.delete": {
    method: "DELETE",
    path: P["annotations.delete"],
    params: AnnotationIdParams,
    status: 204,
    errors: ANNOTATION_ERRORS,
  },
  "me.annotationsExport": {
    method: "GET",
    path: P["me.annotationsExport"],
    querystring: AnnotationExportQuerySchema,
    response: z.any().meta({ description: "Markdown (text/markdown) or the AnnotationExport JSON, as a download." }),
    errors: ANNOTATION_ERRORS,
  },
});
