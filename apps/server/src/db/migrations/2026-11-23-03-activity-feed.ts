import type { Kysely } from "kysely";

/**
 * What people did, for the activity feed of those who follow them: one row per (actor, verb, book),
 * written in the transaction of the action itself. The unique key makes recording idempotent (a
 * re-star or a retried launch adds nothing); the feed reads each followed actor's rows newest first
 * through `(actor_id, created_at, id)`. Rows go with their actor or their book.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("activities")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("actor_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("verb", "text", (c) => c.notNull())
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("activities_actor_verb_book_unique", ["actor_id", "verb", "book_id"])
    .execute();
  await db.schema
    .createIndex("activities_feed_idx")
    .on("activities")
    .columns(["actor_id", "created_at", "id"])
    .execute();
  // Deleting a book cascades here; without an index on book_id that would scan the table.
  await db.schema.createIndex("activities_book_idx").on("activities").column("book_id").execute();
}
