import type { Kysely } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Quire Plus (issue 14): exchange-rate tables imported with `quire rates import`. Each import is one row
 * holding the whole table as JSON (currency → units per USD), read whole on every price request; the newest
 * import wins over the CSV bundled with the server.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("exchange_rate_tables")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("rates_date", "text", (c) => c.notNull())
    .addColumn("rates", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("exchange_rate_tables_imported_at_idx")
    .on("exchange_rate_tables")
    .columns(["imported_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("exchange_rate_tables").execute();
}
