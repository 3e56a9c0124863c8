import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { chunksOf } from "../../db/chunks";
import type { Database } from "../../db/schema";
import { bookClassificationRepository } from "../catalog";

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: far below both dialects' bound-parameter limits for the chapters table. */
const CHUNK = 100;

export interface ImportedBookState {
  bookId: string;
  versionsMap: string;
  latestVersion: string;
}

export interface BookContentRow {
  html: string;
  name: string;
  chapterNumber: number;
  version: string;
}

/** Every SQL statement of the EPUB import, and the reads the reader will make of what it wrote. */
export class EpubImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The book an earlier import of this package identifier created, if any. */
  async findByIdentifier(identifier: string, db: Db = this.db): Promise<ImportedBookState | undefined> {
    return db
      .selectFrom("bookData")
      .select(["bookId", "versionsMap", "latestVersion"])
      .where("epubIdentifier", "=", identifier)
      .executeTakeFirst();
  }

  async existingCategoryIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom("categories").select("id").where("id", "in", ids).execute();
    return rows.map((row) => row.id);
  }

  async insertBook(trx: Transaction<Database>, book: Insertable<Database["books"]>): Promise<void> {
    await trx.insertInto("books").values(book).execute();
  }

  async updateBook(
    trx: Transaction<Database>,
    bookId: string,
    changes: Pick<Updateable<Database["books"]>, "title" | "authors" | "summary" | "imageUrl" | "publishingLabel">,
  ): Promise<void> {
    await trx.updateTable("books").set(changes).where("id", "=", bookId).execute();
  }

  async insertBookData(trx: Transaction<Database>, data: Insertable<Database["bookData"]>): Promise<void> {
    await trx.insertInto("bookData").values(data).execute();
  }

  /**
   * Moves the book data to a new version, only if it is still at `expectedVersion`: false means
   * another import got there first.
   */
  async updateBookData(
    trx: Transaction<Database>,
    bookId: string,
    expectedVersion: string,
    data: Updateable<Database["bookData"]>,
  ): Promise<boolean> {
    const result = await trx
      .updateTable("bookData")
      .set(data)
      .where("bookId", "=", bookId)
      .where("latestVersion", "=", expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertChapters(trx: Transaction<Database>, chapters: Insertable<Database["chapters"]>[]): Promise<void> {
    for (const chunk of chunksOf(chapters, CHUNK)) await trx.insertInto("chapters").values(chunk).execute();
  }

  /** The book's genres become exactly these; genres new to Quire are created (existing ones are kept as they are). */
  async replaceGenres(
    trx: Transaction<Database>,
    bookId: string,
    genres: { id: string; displayName: string }[],
  ): Promise<void> {
    if (genres.length > 0) {
      await trx
        .insertInto("genres")
        .values(genres)
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
    await bookClassificationRepository.setGenres(
      trx,
      bookId,
      genres.map((genre) => genre.id),
    );
  }

  /** Appends the book to each category it is not in yet, after the category's last book. */
  async addToCategories(trx: Transaction<Database>, bookId: string, categoryIds: string[]): Promise<void> {
    for (const categoryId of categoryIds) {
      const present = await trx
        .selectFrom("categoryBooks")
        .select("bookId")
        .where("categoryId", "=", categoryId)
        .where("bookId", "=", bookId)
        .executeTakeFirst();
      if (!present) await bookClassificationRepository.appendToCategory(trx, bookId, categoryId);
    }
  }

  /**
   * A chapter's sanitised HTML in the book's latest version: what the reader API will serve.
   * Undefined when the book or the chapter does not exist.
   */
  async chapterContent(bookId: string, anchorId: string): Promise<BookContentRow | undefined> {
    return this.db
      .selectFrom("chapters")
      .innerJoin("bookData", (join) =>
        join.onRef("bookData.bookId", "=", "chapters.bookId").onRef("bookData.latestVersion", "=", "chapters.version"),
      )
      .select(["chapters.html", "chapters.name", "chapters.chapterNumber", "chapters.version"])
      .where("chapters.bookId", "=", bookId)
      .where("chapters.anchorId", "=", anchorId)
      .executeTakeFirst();
  }
}
