import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, UsersTable } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** The users rows profile creation reads and writes; callers pass their transaction. */
export const profilesRepository = {
  async exists(db: Db, userId: string): Promise<boolean> {
    return (await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;
  },

  async usernameTaken(db: Db, username: string): Promise<boolean> {
    return (
      (await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst()) !== undefined
    );
  },

  async insert(db: Db, user: Insertable<UsersTable>): Promise<void> {
    await db.insertInto("users").values(user).execute();
  },

  /**
   * Marks the new user as referred by `referrerUsername` and counts it for the referrer, unless the
   * name is unknown, the user's own, or the user already has a referrer (so a user counts once).
   */
  async creditReferrer(db: Db, userId: string, referrerUsername: string): Promise<void> {
    const referrer = await db
      .selectFrom("users")
      .select("id")
      .where("username", "=", referrerUsername)
      .where("id", "!=", userId)
      .executeTakeFirst();
    if (!referrer) return;
    const marked = await db
      .updateTable("users")
      .set({ referredBy: referrer.id })
      .where("id", "=", userId)
      .where("referredBy", "is", null)
      .executeTakeFirst();
    if (marked.numUpdatedRows !== 1n) return;
    await db
      .updateTable("users")
      .set((eb) => ({ nReferredUsers: eb("nReferredUsers", "+", 1) }))
      .where("id", "=", referrer.id)
      .execute();
  },
};
