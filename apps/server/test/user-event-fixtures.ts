import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../src/db/schema";
import { createUser } from "./factories";

/** `count` unprocessed 'new follower' events for one new user, from another; returns the target. */
export async function queueNewFollowerEvents(db: Kysely<Database>, count: number) {
  const target = await createUser(db);
  const actor = await createUser(db);
  const createdAt = new Date().toISOString();
  for (let i = 0; i < count; i += 1000) {
    await db
      .insertInto("userEvents")
      .values(
        Array.from({ length: Math.min(1000, count - i) }, () => ({
          id: randomUUID(),
          eventType: "new follower",
          priority: "normal",
          targetUserId: target.id,
          triggeredByUserId: actor.id,
          triggeredByUserName: "Actor",
          targetResourceId: actor.id,
          targetResourceType: "user",
          targetResourceName: "Actor",
          processed: 0 as const,
          createdAt,
        })),
      )
      .execute();
  }
  return target;
}

/** How many notifications the user has, and for how many distinct events (equal: nothing twice). */
export async function notificationsDeliveredTo(db: Kysely<Database>, userId: string) {
  const rows = await db.selectFrom("notifications").select("eventId").where("userId", "=", userId).execute();
  return { total: rows.length, distinct: new Set(rows.map((row) => row.eventId)).size };
}
