import { STAR_SCORE_DELTA, USER_SCORE_BOOK_FINISHED, USER_SCORE_BOOK_STARRED, USER_SCORE_FOLLOWED } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { moveUserScores, scoreMovedBy } from "../users";

type Db = Kysely<Database> | Transaction<Database>;

export type DeletionRequestStatus = "pending" | "used";

export interface NewDeletionRequest {
  userId: string;
  tokenHash: string;
  email: string;
  expiresAt: string;
  updatedAt: string;
}

/** Every SQL statement of account deletion: the requests, and removing a user with the counters they fed. */
export class AccountDeletionRepository {
  constructor(readonly db: Kysely<Database>) {}

  async findUserForDeletion(userId: string, db: Db = this.db) {
    return db.selectFrom("users").select(["id", "email", "firstName"]).where("id", "=", userId).executeTakeFirst();
  }

  /**
   * Stores a pending request unless one is pending and unexpired (SPEC §4: refused while one exists, an
   * expired one is overwritten; a used one is history). One statement, so two requests at once cannot
   * both win. False when refused.
   */
  async savePendingRequest(request: NewDeletionRequest, now: string, db: Db = this.db): Promise<boolean> {
    const values = { ...request, status: "pending" satisfies DeletionRequestStatus };
    const result = await db
      .insertInto("accountDeletionRequests")
      .values(values)
      .onConflict((conflict) =>
        conflict
          .column("userId")
          .doUpdateSet(values)
          .where((eb) =>
            eb.or([
              eb("accountDeletionRequests.status", "!=", "pending" satisfies DeletionRequestStatus),
              eb("accountDeletionRequests.expiresAt", "<=", now),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Withdraws a request whose email could not be sent, so asking again is not refused as a duplicate. */
  async removePendingRequest(userId: string, tokenHash: string, db: Db = this.db): Promise<void> {
    await db
      .deleteFrom("accountDeletionRequests")
      .where("userId", "=", userId)
      .where("tokenHash", "=", tokenHash)
      .where("status", "=", "pending" satisfies DeletionRequestStatus)
      .execute();
  }

  async findRequestByToken(tokenHash: string, db: Db = this.db) {
    return db
      .selectFrom("accountDeletionRequests")
      .select(["userId", "email", "status", "expiresAt"])
      .where("tokenHash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** Marks the request used; false when another confirmation got there first (the caller then stops). */
  async markRequestUsed(tokenHash: string, now: string, db: Db): Promise<boolean> {
    const result = await db
      .updateTable("accountDeletionRequests")
      .set({ status: "used" satisfies DeletionRequestStatus, updatedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("status", "=", "pending" satisfies DeletionRequestStatus)
      .where("expiresAt", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Removes the user and everything that is theirs, first taking them out of the counters on other
   * rows. Each counter is kept equal to a recount of its rows, exactly as the demo seed derives it:
   * books count stars and current (is_read 0) / finished (is_read 1) reading progress rows; users count
   * follows each way; an author counts the distinct users with progress on any of their books. The
   * interaction points their stars, finishes and follows gave books and people are taken back too. Run it
   * in a transaction: the decrements read the rows that the deletes then remove.
   */
  async deleteUser(userId: string, db: Transaction<Database>): Promise<void> {
    await this.takeBackScoresGiven(userId, db);
    const starredBooks = db.selectFrom("stars").select("bookId").where("userId", "=", userId);
    await db
      .updateTable("books")
      .set((eb) => ({
        nUserStarred: eb("nUserStarred", "-", 1),
        interactionScore: scoreMovedBy(eb, -STAR_SCORE_DELTA),
      }))
      .where("id", "in", starredBooks)
      .execute();
    for (const [isRead, counter] of [
      [0, "nCurrentReads"],
      [1, "nFinishedReads"],
    ] as const) {
      await db
        .updateTable("books")
        .set((eb) => ({ [counter]: eb(counter, "-", 1) }))
        .where(
          "id",
          "in",
          db.selectFrom("readingProgress").select("bookId").where("userId", "=", userId).where("isRead", "=", isRead),
        )
        .execute();
    }
    await db
      .updateTable("authors")
      .set((eb) => ({ nReaders: eb("nReaders", "-", 1) }))
      .where(
        "id",
        "in",
        db
          .selectFrom("bookAuthors")
          .innerJoin("readingProgress", "readingProgress.bookId", "bookAuthors.bookId")
          .select("bookAuthors.authorId")
          .where("readingProgress.userId", "=", userId),
      )
      .execute();
    await db
      .updateTable("users")
      .set((eb) => ({ nFollowers: eb("nFollowers", "-", 1) }))
      .where("id", "in", db.selectFrom("follows").select("followeeId").where("followerId", "=", userId))
      .execute();
    await db
      .updateTable("users")
      .set((eb) => ({ nFollowing: eb("nFollowing", "-", 1) }))
      .where("id", "in", db.selectFrom("follows").select("followerId").where("followeeId", "=", userId))
      .execute();

    // Foreign keys would cascade most of these; deleting each by name keeps the list of what goes in one place.
    await db.deleteFrom("chapterProgress").where("userId", "=", userId).execute();
    await db.deleteFrom("readingProgress").where("userId", "=", userId).execute();
    await db.deleteFrom("annotations").where("userId", "=", userId).execute();
    await db.deleteFrom("listEntries").where("userId", "=", userId).execute();
    await db.deleteFrom("stars").where("userId", "=", userId).execute();
    await db
      .deleteFrom("follows")
      .where((eb) => eb.or([eb("followerId", "=", userId), eb("followeeId", "=", userId)]))
      .execute();
    await db.deleteFrom("launchSubscriptions").where("userId", "=", userId).execute();
    await db.deleteFrom("readerSettings").where("userId", "=", userId).execute();
    // Notifications for them, and events naming them (user_events has no foreign keys).
    await db
      .deleteFrom("userEvents")
      .where((eb) => eb.or([eb("targetUserId", "=", userId), eb("triggeredByUserId", "=", userId)]))
      .execute();
    await db.deleteFrom("sessions").where("userId", "=", userId).execute();
    await db.deleteFrom("emailTokens").where("userId", "=", userId).execute();
    await db.deleteFrom("socialAccounts").where("userId", "=", userId).execute();
    await db.deleteFrom("credentials").where("userId", "=", userId).execute();
    await db.deleteFrom("users").where("id", "=", userId).execute();
  }

  /** What the leaver's stars and finishes gave the books' other authors, and their follows gave the followed. */
  private async takeBackScoresGiven(userId: string, db: Transaction<Database>): Promise<void> {
    const authorsOf = (table: "stars" | "readingProgress") =>
      db
        .selectFrom(table)
        .innerJoin("bookAuthors", "bookAuthors.bookId", `${table}.bookId`)
        .select("bookAuthors.authorId")
        .where(`${table}.userId`, "=", userId)
        .where("bookAuthors.authorId", "!=", userId);
    const starred = await authorsOf("stars").execute();
    const finished = await authorsOf("readingProgress").where("readingProgress.isRead", "=", 1).execute();
    const followed = await db.selectFrom("follows").select("followeeId").where("followerId", "=", userId).execute();
    await moveUserScores(db, [
      ...starred.map(({ authorId }) => ({ userId: authorId, delta: -USER_SCORE_BOOK_STARRED })),
      ...finished.map(({ authorId }) => ({ userId: authorId, delta: -USER_SCORE_BOOK_FINISHED })),
      ...followed.map(({ followeeId }) => ({ userId: followeeId, delta: -USER_SCORE_FOLLOWED })),
    ]);
  }
}
