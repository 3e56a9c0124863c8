import type { CursorKey, Notification, UserEventType } from "@quire/core";
import type { Kysely } from "kysely";
import type { Database, NotificationsTable } from "../../db/schema";

export function presentNotification(row: NotificationsTable): Notification {
  return {
    id: row.id,
    type: row.type as UserEventType,
    title: row.title,
    body: row.body,
    actor: { id: row.actorId, name: row.actorName },
    resource: { id: row.resourceId, type: row.resourceType as "book" | "user", name: row.resourceName },
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

export class NotificationsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Newest first, keyset on (created_at, id); `limit + 1` rows at most so the caller sees if more follow. */
  async newestFirst(userId: string, after: CursorKey | undefined, limit: number): Promise<NotificationsTable[]> {
    let query = this.db.selectFrom("notifications").selectAll().where("userId", "=", userId);
    if (after) {
      const [createdAt, id] = after;
      query = query.where((eb) =>
        eb.or([
          eb("createdAt", "<", String(createdAt)),
          eb.and([eb("createdAt", "=", String(createdAt)), eb("id", "<", id)]),
        ]),
      );
    }
    return query
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
  }

  /** Oldest first, everything after the given notification: what a reconnecting stream missed. */
  async after(userId: string, notificationId: string): Promise<NotificationsTable[]> {
    const from = await this.byId(userId, notificationId);
    if (!from) return [];
    return this.db
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", userId)
      .where((eb) =>
        eb.or([
          eb("createdAt", ">", from.createdAt),
          eb.and([eb("createdAt", "=", from.createdAt), eb("id", ">", from.id)]),
        ]),
      )
      .orderBy("createdAt")
      .orderBy("id")
      .limit(500)
      .execute();
  }

  async byId(userId: string, notificationId: string): Promise<NotificationsTable | undefined> {
    return this.db
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", userId)
      .where("id", "=", notificationId)
      .executeTakeFirst();
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", userId)
      .where("readAt", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Only the owner's unread rows change, so marking twice keeps the first read time. */
  async markRead(userId: string, ids: string[] | "all", now: string): Promise<void> {
    let query = this.db
      .updateTable("notifications")
      .set({ readAt: now })
      .where("userId", "=", userId)
      .where("readAt", "is", null);
    if (ids !== "all") query = query.where("id", "in", ids);
    await query.execute();
  }
}
