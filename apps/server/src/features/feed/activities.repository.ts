import { type ActivityVerb, newId } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export interface ActivityRecord {
  actorId: string;
  verb: ActivityVerb;
  bookId: string;
}

/**
 * The feed's material, written by the features whose actions it reports, inside their own
 * transaction (so an activity exists exactly when its action does). Recording is idempotent per
 * (actor, verb, book); an actor without a profile (a public-domain author) records nothing.
 */
export const activitiesRepository = {
  async record(db: Db, activity: ActivityRecord, now: string): Promise<void> {
    await db
      .insertInto("activities")
      .columns(["id", "actorId", "verb", "bookId", "createdAt"])
      .expression((eb) =>
        eb
          .selectFrom("users")
          .select((inner) => [
            inner.val(newId()).as("id"),
            "users.id as actorId",
            inner.val(activity.verb).as("verb"),
            inner.val(activity.bookId).as("bookId"),
            inner.val(now).as("createdAt"),
          ])
          .where("users.id", "=", activity.actorId),
      )
      .onConflict((conflict) => conflict.columns(["actorId", "verb", "bookId"]).doNothing())
      .execute();
  },

  async remove(db: Db, activity: ActivityRecord): Promise<void> {
    await db
      .deleteFrom("activities")
      .where("actorId", "=", activity.actorId)
      .where("verb", "=", activity.verb)
      .where("bookId", "=", activity.bookId)
      .execute();
  },
};
