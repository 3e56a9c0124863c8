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
};
