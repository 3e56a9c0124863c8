import type { Kysely } from "kysely";
import type { BookRow, Database } from "../../db/schema";

/** The rows behind a profile's reading activity; only shown books, most recent first. */
export class ReadingActivityRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Whether the user exists and shows their reading activity to others. */
  async visibilityOf(userId: string): Promise<{ public: boolean } | undefined> {
    const row = await this.db
      .selectFrom("users")
      .select("readingActivityPublic")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row && { public: row.readingActivityPublic === 1 };
  }

  /** Books with the user's progress, read (`finished`) or not yet, by when they last read them. */
  async progressBooks(userId: string, finished: boolean, limit: number): Promise<BookRow[]> {
    return this.db
      .selectFrom("readingProgress")
      .innerJoin("books", "books.id", "readingProgress.bookId")
      .selectAll("books")
      .where("readingProgress.userId", "=", userId)
      .where("readingProgress.isRead", "=", finished ? 1 : 0)
      .where("books.display", "=", 1)
      .orderBy("readingProgress.lastReadAt", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }

  async starredBooks(userId: string, limit: number): Promise<BookRow[]> {
    return this.db
      .selectFrom("stars")
      .innerJoin("books", "books.id", "stars.bookId")
      .selectAll("books")
      .where("stars.userId", "=", userId)
      .where("books.display", "=", 1)
      .orderBy("stars.updatedAt", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }
}
