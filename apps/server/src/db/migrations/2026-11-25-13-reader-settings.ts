import type { Kysely } from "kysely";

/**
 * Reader settings that follow a signed-in reader across devices: one row per user, the settings as
 * JSON (a new setting needs no migration; fields are checked when read back). Rows go with their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reader_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
