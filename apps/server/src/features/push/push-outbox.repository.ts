import { newId, type UserEventType } from "@quire/core";
import type { Insertable, Transaction } from "kysely";
import { chunksOf } from "../../db/chunks";
import type { Database, PushDeliveriesTable } from "../../db/schema";
import { type PushMessage, urgencyOf } from "./push-outbox";

/** Keeps statements under SQLite's bound-parameter limit. */
const CHUNK = 500;

export interface Channels {
  inApp: boolean;
  push: boolean;
}
const DEFAULT_CHANNELS: Channels = { inApp: true, push: true };

/** Each user's channels per event type; what a user never changed is both on. */
export async function channelsOf(
  trx: Transaction<Database>,
  userIds: string[],
): Promise<(userId: string, type: UserEventType) => Channels> {
  const stored = new Map<string, Channels>();
  for (const chunk of chunksOf([...new Set(userIds)], CHUNK)) {
    const rows = await trx
      .selectFrom("notificationPreferences")
      .select(["userId", "eventType", "inApp", "push"])
      .where("userId", "in", chunk)
      .execute();
    for (const row of rows) {
      stored.set(`${row.userId} ${row.eventType}`, { inApp: row.inApp === 1, push: row.push === 1 });
    }
  }
  return (userId, type) => stored.get(`${userId} ${type}`) ?? DEFAULT_CHANNELS;
}

/**
 * Queues one delivery per registration of each message's user, in the caller's transaction (the one
 * that writes the notifications), so a push is queued exactly when its notification is. Returns how
 * many rows were queued.
 */
export async function enqueuePushDeliveries(
  trx: Transaction<Database>,
  messages: PushMessage[],
  now: string,
): Promise<number> {
  if (messages.length === 0) return 0;
  const registrationsOf = new Map<string, string[]>();
  for (const chunk of chunksOf([...new Set(messages.map((message) => message.userId))], CHUNK)) {
    const rows = await trx
      .selectFrom("pushRegistrations")
      .select(["id", "userId"])
      .where("userId", "in", chunk)
      .execute();
    for (const row of rows) registrationsOf.set(row.userId, [...(registrationsOf.get(row.userId) ?? []), row.id]);
  }
  const rows: Insertable<PushDeliveriesTable>[] = messages.flatMap((message) =>
    (registrationsOf.get(message.userId) ?? []).map((registrationId) => ({
      id: newId(),
      notificationId: message.payload.notificationId,
      registrationId,
      payload: JSON.stringify(message.payload),
      urgency: urgencyOf(message.priority),
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  let queued = 0;
  for (const chunk of chunksOf(rows, CHUNK)) {
    const result = await trx
      .insertInto("pushDeliveries")
      .values(chunk)
      .onConflict((conflict) => conflict.columns(["notificationId", "registrationId"]).doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}
