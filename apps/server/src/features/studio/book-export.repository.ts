import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** What an EPUB export reads: the book, its data, genre names and the latest version's chapters. */
export class BookExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async book(bookId: string) {
    const book = await this.db
      .selectFrom("books")
      .leftJoin("bookData", "bookData.bookId", "books.id")
      .select([
        "books.id",
        "books.title",
        "books.authors",
        "books.summary",
        "books.source",
        "books.display",
        "books.status",
        "books.addedDate",
        "books.imageUrl",
        "bookData.latestVersion",
        "bookData.epubToc",
        "bookData.epubIdentifier",
        "bookData.language",
        "bookData.originalEpubKey",
      ])
      .where("books.id", "=", bookId)
      .executeTakeFirst();
    if (!book) return undefined;
    const authors = await this.db.selectFrom("bookAuthors").select("authorId").where("bookId", "=", bookId).execute();
    return { ...book, authorIds: authors.map((row) => row.authorId) };
  }

  async genreNames(bookId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("bookGenres")
      .innerJoin("genres", "genres.id", "bookGenres.genreId")
      .select("genres.displayName")
      .where("bookGenres.bookId", "=", bookId)
      .orderBy("genres.displayName")
      .execute();
    return rows.map((row) => row.displayName);
  }

  async chapters(bookId: string, version: string) {
    return this.db
      .selectFrom("chapters")
      .leftJoin("chapterSources", (join) =>
        join
          .onRef("chapterSources.bookId", "=", "chapters.bookId")
          .onRef("chapterSources.anchorId", "=", "chapters.anchorId"),
      )
      .select(["chapters.anchorId", "chapters.name", "chapters.html", "chapterSources.updatedAt"])
      .where("chapters.bookId", "=", bookId)
      .where("chapters.version", "=", version)
      .orderBy("chapters.chapterNumber")
      .execute();
  }
}
