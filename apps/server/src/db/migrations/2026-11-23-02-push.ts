import type { Kysely } from "kysely";

/**
 * Web Push. `push_registrations` holds one row per browser subscription: the endpoint is unique because it
 * names one browser, so registering it again (even as someone else) moves the row rather than adding one.
 * `push_deliveries` is the outbox the event worker fills in the transaction that writes notifications; each
 * row carries its own payload (a push-only notification has no inbox row to read it from), and
 * `next_attempt_at` is both the retry time and the sender's lease. `notification_preferences` stores only
 * what a user changed: a missing (user, type) row means both channels on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_registrations")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_registrations_user_idx").on("push_registrations").column("user_id").execute();

  await db.schema
    .createTable("push_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("notification_id", "text", (c) => c.notNull())
    .addColumn("registration_id", "text", (c) => c.notNull().references("push_registrations.id").onDelete("cascade"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("urgency", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("push_deliveries_notification_registration_unique", ["notification_id", "registration_id"])
    .execute();
  // The sender's claim: due rows, oldest first.
  await db.schema
    .createIndex("push_deliveries_due_idx")
    .on("push_deliveries")
    .columns(["next_attempt_at", "id"])
    .execute();
  await db.schema
    .createIndex("push_deliveries_registration_idx")
    .on("push_deliveries")
    .column("registration_id")
    .execute();

  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("in_app", "integer", (c) => c.notNull())
    .addColumn("push", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "event_type"])
    .execute();
}
