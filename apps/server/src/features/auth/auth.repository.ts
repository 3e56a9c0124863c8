import type { Kysely, Transaction } from "kysely";
import { batchedPointReads } from "../../db/batched-point-reads";
import { param, ReusableQuery } from "../../db/reusable-query";
import type { Database, EmailTokenPurpose, UserRow } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Every SQL statement of accounts: users' credentials, sessions and email tokens. */
export class AuthRepository {
  /** Every signed-in API request reads its session: compiled once, and read together with those asked for with it. */
  private readonly findSession: (
    idHash: string,
  ) => Promise<{ userId: string; lastUsedAt: string; expiresAt: string } | undefined>;

  constructor(readonly db: Kysely<Database>) {
    const sessions = db.selectFrom("sessions").select(["userId", "lastUsedAt", "expiresAt"]);
    this.findSession = batchedPointReads(
      db,
      new ReusableQuery(sessions.where("idHash", "=", param("key")).compile()),
      ({ op, keys }) => new ReusableQuery(sessions.select("idHash as key").where("idHash", op, keys).compile()),
    );
  }

  async findUserByEmail(email: string, db: Db = this.db) {
    return db
      .selectFrom("users")
      .leftJoin("credentials", "credentials.userId", "users.id")
      .selectAll("users")
      .select(["credentials.passwordHash", "credentials.emailVerifiedAt"])
      .where("users.email", "=", email)
      .executeTakeFirst();
  }

  async findUserById(id: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async insertCredentials(userId: string, passwordHash: string, now: string, db: Db): Promise<void> {
    await db
      .insertInto("credentials")
      .values({ userId, passwordHash, emailVerifiedAt: null, updatedAt: now })
      .execute();
  }

  async findPasswordHash(userId: string, db: Db = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom("credentials")
      .select("passwordHash")
      .where("userId", "=", userId)
      .executeTakeFirst();
    return row?.passwordHash;
  }

  async updatePassword(userId: string, passwordHash: string, now: string, db: Db): Promise<void> {
    await db.updateTable("credentials").set({ passwordHash, updatedAt: now }).where("userId", "=", userId).execute();
  }

  async markCredentialsVerified(userId: string, now: string, db: Db): Promise<void> {
    await db
      .updateTable("credentials")
      .set({ emailVerifiedAt: now })
      .where("userId", "=", userId)
      .where("emailVerifiedAt", "is", null)
      .execute();
  }

  /** Marks the profile verified once; true only for the call that changed it (the first sign-in). */
  async markProfileVerified(userId: string, now: string, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable("users")
      .set({ emailVerified: 1, updatedAt: now })
      .where("id", "=", userId)
      .where("emailVerified", "=", 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertEmailToken(
    token: { tokenHash: string; userId: string; purpose: EmailTokenPurpose; createdAt: string; expiresAt: string },
    db: Db,
  ): Promise<void> {
    // A new link replaces the unused ones of the same purpose.
    await db
      .deleteFrom("emailTokens")
      .where("userId", "=", token.userId)
      .where("purpose", "=", token.purpose)
      .where("usedAt", "is", null)
      .execute();
    await db
      .insertInto("emailTokens")
      .values({ ...token, usedAt: null })
      .execute();
  }

  async findLiveEmailToken(tokenHash: string, purpose: EmailTokenPurpose, now: string, db: Db = this.db) {
    return db
      .selectFrom("emailTokens")
      .innerJoin("users", "users.id", "emailTokens.userId")
      .select(["emailTokens.tokenHash", "emailTokens.userId", "users.email"])
      .where("emailTokens.tokenHash", "=", tokenHash)
      .where("emailTokens.purpose", "=", purpose)
      .where("emailTokens.usedAt", "is", null)
      .where("emailTokens.expiresAt", ">", now)
      .executeTakeFirst();
  }

  /** Uses a token once: false when another request used it first. */
  async consumeEmailToken(tokenHash: string, now: string, db: Db): Promise<boolean> {
    const result = await db
      .updateTable("emailTokens")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertSession(
    session: { idHash: string; userId: string; createdAt: string; expiresAt: string; userAgent: string | null },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto("sessions")
      .values({ ...session, lastUsedAt: session.createdAt })
      .execute();
  }

  /** The session unless it expired by `now` (ISO times compare as text), checked here so each caller has its own. */
  async findLiveSession(idHash: string, now: string) {
    const session = await this.findSession(idHash);
    return session && session.expiresAt > now ? session : undefined;
  }

  async touchSession(idHash: string, lastUsedAt: string, expiresAt: string): Promise<void> {
    await this.db.updateTable("sessions").set({ lastUsedAt, expiresAt }).where("idHash", "=", idHash).execute();
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("idHash", "=", idHash).execute();
  }

  /** Signs a user out everywhere, except the session that asked when given. */
  async deleteSessionsOf(userId: string, db: Db, exceptIdHash?: string): Promise<void> {
    let query = db.deleteFrom("sessions").where("userId", "=", userId);
    if (exceptIdHash) query = query.where("idHash", "!=", exceptIdHash);
    await query.execute();
  }

  async systemListsOf(userId: string) {
    return this.db
      .selectFrom("listEntries")
      .select(["list", "bookId"])
      .where("userId", "=", userId)
      .orderBy("addedAt", "desc")
      .execute();
  }
}
