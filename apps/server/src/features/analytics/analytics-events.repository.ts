import { type Kysely, sql, type Transaction } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { Database } from "../../db/schema";
import { type AnalyticsEventRow, addUtcDays } from "./analytics-events.rows";

const PARTITION_PREFIX = "analytics_events_p";
const DEFAULT_PARTITION = "analytics_events_default";

const partitionName = (day: string) => `${PARTITION_PREFIX}${day.replaceAll("-", "")}`;
const dayOfPartition = (name: string) => {
  const digits = name.slice(PARTITION_PREFIX.length);
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
};

/** The events table: appends, and its upkeep (day partitions on PostgreSQL, retention on both). */
export class AnalyticsEventsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async tracksUser(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("acceptedTracking")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row?.acceptedTracking === 1;
  }

  async append(rows: readonly AnalyticsEventRow[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto("analyticsEvents")
        .values([...rows])
        .execute();
  }

  /** PostgreSQL only: the day partitions that exist, as days. */
  async partitionDays(): Promise<string[]> {
    if (this.dialect !== "postgres") return [];
    const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'analytics_events'::regclass and c.relname like ${`${PARTITION_PREFIX}%`}`.execute(this.db);
    return rows.map((row) => dayOfPartition(row.name)).sort();
  }

  /**
   * Creates the missing day partitions among `days` (PostgreSQL). Rows already in the default partition for
   * such a day move into it first, since PostgreSQL refuses to attach a range the default partition holds.
   */
  async createPartitions(days: readonly string[]): Promise<number> {
    if (this.dialect !== "postgres") return 0;
    const existing = new Set(await this.partitionDays());
    let created = 0;
    for (const day of days.filter((candidate) => !existing.has(candidate))) {
      try {
        await this.db.transaction().execute((trx) => this.createPartition(trx, day));
        created++;
      } catch (error) {
        // Another process made it in the meantime: nothing left to do for that day.
        if (!(await this.partitionDays()).includes(day)) throw error;
      }
    }
    return created;
  }

  private async createPartition(trx: Transaction<Database>, day: string): Promise<void> {
    const table = sql.table(partitionName(day));
    const fallback = sql.table(DEFAULT_PARTITION);
    await sql`create table ${table} (like analytics_events including defaults)`.execute(trx);
    await sql`insert into ${table} select * from ${fallback} where day = ${day}`.execute(trx);
    await sql`delete from ${fallback} where day = ${day}`.execute(trx);
    await sql`alter table analytics_events attach partition ${table}
      for values from (${sql.lit(day)}) to (${sql.lit(addUtcDays(day, 1))})`.execute(trx);
  }

  /** Forgets events of days before `firstKeptDay`: whole partitions on PostgreSQL, rows on SQLite. */
  async dropBefore(firstKeptDay: string): Promise<number> {
    if (this.dialect !== "postgres") {
      const result = await this.db.deleteFrom("analyticsEvents").where("day", "<", firstKeptDay).executeTakeFirst();
      return Number(result.numDeletedRows);
    }
    let dropped = 0;
    for (const day of (await this.partitionDays()).filter((partitionDay) => partitionDay < firstKeptDay)) {
      await sql`drop table if exists ${sql.table(partitionName(day))}`.execute(this.db);
      dropped++;
    }
    const strays = await sql`delete from ${sql.table(DEFAULT_PARTITION)} where day < ${firstKeptDay}`.execute(this.db);
    return dropped + Number(strays.numAffectedRows ?? 0);
  }
}
