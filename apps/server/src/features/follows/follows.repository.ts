import { type Page, USER_SCORE_FOLLOWED } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import { keysetPage } from "../../db/keyset";
import type { Database, UserRow } from "../../db/schema";
import { scoreMovedBy } from "../users";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Both counters of one edge, and the followee's interaction score. The two rows are updated in id
 * order: on PostgreSQL, A following B while B follows A would otherwise lock A then B against B then A
 * and deadlock.
 */
async function moveCounters(db: Db, followerId: string, followeeId: string, op: "+" | "-"): Promise<void> {
  const score = op === "+" ? USER_SCORE_FOLLOWED : -USER_SCORE_FOLLOWED;
  const changes = [
    { id: followerId, counter: "nFollowing" as const, score: 0 },
    { id: followeeId, counter: "nFollowers" as const, score },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id, counter, score } of changes) {
    await db
      .updateTable("users")
      .set((eb) => ({
        [counter]: eb(counter, op, 1),
        ...(score === 0 ? {} : { interactionScore: scoreMovedBy(eb, score) }),
      }))
      .where("id", "=", id)
      .execute();
  }
}

/**
 * Follow edges and the counters they drive (`n_following` of the follower, `n_followers` and the
 * interaction score of the followee). Callers pass a transaction so an edge and its counters change together.
 */
export const followsRepository = {
  /** Adds the edge unless it exists; returns whether it was new. */
  async follow(db: Db, followerId: string, followeeId: string, now: string): Promise<boolean> {
    const inserted = await db
      .insertInto("follows")
      .values({ followerId, followeeId, createdAt: now, updatedAt: now })
      .onConflict((conflict) => conflict.columns(["followerId", "followeeId"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await moveCounters(db, followerId, followeeId, "+");
    return true;
  },

  /** Removes the edge if it exists; the counters move only when this call removed it, so racing calls count once. */
  async unfollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
    const deleted = await db
      .deleteFrom("follows")
      .where("followerId", "=", followerId)
      .where("followeeId", "=", followeeId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await moveCounters(db, followerId, followeeId, "-");
    return true;
  },

  /** One page of the users on the other end of `userId`'s edges, newest edge first; keyset on (created_at, user id). */
  async page(
    db: Db,
    direction: "followers" | "following",
    userId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<UserRow & { followedAt: string }>> {
    const [own, other] =
      direction === "followers" ? (["followeeId", "followerId"] as const) : (["followerId", "followeeId"] as const);
    const query = db
      .selectFrom("follows")
      .innerJoin("users", "users.id", `follows.${other}`)
      .selectAll("users")
      .select("follows.createdAt as followedAt")
      .where(`follows.${own}`, "=", userId);
    // A cursor this server did not make reads as the first page, as the feed's does.
    return keysetPage(query, {
      cursor,
      foreign: "first-page",
      sort: "follows.createdAt",
      id: "users.id",
      direction: "desc",
      limit,
      keyOf: (row) => [row.followedAt, row.id],
    });
  },

  async isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
    const edge = await db
      .selectFrom("follows")
      .select("followerId")
      .where("followerId", "=", followerId)
      .where("followeeId", "=", followeeId)
      .executeTakeFirst();
    return edge !== undefined;
  },

  async followerCount(db: Db, userId: string): Promise<number> {
    const row = await db.selectFrom("users").select("nFollowers").where("id", "=", userId).executeTakeFirstOrThrow();
    return row.nFollowers;
  },

  /** The name a user is shown by in others' notifications, and their username; undefined for no such user. */
  async namesOf(db: Db, userId: string): Promise<{ displayName: string; username: string } | undefined> {
    const row = await db
      .selectFrom("users")
      .select(["firstName", "lastName", "username"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { displayName: `${row.firstName} ${row.lastName}`.trim() || row.username, username: row.username };
  },

  /** Whether the followee got a 'new follower' event for this follower at or after `since` (user_events_target_idx). */
  async wasAnnouncedSince(db: Db, followerId: string, followeeId: string, since: string): Promise<boolean> {
    const row = await db
      .selectFrom("userEvents")
      .select("id")
      .where("targetUserId", "=", followeeId)
      .where("createdAt", ">=", since)
      .where("eventType", "=", "new follower")
      .where("triggeredByUserId", "=", followerId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
