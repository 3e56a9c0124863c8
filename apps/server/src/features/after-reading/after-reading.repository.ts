import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { BookRow, Database } from "../../db/schema";

/** Books a reader may be sent to next: shown, not an unscheduled work in progress, not the book just read. */
function offerable(bookId: string, excluded: readonly string[]) {
  return sql<boolean>`${sql.ref("books.display")} = 1 and ${sql.ref("books.status")} <> 'wip' and ${sql.ref(
    "books.id",
  )} not in (${sql.join([bookId, ...excluded])})`;
}

/** A JSON array of names as stored in `books.authors` holds `name` as one of its strings. */
function authorsInclude(eb: ExpressionBuilder<Database, "books">, name: string) {
  const pattern = `%${JSON.stringify(name).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${eb.ref("books.authors")} like ${pattern} escape '\\'`;
}

/** The three rows of the end-of-book screen, each most popular first (interaction score, then id). */
export class AfterReadingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async authorIdsOf(bookId: string): Promise<string[]> {
    const rows = await this.db.selectFrom("bookAuthors").select("authorId").where("bookId", "=", bookId).execute();
    return rows.map((row) => row.authorId);
  }

  /** Books sharing an author account with the book (`book_authors`). */
  async byAuthorIds(bookId: string, authorIds: readonly string[], limit: number): Promise<BookRow[]> {
    if (authorIds.length === 0) return [];
    return this.db
      .selectFrom("books")
      .selectAll("books")
      .where(offerable(bookId, []))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("bookAuthors")
            .select("bookAuthors.bookId")
            .whereRef("bookAuthors.bookId", "=", "books.id")
            .where("bookAuthors.authorId", "in", authorIds),
        ),
      )
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }

  /**
   * Books naming one of the same authors, for books without author accounts (imported public-domain
   * ones): a scan of the names' JSON text, which the catalogue's size makes cheap.
   */
  async byAuthorNames(bookId: string, names: readonly string[], limit: number): Promise<BookRow[]> {
    if (names.length === 0) return [];
    return this.db
      .selectFrom("books")
      .selectAll("books")
      .where(offerable(bookId, []))
      .where((eb) => eb.or(names.map((name) => authorsInclude(eb, name))))
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }

  /**
   * Books most often finished by the readers who finished this one (their `reading_progress` rows with
   * `is_read`), ties by interaction score; never one the viewer has finished themselves.
   */
  async alsoFinished(bookId: string, viewerId: string | undefined, limit: number): Promise<BookRow[]> {
    let query = this.db
      .selectFrom("readingProgress as mine")
      .innerJoin("readingProgress as other", "other.userId", "mine.userId")
      .innerJoin("books", "books.id", "other.bookId")
      .selectAll("books")
      .where("mine.bookId", "=", bookId)
      .where("mine.isRead", "=", 1)
      .where("other.isRead", "=", 1)
      .where(offerable(bookId, []));
    if (viewerId) {
      query = query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("readingProgress as own")
              .select("own.bookId")
              .whereRef("own.bookId", "=", "books.id")
              .where("own.userId", "=", viewerId)
              .where("own.isRead", "=", 1),
          ),
        ),
      );
    }
    // Grouping by the primary key lets PostgreSQL select the book's other columns too.
    return query
      .groupBy("books.id")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }

  /** The most popular books of a category or genre, leaving out those already offered. */
  async onShelf(
    bookId: string,
    shelf: { kind: "category" | "genre"; id: string },
    excluded: readonly string[],
    limit: number,
  ): Promise<BookRow[]> {
    return this.db
      .selectFrom("books")
      .selectAll("books")
      .where(({ exists, selectFrom }) =>
        exists(
          shelf.kind === "category"
            ? selectFrom("categoryBooks")
                .select("categoryBooks.bookId")
                .whereRef("categoryBooks.bookId", "=", "books.id")
                .where("categoryBooks.categoryId", "=", shelf.id)
            : selectFrom("bookGenres")
                .select("bookGenres.bookId")
                .whereRef("bookGenres.bookId", "=", "books.id")
                .where("bookGenres.genreId", "=", shelf.id),
        ),
      )
      .where(offerable(bookId, excluded))
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }
}
