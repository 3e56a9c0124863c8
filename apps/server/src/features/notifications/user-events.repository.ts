import { randomUUID } from "node:crypto";
import type { UserEventType } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export interface NewUserEvent {
  eventType: UserEventType;
  priority: "low" | "normal" | "high";
  /** Absent only for 'read book', whose audience is the reader's followers. */
  targetUserId: string | null;
  triggeredByUserId: string;
  triggeredByUserName: string;
  targetResource: { id: string; type: "book" | "user"; name: string };
}

/** SPEC §3: an event is written in the caller's transaction, so it exists exactly when the change does. */
export async function recordUserEvent(db: Db, event: NewUserEvent, now: string): Promise<void> {
  await db
    .insertInto("userEvents")
    .values({
      id: randomUUID(),
      eventType: event.eventType,
      priority: event.priority,
      targetUserId: event.targetUserId,
      triggeredByUserId: event.triggeredByUserId,
      triggeredByUserName: event.triggeredByUserName,
      targetResourceId: event.targetResource.id,
      targetResourceType: event.targetResource.type,
      targetResourceName: event.targetResource.name,
      processed: 0,
      createdAt: now,
    })
    .execute();
}
