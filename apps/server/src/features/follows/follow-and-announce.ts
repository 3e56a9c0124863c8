import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { recordUserEvent } from "../notifications/user-events.repository";
import { followsRepository } from "./follows.repository";

type Db = Kysely<Database> | Transaction<Database>;

/** The name a user is shown by in others' notifications. */
export async function displayNameOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["firstName", "lastName", "username"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return `${row.firstName} ${row.lastName}`.trim() || row.username;
}

/**
 * Adds the edge and, only when it is new, the followee's 'new follower' event in the same
 * transaction, so every way of following (profile button, onboarding) notifies exactly once.
 */
export async function followAndAnnounce(db: Db, followerId: string, followeeId: string, now: string): Promise<boolean> {
  const isNew = await followsRepository.follow(db, followerId, followeeId, now);
  if (!isNew) return false;
  const follower = await db.selectFrom("users").select("username").where("id", "=", followerId).executeTakeFirst();
  const name = (await displayNameOf(db, followerId)) ?? followerId;
  await recordUserEvent(
    db,
    {
      eventType: "new follower",
      priority: "normal",
      targetUserId: followeeId,
      triggeredByUserId: followerId,
      triggeredByUserName: name,
      // The resource names the follower by username, so a client can link to their profile.
      targetResource: { id: followerId, type: "user", name: follower?.username ?? followerId },
    },
    now,
  );
  return true;
}
