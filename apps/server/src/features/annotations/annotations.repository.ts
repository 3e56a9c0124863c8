import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { AnnotationsTable, Database } from "../../db/schema";

export type AnnotationRow = Selectable<AnnotationsTable>;

export interface AnnotatedBook {
  id: string;
  title: string;
  /** JSON array of names. */
  authors: string;
  display: number;
  status: string;
  /** Null when the book has no book data (so no chapters) yet. */
  latestVersion: string | null;
}

export interface ChapterPlace {
  anchorId: string;
  name: string;
  chapterNumber: number;
}

/** Annotations are one reader's own: every statement that reads or changes one names its user. */
export class AnnotationsRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async book(bookId: string): Promise<AnnotatedBook | undefined> {
    return this.db
      .selectFrom("books")
      .leftJoin("bookData", "bookData.bookId", "books.id")
      .select(["books.id", "books.title", "books.authors", "books.display", "books.status", "bookData.latestVersion"])
      .where("books.id", "=", bookId)
      .executeTakeFirst();
  }

  async books(bookIds: string[]): Promise<AnnotatedBook[]> {
    if (bookIds.length === 0) return [];
    return this.db
      .selectFrom("books")
      .leftJoin("bookData", "bookData.bookId", "books.id")
      .select(["books.id", "books.title", "books.authors", "books.display", "books.status", "bookData.latestVersion"])
      .where("books.id", "in", bookIds)
      .execute();
  }

  async chapters(bookId: string, version: string): Promise<ChapterPlace[]> {
    return this.db
      .selectFrom("chapters")
      .select(["anchorId", "name", "chapterNumber"])
      .where("bookId", "=", bookId)
      .where("version", "=", version)
      .orderBy("chapterNumber")
      .execute();
  }

  async chapterHtml(bookId: string, version: string, anchorIds: string[]): Promise<Map<string, string>> {
    if (anchorIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("chapters")
      .select(["anchorId", "html"])
      .where("bookId", "=", bookId)
      .where("version", "=", version)
      .where("anchorId", "in", anchorIds)
      .execute();
    return new Map(rows.map((row) => [row.anchorId, row.html]));
  }

  async list(userId: string, bookId: string): Promise<AnnotationRow[]> {
    return this.db
      .selectFrom("annotations")
      .selectAll()
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .execute();
  }

  /** Highlights and notes of every book, for the export (bookmarks mark places, not passages). */
  async passages(userId: string): Promise<AnnotationRow[]> {
    return this.db
      .selectFrom("annotations")
      .selectAll()
      .where("userId", "=", userId)
      .where("kind", "in", ["highlight", "note"])
      .execute();
  }

  /**
   * Inserts unless the reader already keeps `limit` annotations in the book; undefined then. On
   * PostgreSQL the reader's user row is locked first, so two inserts at once cannot both pass the
   * count (NO KEY UPDATE: the insert's foreign key takes a KEY SHARE lock on that row, which must not
   * wait for it). SQLite's BEGIN IMMEDIATE already runs writes one at a time.
   */
  async insertWithin(row: Insertable<AnnotationsTable>, limit: number): Promise<AnnotationRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === "postgres") {
        await trx.selectFrom("users").select("id").where("id", "=", row.userId).forNoKeyUpdate().execute();
      }
      if ((await this.count(trx, row.userId, row.bookId)) >= limit) return undefined;
      return trx.insertInto("annotations").values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  private async count(trx: Transaction<Database>, userId: string, bookId: string): Promise<number> {
    const { n } = await trx
      .selectFrom("annotations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async find(userId: string, id: string): Promise<AnnotationRow | undefined> {
    return this.db
      .selectFrom("annotations")
      .selectAll()
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst();
  }

  async update(userId: string, id: string, changes: Updateable<AnnotationsTable>): Promise<AnnotationRow | undefined> {
    return this.db
      .updateTable("annotations")
      .set(changes)
      .where("id", "=", id)
      .where("userId", "=", userId)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("annotations")
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
