import type { Notification } from "@quire/core";
import { type NotificationsRepository, presentNotification } from "./notifications.repository";

/** A user's inbox: pages of it, what is unread, and what the live stream sends. */
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly clock: () => Date,
  ) {}

  async page(userId: string, cursor: string | undefined, pageSize: number) {
    const page = await this.repository.newestFirst(userId, cursor, pageSize);
    return {
      items: page.items.map(presentNotification),
      nextCursor: page.nextCursor,
      unreadCount: await this.repository.unreadCount(userId),
    };
  }

  /** Marks the given notifications, or all of them, read; answers the unread count that is left. */
  async markRead(userId: string, ids: string[] | "all"): Promise<{ unreadCount: number }> {
    await this.repository.markRead(userId, ids, this.clock().toISOString());
    return { unreadCount: await this.repository.unreadCount(userId) };
  }

  unreadCount(userId: string): Promise<number> {
    return this.repository.unreadCount(userId);
  }

  /** Undefined for another user's notification or one that is gone. */
  async one(userId: string, notificationId: string): Promise<Notification | undefined> {
    const row = await this.repository.byId(userId, notificationId);
    return row && presentNotification(row);
  }

  /** Ids of the notifications newer than `notificationId`, oldest first: what a reconnecting stream missed. */
  async idsAfter(userId: string, notificationId: string): Promise<string[]> {
    return (await this.repository.after(userId, notificationId)).map((row) => row.id);
  }
}
