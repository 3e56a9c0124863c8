import type { Kysely } from "kysely";

/**
 * A user's switch for their reading activity (reading, finished, starred) on their profile and in
 * followers' feeds. Public (1) unless they hide it; the feed and the profile check it when they read,
 * so hiding also hides what was recorded before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("reading_activity_public", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}
