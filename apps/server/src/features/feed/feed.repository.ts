import { type Page, READING_ACTIVITY_VERBS } from "@quire/core";
import type { Kysely } from "kysely";
import { keysetPage } from "../../db/keyset";
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
   * who hide it, newest first; keyset on the activity's (created_at, id). Each followed actor's rows come
   * from `activities_feed_idx` already ordered and cut at the cursor. A foreign cursor reads as the first page.
   */
  async page(viewerId: string, cursor: string | undefined, pageSize: number): Promise<Page<FeedRow>> {
    const query = this.db
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
    const page = await keysetPage(query, {
      cursor,
      foreign: "first-page",
      sort: "activities.createdAt",
      id: "activities.id",
      direction: "desc",
      limit: pageSize,
      keyOf: (row) => [row.activityAt, row.activityId],
    });
    const items = page.items.map(
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
    return { items, nextCursor: page.nextCursor };
  }
}
