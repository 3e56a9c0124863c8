import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, SocialSignInFlowsTable } from "../../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export type NewSignInFlow = Insertable<SocialSignInFlowsTable>;

/** Every SQL statement of Google and Apple sign-in: open flows and the accounts linked to users. */
export class SocialRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insertFlow(flow: NewSignInFlow, now: string): Promise<void> {
    // Abandoned flows (the user closed the provider's page) are swept as new ones start.
    await this.db.deleteFrom("socialSignInFlows").where("expiresAt", "<=", now).execute();
    await this.db.insertInto("socialSignInFlows").values(flow).execute();
  }

  /**
   * Takes a flow out by its state, whatever its age: one statement, so two callbacks racing with
   * the same state cannot both get it (single use). The caller checks the expiry.
   */
  async takeFlow(stateHash: string) {
    return this.db.deleteFrom("socialSignInFlows").where("stateHash", "=", stateHash).returningAll().executeTakeFirst();
  }

  async findLinkedUserId(provider: string, subject: string, db: Db = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom("socialAccounts")
      .select("userId")
      .where("provider", "=", provider)
      .where("subject", "=", subject)
      .executeTakeFirst();
    return row?.userId;
  }

  async findUserByEmail(email: string, db: Db) {
    return db.selectFrom("users").select(["id", "email", "firstName"]).where("email", "=", email).executeTakeFirst();
  }

  async findUserById(id: string, db: Db = this.db) {
    return db.selectFrom("users").select(["id", "email", "firstName"]).where("id", "=", id).executeTakeFirst();
  }

  async linkAccount(
    account: { provider: string; subject: string; userId: string; email: string | null; createdAt: string },
    db: Db,
  ): Promise<void> {
    await db.insertInto("socialAccounts").values(account).execute();
  }

  /**
   * Drops a password nobody proved: whoever set it never opened the verification email, so it
   * may not be the address's owner, who has just proven it through the provider.
   */
  async deleteUnverifiedCredentials(userId: string, db: Db): Promise<void> {
    await db.deleteFrom("credentials").where("userId", "=", userId).where("emailVerifiedAt", "is", null).execute();
  }
}
