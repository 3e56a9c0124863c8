import type { Kysely } from "kysely";

/**
 * The notifications inbox, filled from user_events by the event worker. One row per event and
 * recipient: a 'read book' event fans out to each of the reader's followers, so (event_id, user_id)
 * is the unique key that makes a delivery happen at most once whoever runs the worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("resource_id", "text", (c) => c.notNull())
    .addColumn("resource_type", "text", (c) => c.notNull())
    .addColumn("resource_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addUniqueConstraint("notifications_event_user_unique", ["event_id", "user_id"])
    .execute();
  // The inbox pages newest first per user.
  await db.schema
    .createIndex("notifications_inbox_idx")
    .on("notifications")
    .columns(["user_id", "created_at", "id"])
    .execute();
}
