import type { Kysely } from "kysely";

/**
 * Daily analytics figures rolled up from analytics_events once a day has closed, so the dashboard reads a few
 * rows per day instead of scanning millions of events. A day is rolled when its 'rolled' row exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pk", ["day", "metric", "key"])
    .execute();
  await db.schema.createIndex("analytics_daily_metric_day").on("analytics_daily").columns(["metric", "day"]).execute();
}
