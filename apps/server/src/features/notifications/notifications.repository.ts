import type { Notification, Page, UserEventType } from "@quire/core";
import type { Kysely } from "kysely";
import { keysetAfter, keysetPage } from "../../db/keyset";
import type { Database, NotificationsTable } from "../../db/schema";

export const FORMER_READER = "A former reader";

/** `actorGone`: the account behind the notification was deleted since, so it no longer names them. */
export function presentNotification(row: NotificationsTable & { actorGone?: boolean }): Notification {
  const actorName = row.actorGone ? FORMER_READER : row.actorName;
  return {
    id: row.id,
    type: row.type as UserEventType,
    title: row.title,
    body: row.actorGone ? row.body.replace(row.actorName, () => FORMER_READER) : row.body,
    actor: { id: row.actorId, name: actorName, ...(row.actorGone ? { former: true } : {}) },
    resource: { id: row.resourceId, type: row.resourceType as "book" | "user", name: row.resourceName },
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

export class NotificationsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** One page of a user's inbox, newest first; a cursor this server did not make reads as the first page. */
  async newestFirst(
    userId: string,
    cursor: string | undefined,
    pageSize: number,
  ): Promise<Page<NotificationsTable & { actorGone: boolean }>> {
    const query = this.db
      .selectFrom("notifications")
      .leftJoin("users as actor", "actor.id", "notifications.actorId")
      .selectAll("notifications")
      .select((eb) => eb("actor.id", "is", null).as("actorGone"))
      .where("notifications.userId", "=", userId);
    const page = await keysetPage(query, {
      cursor,
      foreign: "first-page",
      sort: "notifications.createdAt",
      id: "notifications.id",
      direction: "desc",
      limit: pageSize,
      keyOf: (row) => [row.createdAt, row.id],
    });
    // SQLite answers the comparison as 0/1.
    return { ...page, items: page.items.map((row) => ({ ...row, actorGone: Boolean(row.actorGone) })) };
  }

  /** Oldest first, everything after the given notification: what a reconnecting stream missed. */
  async after(userId: string, notificationId: string): Promise<NotificationsTable[]> {
    const from = await this.byId(userId, notificationId);
    if (!from) return [];
    const query = this.db.selectFrom("notifications").selectAll().where("userId", "=", userId);
    return keysetAfter(query, { sort: "createdAt", id: "id", direction: "asc" }, [from.createdAt, from.id])
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
