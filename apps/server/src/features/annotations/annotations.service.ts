import {
  ANNOTATION_LIMITS,
  type Annotation,
  type AnnotationExport,
  type AnnotationExportFormat,
  AppError,
  type CreateAnnotationSchema,
  denseText,
  htmlToText,
  newId,
  type UpdateAnnotationSchema,
} from "@quire/core";
import type { z } from "zod";
import { parseJson } from "../../db/json";
import { presentAnnotation, presentExportEntry } from "./annotations.presenter";
import type { AnnotatedBook, AnnotationRow, AnnotationsRepository } from "./annotations.repository";
import { annotationsToMarkdown } from "./annotations-markdown";

/** A row with where it stands in the book's latest edition. */
export interface PlacedAnnotation {
  row: AnnotationRow;
  /** The chapter's number in the latest edition; null when the chapter (or the book) is gone. */
  chapterNumber: number | null;
  textChanged: boolean;
}

/**
 * A reader's bookmarks, highlights and notes. They are private: nobody else's id is ever found. Book
 * routes follow the reader's terms (hidden → "Book not found!", scheduled → 412); an annotation made
 * in an older edition is checked against the latest one and kept, marked `textChanged`, when its
 * quote (or its chapter) is no longer there.
 */
export class AnnotationsService {
  constructor(
    private readonly repository: AnnotationsRepository,
    private readonly clock: () => Date,
  ) {}

  private async readable(bookId: string): Promise<AnnotatedBook> {
    const book = await this.repository.book(bookId);
    if (book?.display !== 1) throw AppError.of("bookNotFoundBang");
    if (book.status === "scheduled") throw AppError.of("bookNotLaunched");
    return book;
  }

  async list(userId: string, bookId: string): Promise<Annotation[]> {
    const book = await this.readable(bookId);
    const placed = await this.place(book, await this.repository.list(userId, bookId));
    return placed.map(({ row, textChanged }) => presentAnnotation(row, textChanged));
  }

  async create(userId: string, bookId: string, body: z.output<typeof CreateAnnotationSchema>): Promise<Annotation> {
    const book = await this.readable(bookId);
    const chapters = book.latestVersion ? await this.repository.chapters(bookId, book.latestVersion) : [];
    const chapter = chapters.find((candidate) => candidate.anchorId === body.anchorId);
    if (!chapter || !book.latestVersion) throw AppError.of("chapterNotFound", { details: { anchorId: body.anchorId } });
    const now = this.clock().toISOString();
    const passage = body.kind !== "bookmark";
    const note = passage && body.note ? body.note : null;
    const row = await this.repository.insertWithin(
      {
        id: newId(),
        userId,
        bookId,
        kind: passage ? (note ? "note" : "highlight") : "bookmark",
        anchorId: chapter.anchorId,
        startOffset: body.start,
        endOffset: passage ? body.end : null,
        quote: body.quote ?? null,
        color: passage ? body.color : null,
        note,
        version: book.latestVersion,
        chapterName: chapter.name,
        bookTitle: book.title,
        createdAt: now,
        updatedAt: now,
      },
      ANNOTATION_LIMITS.perBook,
    );
    if (!row) throw AppError.of("annotationLimitReached", { details: { limit: ANNOTATION_LIMITS.perBook } });
    return presentAnnotation(row, false);
  }

  async update(userId: string, id: string, body: z.output<typeof UpdateAnnotationSchema>): Promise<Annotation> {
    const current = await this.repository.find(userId, id);
    if (!current) throw AppError.of("annotationNotFound");
    if (current.kind === "bookmark") throw AppError.of("bookmarkHasNoNote");
    const note = body.note === undefined ? current.note : body.note || null;
    const row = await this.repository.update(userId, id, {
      ...(body.color ? { color: body.color } : {}),
      note,
      kind: note ? "note" : "highlight",
      updatedAt: this.clock().toISOString(),
    });
    if (!row) throw AppError.of("annotationNotFound");
    const [placed] = await this.place(await this.repository.book(row.bookId), [row]);
    return presentAnnotation(row, placed?.textChanged ?? false);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repository.remove(userId, id))) throw AppError.of("annotationNotFound");
  }

  /**
   * Every highlight and note, grouped by book (books by title), each book's in book order. A book
   * that is gone keeps the title it had when it was annotated.
   */
  async export(userId: string, format: AnnotationExportFormat): Promise<{ body: string; contentType: string }> {
    const rows = await this.repository.passages(userId);
    const byBook = new Map<string, AnnotationRow[]>();
    for (const row of rows) {
      const group = byBook.get(row.bookId);
      if (group) group.push(row);
      else byBook.set(row.bookId, [row]);
    }
    const books = new Map((await this.repository.books([...byBook.keys()])).map((book) => [book.id, book]));
    const grouped: AnnotationExport["books"] = [];
    for (const [bookId, bookRows] of byBook) {
      const book = books.get(bookId);
      const placed = await this.place(book, bookRows);
      grouped.push({
        bookId,
        title: book?.title ?? (bookRows[0] as AnnotationRow).bookTitle,
        authors: parseJson<string[]>(book?.authors, []),
        annotations: placed.map(({ row, textChanged }) => presentExportEntry(row, textChanged)),
      });
    }
    grouped.sort((a, b) => a.title.localeCompare(b.title) || a.bookId.localeCompare(b.bookId));
    const document: AnnotationExport = { exportedAt: this.clock().toISOString(), books: grouped };
    return format === "json"
      ? { body: JSON.stringify(document, null, 2), contentType: "application/json; charset=utf-8" }
      : { body: annotationsToMarkdown(document), contentType: "text/markdown; charset=utf-8" };
  }

  /** The rows in book order (chapters of the latest edition, then place), each checked against that edition. */
  private async place(book: AnnotatedBook | undefined, rows: AnnotationRow[]): Promise<PlacedAnnotation[]> {
    const latest = book?.latestVersion ?? null;
    const chapters = book && latest ? await this.repository.chapters(book.id, latest) : [];
    const numbers = new Map(chapters.map((chapter) => [chapter.anchorId, chapter.chapterNumber]));
    // Only annotations made in an older edition need the text; the same edition has the same offsets.
    const older = rows.filter((row) => latest !== null && row.version !== latest && numbers.has(row.anchorId));
    const html =
      book && latest
        ? await this.repository.chapterHtml(book.id, latest, [...new Set(older.map((r) => r.anchorId))])
        : new Map();
    const texts = new Map([...html].map(([anchorId, chapterHtml]) => [anchorId, denseText(htmlToText(chapterHtml))]));
    const placed = rows.map((row): PlacedAnnotation => {
      const chapterNumber = numbers.get(row.anchorId) ?? null;
      let textChanged = false;
      if (latest !== null && row.version !== latest) {
        const text = texts.get(row.anchorId);
        textChanged = text === undefined || (row.quote !== null && !text.includes(denseText(row.quote)));
      }
      return { row, chapterNumber, textChanged };
    });
    return placed.sort(
      (a, b) =>
        (a.chapterNumber ?? Number.MAX_SAFE_INTEGER) - (b.chapterNumber ?? Number.MAX_SAFE_INTEGER) ||
        a.row.startOffset - b.row.startOffset ||
        a.row.createdAt.localeCompare(b.row.createdAt) ||
        a.row.id.localeCompare(b.row.id),
    );
  }
}
