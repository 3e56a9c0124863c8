import { sql, type Transaction } from "kysely";
import { chunksOf } from "../../db/chunks";
import type { DatabaseHandle } from "../../db/database";
import type { Database, NotificationsTable } from "../../db/schema";

/** Ids per `IN (…)` and rows per multi-row insert: 500 rows × 13 columns stays inside SQLite's parameter limit. */
const CHUNK = 500;

/** The event worker's statements: each batch runs them in one transaction. */
export class EventDeliveryRepository {
  constructor(private readonly database: DatabaseHandle) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  /** The oldest unprocessed events; on PostgreSQL locked and skipped by other workers (`FOR UPDATE SKIP LOCKED`). */
  claimEvents(trx: Transaction<Database>, limit: number) {
    let claim = trx
      .selectFrom("userEvents")
      .selectAll()
      .where("processed", "=", 0)
      .orderBy("createdAt")
      .orderBy("id")
      .limit(limit);
    if (this.database.dialect === "postgres") claim = claim.forUpdate().skipLocked();
    return claim.execute();
  }

  /** A reader who hides their reading activity has no audience for it: what they finished stays theirs. */
  async readingAudiences(trx: Transaction<Database>, userIds: string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    for (const chunk of chunksOf([...new Set(userIds)], CHUNK)) {
      const edges = await trx
        .selectFrom("follows")
        .innerJoin("users", "users.id", "follows.followeeId")
        .select(["follows.followerId", "follows.followeeId"])
        .where("follows.followeeId", "in", chunk)
        .where("users.readingActivityPublic", "=", 1)
        .execute();
      for (const edge of edges) result.set(edge.followeeId, [...(result.get(edge.followeeId) ?? []), edge.followerId]);
    }
    return result;
  }

  async existingUsers(trx: Transaction<Database>, userIds: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunksOf([...new Set(userIds)], CHUNK)) {
      const rows = await trx.selectFrom("users").select("id").where("id", "in", chunk).execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  /** Inserts what is not delivered yet and returns the rows actually written. */
  async insertNotifications(trx: Transaction<Database>, rows: NotificationsTable[]) {
    const inserted: { id: string; userId: string }[] = [];
    for (const chunk of chunksOf(rows, CHUNK)) {
      inserted.push(
        ...(await trx
          .insertInto("notifications")
          .values(chunk)
          .onConflict((conflict) => conflict.columns(["eventId", "userId"]).doNothing())
          .returning(["id", "userId"])
          .execute()),
      );
    }
    return inserted;
  }

  async markProcessed(trx: Transaction<Database>, eventIds: string[]): Promise<void> {
    for (const chunk of chunksOf(eventIds, CHUNK)) {
      await trx.updateTable("userEvents").set({ processed: 1 }).where("id", "in", chunk).execute();
    }
  }

  /** PostgreSQL NOTIFY on `channel`, one message per row; transactional, so listeners hear it only after commit. */
  async notifyListeners(trx: Transaction<Database>, channel: string, rows: { id: string; userId: string }[]) {
    await sql`select pg_notify(${channel}, payload) from unnest(${rows.map((row) => `${row.userId} ${row.id}`)}::text[]) as payload`.execute(
      trx,
    );
  }
}
