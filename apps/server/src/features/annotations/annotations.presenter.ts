import type { Annotation, AnnotationColor, AnnotationExport, AnnotationKind } from "@quire/core";
import type { AnnotationRow } from "./annotations.repository";

export function presentAnnotation(row: AnnotationRow, textChanged: boolean): Annotation {
  return {
    id: row.id,
    bookId: row.bookId,
    kind: row.kind as AnnotationKind,
    anchorId: row.anchorId,
    chapterName: row.chapterName,
    start: row.startOffset,
    end: row.endOffset,
    quote: row.quote,
    color: row.color as AnnotationColor | null,
    note: row.note,
    textChanged,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type ExportEntry = AnnotationExport["books"][number]["annotations"][number];

/** A highlight or note as the export lists it (passages always have an end, a quote and a colour). */
export function presentExportEntry(row: AnnotationRow, textChanged: boolean): ExportEntry {
  return {
    kind: row.kind as ExportEntry["kind"],
    chapter: row.chapterName,
    anchorId: row.anchorId,
    start: row.startOffset,
    end: row.endOffset ?? row.startOffset,
    quote: row.quote ?? "",
    note: row.note,
    color: (row.color ?? "yellow") as AnnotationColor,
    textChanged,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
