import type { Kysely } from "kysely";
import type { Database, KoreaderDocumentsTable, KoreaderProgressTable } from "../../db/schema";
import type { PlaceChapter } from "./book-place";

export type KoreaderProgressRow = KoreaderProgressTable;

export class KosyncRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async bookForDocument(document: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("koreaderDocuments")
      .select("bookId")
      .where("document", "=", document)
      .orderBy("createdAt")
      .executeTakeFirst();
    return row?.bookId;
  }

  /** Books whose latest original EPUB has no partial MD5 yet (imported since the last look). */
  async originalsWithoutDigest(limit: number) {
    return this.db
      .selectFrom("bookData")
      .select(["bookData.bookId", "bookData.originalEpubKey"])
      .where("bookData.originalEpubKey", "is not", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("koreaderDocuments")
              .select("koreaderDocuments.document")
              .whereRef("koreaderDocuments.source", "=", "bookData.originalEpubKey"),
          ),
        ),
      )
      .limit(limit)
      .execute() as Promise<{ bookId: string; originalEpubKey: string }[]>;
  }

  /** Books with no file-name id yet. */
  async booksWithoutFileName(limit: number) {
    return this.db
      .selectFrom("books")
      .select(["books.id", "books.title"])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("koreaderDocuments")
              .select("koreaderDocuments.document")
              .whereRef("koreaderDocuments.bookId", "=", "books.id")
              .where("koreaderDocuments.method", "=", "filename"),
          ),
        ),
      )
      .limit(limit)
      .execute();
  }

  async addDocuments(rows: KoreaderDocumentsTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto("koreaderDocuments")
      .values(rows)
      .onConflict((oc) => oc.columns(["document", "bookId"]).doNothing())
      .execute();
  }

  /** The latest edition's chapters in reading order, with what placing a percentage needs. */
  async chapters(bookId: string): Promise<PlaceChapter[]> {
    return this.db
      .selectFrom("chapters")
      .innerJoin("bookData", (join) =>
        join.onRef("bookData.bookId", "=", "chapters.bookId").onRef("bookData.latestVersion", "=", "chapters.version"),
      )
      .select(["chapters.anchorId", "chapters.chapterNumber", "chapters.wordCount", "chapters.role"])
      .where("chapters.bookId", "=", bookId)
      .orderBy("chapters.chapterNumber")
      .execute();
  }

  async progress(userId: string, document: string): Promise<KoreaderProgressRow | undefined> {
    return this.db
      .selectFrom("koreaderProgress")
      .selectAll()
      .where("userId", "=", userId)
      .where("document", "=", document)
      .executeTakeFirst();
  }

  async saveProgress(row: KoreaderProgressRow): Promise<void> {
    const { userId, document, ...rest } = row;
    await this.db
      .insertInto("koreaderProgress")
      .values(row)
      .onConflict((oc) => oc.columns(["userId", "document"]).doUpdateSet(rest))
      .execute();
  }
}
