import { randomUUID } from "node:crypto";
import { UserEventTypeSchema } from "@quire/core";
import type { Logger } from "pino";
import type { NotificationsTable } from "../../db/schema";
import { DrainLoop } from "../../infra/drain-loop";
import { channelsOf, enqueuePushDeliveries, type PushMessage, pushTarget } from "../push";
import type { EventDeliveryRepository } from "./event-delivery.repository";
import { NOTIFICATIONS_CHANNEL, type NotificationHub } from "./notification-hub";
import { notificationText } from "./notification-text";

const BATCH_SIZE = 500;

export interface EventWorkerOptions {
  repository: EventDeliveryRepository;
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
    const { repository, hub } = this.options;
    const written = await repository.transaction(async (trx) => {
      const events = await repository.claimEvents(trx, BATCH_SIZE);
      if (events.length === 0) return { claimed: 0, rows: [], pushes: 0 };

      const followersOf = await repository.readingAudiences(
        trx,
        events.filter((event) => event.targetUserId === null).map((event) => event.triggeredByUserId),
      );
      // A target whose account is gone gets nothing (user_events has no foreign keys; notifications do).
      const targets = await repository.existingUsers(
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
      const inserted = await repository.insertNotifications(trx, rows);
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
      await repository.markProcessed(
        trx,
        events.map((event) => event.id),
      );
      if (hub.crossProcess && inserted.length > 0)
        await repository.notifyListeners(trx, NOTIFICATIONS_CHANNEL, inserted);
      this.options.beforeCommit?.(events.length);
      return { claimed: events.length, rows: inserted, pushes: queued };
    });
    if (!hub.crossProcess) for (const row of written.rows) hub.deliver(row.userId, row.id);
    if (written.pushes > 0) this.options.onPushQueued?.();
    return { claimed: written.claimed, done: written.rows.length };
  }
}
