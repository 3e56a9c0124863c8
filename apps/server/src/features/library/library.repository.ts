import { STAR_SCORE_DELTA, USER_SCORE_BOOK_STARRED, USER_SCORE_STAR_GIVEN } from "@quire/core";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { activitiesRepository } from "../feed";
import type { ReadingProgressRow } from "../reading";
import { moveUserScores, otherAuthorsOf, scoreMovedBy } from "../users";

type Db = Kysely<Database> | Transaction<Database>;

export interface ViewerStateRow {
  starred: boolean;
  list: string | null;
  subscribed: boolean;
  progress: ReadingProgressRow | undefined;
}

/** A boolean SQL expression as the driver returns it: 0/1 from SQLite, true/false from PostgreSQL. */
const truthy = (value: unknown) => value === true || value === 1;

/**
 * Stars and launch subscriptions, and the viewer's state on a book. A star's counter and scores (the
 * book's, the giver's, its authors') move only when its row was really inserted or deleted, in the same transaction, so concurrent toggles
 * leave `n_user_starred` equal to the number of star rows on both dialects.
 */
export class LibraryRepository {
  constructor(readonly db: Kysely<Database>) {}

  async findBook(bookId: string) {
    return this.db.selectFrom("books").select(["id", "display", "status"]).where("id", "=", bookId).executeTakeFirst();
  }

  async starCount(bookId: string, db: Db = this.db): Promise<number> {
    const row = await db.selectFrom("books").select("nUserStarred").where("id", "=", bookId).executeTakeFirstOrThrow();
    return row.nUserStarred;
  }

  /** Stars the book unless already starred; returns the book's star count after. */
  async star(trx: Transaction<Database>, userId: string, bookId: string, now: string): Promise<number> {
    const inserted = await trx
      .insertInto("stars")
      .values({ userId, bookId, updatedAt: now })
      .onConflict((conflict) => conflict.columns(["userId", "bookId"]).doNothing())
      .returning("userId")
      .executeTakeFirst();
    if (!inserted) return this.starCount(bookId, trx);
    await activitiesRepository.record(trx, { actorId: userId, verb: "starred", bookId }, now);
    await this.moveScoresOfStar(trx, userId, bookId, 1);
    const book = await trx
      .updateTable("books")
      .set((eb) => ({
        nUserStarred: eb("nUserStarred", "+", 1),
        interactionScore: eb("interactionScore", "+", STAR_SCORE_DELTA),
        lastInteractedAt: now,
      }))
      .where("id", "=", bookId)
      .returning("nUserStarred")
      .executeTakeFirstOrThrow();
    return book.nUserStarred;
  }

  /** Removes the star if there is one; the score drops by the same step but never below its floor. */
  async unstar(trx: Transaction<Database>, userId: string, bookId: string, now: string): Promise<number> {
    const deleted = await trx
      .deleteFrom("stars")
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .returning("userId")
      .executeTakeFirst();
    if (!deleted) return this.starCount(bookId, trx);
    await activitiesRepository.remove(trx, { actorId: userId, verb: "starred", bookId });
    await this.moveScoresOfStar(trx, userId, bookId, -1);
    const book = await trx
      .updateTable("books")
      .set((eb) => ({
        nUserStarred: eb("nUserStarred", "-", 1),
        interactionScore: scoreMovedBy(eb, -STAR_SCORE_DELTA),
        lastInteractedAt: now,
      }))
      .where("id", "=", bookId)
      .returning("nUserStarred")
      .executeTakeFirstOrThrow();
    return book.nUserStarred;
  }

  /** When the viewer starred the book, if they do. */
  async starredAt(db: Db, userId: string, bookId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom("stars")
      .select("updatedAt")
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .executeTakeFirst();
    return row?.updatedAt;
  }

  /** The viewer's list entry for the book, if it is on one of their lists. */
  async listEntry(db: Db, userId: string, bookId: string) {
    return db
      .selectFrom("listEntries")
      .select(["list", "addedAt"])
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .executeTakeFirst();
  }

  /** A star given (or taken back) moves the giver's score and that of the book's other authors. */
  private async moveScoresOfStar(trx: Transaction<Database>, userId: string, bookId: string, sign: 1 | -1) {
    const authors = await otherAuthorsOf(trx, bookId, userId);
    await moveUserScores(trx, [
      { userId, delta: sign * USER_SCORE_STAR_GIVEN },
      ...authors.map((authorId) => ({ userId: authorId, delta: sign * USER_SCORE_BOOK_STARRED })),
    ]);
  }

  async subscribe(userId: string, bookId: string, now: string): Promise<void> {
    await this.db
      .insertInto("launchSubscriptions")
      .values({ bookId, userId, createdAt: now })
      .onConflict((conflict) => conflict.columns(["bookId", "userId"]).doNothing())
      .execute();
  }

  async unsubscribe(userId: string, bookId: string): Promise<void> {
    await this.db.deleteFrom("launchSubscriptions").where("bookId", "=", bookId).where("userId", "=", userId).execute();
  }

  /** The viewer's star, list entry, launch subscription and progress on one book, in one query. */
  async viewerState(userId: string, bookId: string): Promise<ViewerStateRow> {
    const row = await this.db
      .selectFrom("books")
      .leftJoin("readingProgress", (join) =>
        join.onRef("readingProgress.bookId", "=", "books.id").on("readingProgress.userId", "=", userId),
      )
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom("stars")
              .select(sql.lit(1).as("one"))
              .whereRef("stars.bookId", "=", "books.id")
              .where("stars.userId", "=", userId),
          )
          .as("starred"),
        eb
          .selectFrom("listEntries")
          .select("listEntries.list")
          .whereRef("listEntries.bookId", "=", "books.id")
          .where("listEntries.userId", "=", userId)
          .as("list"),
        eb
          .exists(
            eb
              .selectFrom("launchSubscriptions")
              .select(sql.lit(1).as("one"))
              .whereRef("launchSubscriptions.bookId", "=", "books.id")
              .where("launchSubscriptions.userId", "=", userId),
          )
          .as("subscribed"),
        "readingProgress.userId",
        "readingProgress.bookId",
        "readingProgress.progress",
        "readingProgress.currentChapter",
        "readingProgress.lastReadAt",
        "readingProgress.isRead",
        "readingProgress.epubPosition",
      ])
      .where("books.id", "=", bookId)
      .executeTakeFirstOrThrow();
    const { starred, list, subscribed, userId: reader, bookId: book, progress, lastReadAt, isRead, ...rest } = row;
    return {
      starred: truthy(starred),
      list: list ?? null,
      subscribed: truthy(subscribed),
      progress:
        reader === null || book === null || progress === null || lastReadAt === null || isRead === null
          ? undefined
          : { userId: reader, bookId: book, progress, lastReadAt, isRead, ...rest },
    };
  }
}
