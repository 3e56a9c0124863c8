import type { Kysely } from "kysely";

/**
 * Found by `npm run bench:scale`'s plan check at 100,000 books: home's "coming soon" (shown scheduled books, soonest
 * launch first) had no index to walk (`books_launched_idx` leads with the source), so PostgreSQL read every book and
 * sorted them. This one serves it, and launched books by launch date, in order with the first rows first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("books_status_launch_idx")
    .on("books")
    .columns(["status", "display", "launched_date", "id"])
    .execute();
}
