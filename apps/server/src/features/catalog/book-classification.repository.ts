import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";

/** Where a book is filed: its genres and its place in categories. Shared by the studio and the EPUB importer. */
export const bookClassificationRepository = {
  /** The book's genres become exactly these (they must exist). */
  async setGenres(trx: Transaction<Database>, bookId: string, genreIds: string[]): Promise<void> {
    await trx.deleteFrom("bookGenres").where("bookId", "=", bookId).execute();
    if (genreIds.length > 0) {
      await trx
        .insertInto("bookGenres")
        .values(genreIds.map((genreId) => ({ bookId, genreId })))
        .execute();
    }
  },

  /** Adds the book to a category it is not in, after the category's last book. */
  async appendToCategory(trx: Transaction<Database>, bookId: string, categoryId: string): Promise<void> {
    const last = await trx
      .selectFrom("categoryBooks")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("categoryId", "=", categoryId)
      .executeTakeFirst();
    await trx
      .insertInto("categoryBooks")
      .values({ categoryId, bookId, position: Number(last?.position ?? 0) + 1 })
      .execute();
  },
};
