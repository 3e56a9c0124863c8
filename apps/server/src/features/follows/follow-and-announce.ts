import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { recordUserEvent } from "../notifications";
import { followsRepository } from "./follows.repository";

type Db = Kysely<Database> | Transaction<Database>;

/** Unfollowing and following again within this time does not notify the followee a second time. */
export const RENOTIFY_AFTER_MS = 24 * 60 * 60_000;

/**
 * Adds the edge and, only when it is new, the followee's 'new follower' event in the same
 * transaction, so every way of following (profile button, onboarding) notifies exactly once. A
 * follower already announced to this followee within RENOTIFY_AFTER_MS is not announced again, so
 * toggling a follow cannot spam anyone. True when an event was written.
 */
export async function followAndAnnounce(db: Db, followerId: string, followeeId: string, now: string): Promise<boolean> {
  const isNew = await followsRepository.follow(db, followerId, followeeId, now);
  if (!isNew) return false;
  const since = new Date(Date.parse(now) - RENOTIFY_AFTER_MS).toISOString();
  if (await followsRepository.wasAnnouncedSince(db, followerId, followeeId, since)) return false;
  const follower = await followsRepository.namesOf(db, followerId);
  await recordUserEvent(
    db,
    {
      eventType: "new follower",
      priority: "normal",
      targetUserId: followeeId,
      triggeredByUserId: followerId,
      triggeredByUserName: follower?.displayName ?? followerId,
      // The resource names the follower by username, so a client can link to their profile.
      targetResource: { id: followerId, type: "user", name: follower?.username ?? followerId },
    },
    now,
  );
  return true;
}
