import type { Kysely } from "kysely";

/**
 * Email-and-password accounts. The profile stays in `users`; secrets live apart from it:
 * a password hash per user, sessions and single-use email tokens stored only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("credentials")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("email_verified_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").columns(["user_id"]).execute();

  await db.schema
    .createTable("email_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("email_tokens_user_idx").on("email_tokens").columns(["user_id", "purpose"]).execute();
}
