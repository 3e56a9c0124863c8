import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Follow edges and the two counters they drive (`n_following` of the follower, `n_followers` of the
 * followee). Callers pass a transaction so an edge and its counters change together.
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
    await db
      .updateTable("users")
      .set((eb) => ({ nFollowing: eb("nFollowing", "+", 1) }))
      .where("id", "=", followerId)
      .execute();
    await db
      .updateTable("users")
      .set((eb) => ({ nFollowers: eb("nFollowers", "+", 1) }))
      .where("id", "=", followeeId)
      .execute();
    return true;
  },

  async followeeIdsOf(db: Db, followerId: string): Promise<string[]> {
    const rows = await db.selectFrom("follows").select("followeeId").where("followerId", "=", followerId).execute();
    return rows.map((row) => row.followeeId);
  },
};
