import { randomUUID } from "node:crypto";
import { UserEventTypeSchema } from "@quire/core";
import { sql, type Transaction } from "kysely";
import type { Logger } from "pino";
import { chunksOf } from "../../db/chunks";
import type { DatabaseHandle } from "../../db/database";
import type { Database, NotificationsTable } from "../../db/schema";
import { DrainLoop } from "../../infra/drain-loop";
import { channelsOf, enqueuePushDeliveries, type PushMessage, pushTarget } from "../push/push-outbox";
import { NOTIFICATIONS_CHANNEL, type NotificationHub } from "./notification-hub";
import { notificationText } from "./notification-text";

const BATCH_SIZE = 500;
/** Ids per `IN (…)` and rows per multi-row insert: 500 rows × 13 columns stays inside SQLite's parameter limit. */
const CHUNK = 500;

export interface EventWorkerOptions {
  database: DatabaseHandle;
  hub: NotificationHub;
  clock: () => Date;
  logger: Logger;
  /** Called after a batch that queued push deliveries has committed (the push sender's nudge). */
  onPushQueued?: () => void;
  /** Test seam: runs inside a batch's transaction after its notifications are written, before commit. */
  beforeCommit?: (claimed: number) => void;
}

/**
 * Turns unprocessed user events into notification rows, exactly once. A batch is claimed, delivered
 * and marked processed in one transaction, so a crash anywhere rolls all three back; the unique
 * (event_id, user_id) key makes a second delivery impossible even if two workers raced. On
 * PostgreSQL, `FOR UPDATE SKIP LOCKED` lets workers of several processes share the queue; on SQLite
 * BEGIN IMMEDIATE serialises them and one run at a time per process is enough.
 *
 * Audience: an event with a target user goes to that user ('new follower' → the followee,
 * 'book launched' → the subscriber); a 'read book' event has none (SPEC §3) and goes to each of the
 * reader's followers as of delivery, as feed material (to nobody if the reader hides their reading activity).
 *
 * Each recipient's preferences decide the channels: in-app off writes no inbox row, push on queues one
 * push delivery per registered browser in the same transaction (for a push-only notification the
 * delivery carries a notification id of its own, which no inbox row has).
 */
export class EventWorker extends DrainLoop {
  constructor(private readonly options: EventWorkerOptions) {
    super(options.logger, "event delivery failed");
  }

  protected async runBatch(): Promise<{ claimed: number; done: number }> {
    const { database, hub } = this.options;
    const written = await database.db.transaction().execute(async (trx) => {
      let claim = trx
        .selectFrom("userEvents")
        .selectAll()
        .where("processed", "=", 0)
        .orderBy("createdAt")
        .orderBy("id")
        .limit(BATCH_SIZE);
      if (database.dialect === "postgres") claim = claim.forUpdate().skipLocked();
      const events = await claim.execute();
      if (events.length === 0) return { claimed: 0, rows: [], pushes: 0 };

      const followersOf = await this.followersOf(
        trx,
        events.filter((event) => event.targetUserId === null).map((event) => event.triggeredByUserId),
      );
      // A target whose account is gone gets nothing (user_events has no foreign keys; notifications do).
      const targets = await this.existingUsers(
        trx,
        events.flatMap((event) => (event.targetUserId ? [event.targetUserId] : [])),
      );
      const audiences = new Map(
        events.map((event) => [
          event.id,
          event.targetUserId
            ? [event.targetUserId].filter((id) => targets.has(id))
            : (followersOf.get(event.triggeredByUserId) ?? []),
        ]),
      );
      const channels = await channelsOf(trx, [...audiences.values()].flat());
      const now = this.options.clock().toISOString();
      const rows: NotificationsTable[] = [];
      const pushes: PushMessage[] = [];
      for (const event of events) {
        const type = UserEventTypeSchema.safeParse(event.eventType);
        // An event type this version does not know is marked processed rather than retried forever.
        if (!type.success) continue;
        const text = notificationText(type.data, event.triggeredByUserName, event.targetResourceName);
        const url = pushTarget({
          id: event.targetResourceId,
          type: event.targetResourceType,
          name: event.targetResourceName,
        });
        for (const userId of audiences.get(event.id) ?? []) {
          const { inApp, push } = channels(userId, type.data);
          const id = randomUUID();
          if (inApp) {
            rows.push({
              id,
              userId,
              eventId: event.id,
              type: type.data,
              ...text,
              actorId: event.triggeredByUserId,
              actorName: event.triggeredByUserName,
              resourceId: event.targetResourceId,
              resourceType: event.targetResourceType,
              resourceName: event.targetResourceName,
              createdAt: now,
              readAt: null,
            });
          }
          if (push) {
            pushes.push({
              userId,
              payload: { notificationId: id, type: type.data, ...text, url },
              priority: event.priority,
            });
          }
        }
      }
      const inserted = await this.insertNotifications(trx, rows);
      // An inbox row that already existed (a second delivery) was pushed with it the first time.
      const insertedIds = new Set(inserted.map((row) => row.id));
      const inboxIds = new Set(rows.map((row) => row.id));
      const queued = await enqueuePushDeliveries(
        trx,
        pushes.filter(
          ({ payload }) => insertedIds.has(payload.notificationId) || !inboxIds.has(payload.notificationId),
        ),
        now,
      );
      const ids = events.map((event) => event.id);
      for (const chunk of chunksOf(ids, CHUNK)) {
        await trx.updateTable("userEvents").set({ processed: 1 }).where("id", "in", chunk).execute();
      }
      if (hub.crossProcess && inserted.length > 0) {
        // NOTIFY is transactional: listeners hear it only once this batch has committed.
        await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, payload) from unnest(${inserted.map((row) => `${row.userId} ${row.id}`)}::text[]) as payload`.execute(
          trx,
        );
      }
      this.options.beforeCommit?.(events.length);
      return { claimed: events.length, rows: inserted, pushes: queued };
    });
    if (!hub.crossProcess) for (const row of written.rows) hub.deliver(row.userId, row.id);
    if (written.pushes > 0) this.options.onPushQueued?.();
    return { claimed: written.claimed, done: written.rows.length };
  }

  /** A reader who hides their reading activity has no audience for it: what they finished stays theirs. */
  private async followersOf(trx: Transaction<Database>, userIds: string[]): Promise<Map<string, string[]>> {
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

  private async existingUsers(trx: Transaction<Database>, userIds: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunksOf([...new Set(userIds)], CHUNK)) {
      const rows = await trx.selectFrom("users").select("id").where("id", "in", chunk).execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  /** Inserts what is not delivered yet and returns the rows actually written. */
  private async insertNotifications(trx: Transaction<Database>, rows: NotificationsTable[]) {
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
}
