import type { SystemList } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import type { BookRow, Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * System lists: one row per user and book (the primary key), so a book is in one list at a time.
 * Shared by the list routes and by reading progress, which files started and finished books.
 */
export const listEntriesRepository = {
  /**
   * Puts the book in `list`, out of any other. Moving dates the entry now; putting it where it already
   * is keeps its date. Returns the entry's date.
   */
  async put(db: Db, userId: string, bookId: string, list: SystemList, now: string): Promise<string> {
    const written = await db
      .insertInto("listEntries")
      .values({ userId, bookId, list, addedAt: now })
      .onConflict((conflict) =>
        conflict
          .columns(["userId", "bookId"])
          .doUpdateSet({ list, addedAt: now })
          .where("listEntries.list", "!=", list),
      )
      .returning("addedAt")
      .executeTakeFirst();
    if (written) return written.addedAt;
    const kept = await db
      .selectFrom("listEntries")
      .select("addedAt")
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .executeTakeFirstOrThrow();
    return kept.addedAt;
  },

  /** Takes the book out of the user's lists; false when it was in none. */
  async remove(db: Db, userId: string, bookId: string): Promise<boolean> {
    const result = await db
      .deleteFrom("listEntries")
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Every entry of the user on a visible book, with the book, newest first. */
  async entriesWithBooks(db: Db, userId: string): Promise<{ list: string; addedAt: string; book: BookRow }[]> {
    const rows = await db
      .selectFrom("listEntries")
      .innerJoin("books", "books.id", "listEntries.bookId")
      .selectAll("books")
      .select(["listEntries.list", "listEntries.addedAt"])
      .where("listEntries.userId", "=", userId)
      .where("books.display", "=", 1)
      .orderBy("listEntries.addedAt", "desc")
      .orderBy("listEntries.bookId", "desc")
      .execute();
    return rows.map(({ list, addedAt, ...book }) => ({ list, addedAt, book }));
  },
};
