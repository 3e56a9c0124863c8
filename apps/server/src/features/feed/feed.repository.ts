import { type CursorKey, READING_ACTIVITY_VERBS } from "@quire/core";
import type { Kysely } from "kysely";
import type { BookRow, Database } from "../../db/schema";

export interface FeedRow {
  activity: { id: string; verb: string; createdAt: string };
  actor: { id: string; username: string; firstName: string; lastName: string; avatarUrl: string | null };
  book: BookRow;
}

export class FeedRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * Activities of the people `viewerId` follows, on shown books, without the reading activity of those
   * who hide it, newest first; keyset on the
   * activity's (created_at, id). Each followed actor's rows come from `activities_feed_idx` already
   * ordered and cut at the cursor. Returns `limit + 1` rows at most so the caller sees if more follow.
   */
  async page(viewerId: string, after: CursorKey | undefined, limit: number): Promise<FeedRow[]> {
    let query = this.db
      .selectFrom("follows")
      .innerJoin("activities", "activities.actorId", "follows.followeeId")
      .innerJoin("users", "users.id", "activities.actorId")
      .innerJoin("books", "books.id", "activities.bookId")
      .selectAll("books")
      .select([
        "activities.id as activityId",
        "activities.verb as activityVerb",
        "activities.createdAt as activityAt",
        "users.username as actorUsername",
        "users.firstName as actorFirstName",
        "users.lastName as actorLastName",
        "users.avatarUrl as actorAvatarUrl",
        "activities.actorId as actorId",
      ])
      .where("follows.followerId", "=", viewerId)
      .where("books.display", "=", 1)
      // Checked as the feed is read, so hiding one's reading activity also hides what was recorded before.
      .where((eb) =>
        eb.or([eb("users.readingActivityPublic", "=", 1), eb("activities.verb", "not in", READING_ACTIVITY_VERBS)]),
      );
    if (after) {
      const [createdAt, id] = after;
      query = query.where((eb) =>
        eb.or([
          eb("activities.createdAt", "<", String(createdAt)),
          eb.and([eb("activities.createdAt", "=", String(createdAt)), eb("activities.id", "<", id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy("activities.createdAt", "desc")
      .orderBy("activities.id", "desc")
      .limit(limit + 1)
      .execute();
    return rows.map(
      ({
        activityId,
        activityVerb,
        activityAt,
        actorId,
        actorUsername,
        actorFirstName,
        actorLastName,
        actorAvatarUrl,
        ...book
      }) => ({
        activity: { id: activityId, verb: activityVerb, createdAt: activityAt },
        actor: {
          id: actorId,
          username: actorUsername,
          firstName: actorFirstName,
          lastName: actorLastName,
          avatarUrl: actorAvatarUrl,
        },
        book,
      }),
    );
  }
}
