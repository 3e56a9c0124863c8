import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Analytics events (issue 14), collected only with consent: page views (route patterns) and named events.
 * Append-only; `day` is occurred_at's UTC day. No IP is ever stored, only a two-letter country.
 *
 * PostgreSQL: partitioned by RANGE on `day`, so retention drops whole days instead of deleting rows; the
 * primary key includes the partition key. Day partitions are created ahead by the analytics maintenance
 * worker; the default partition takes any row whose day has none yet, so an insert never fails.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") {
    await sql`create table analytics_events (
      id text not null,
      name text not null,
      route text,
      user_id text,
      visitor_id text,
      country text,
      properties text,
      occurred_at text not null,
      received_at text not null,
      day text not null,
      constraint analytics_events_pk primary key (day, id)
    ) partition by range (day)`.execute(db);
    await sql`create table analytics_events_default partition of analytics_events default`.execute(db);
  } else {
    await db.schema
      .createTable("analytics_events")
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("route", "text")
      .addColumn("user_id", "text")
      .addColumn("visitor_id", "text")
      .addColumn("country", "text")
      .addColumn("properties", "text")
      .addColumn("occurred_at", "text", (c) => c.notNull())
      .addColumn("received_at", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("analytics_events_pk", ["day", "id"])
      .execute();
  }
  await db.schema
    .createIndex("analytics_events_day_name_idx")
    .on("analytics_events")
    .columns(["day", "name"])
    .execute();
  await db.schema
    .createIndex("analytics_events_name_day_idx")
    .on("analytics_events")
    .columns(["name", "day"])
    .execute();
}
