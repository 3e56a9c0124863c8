import type { Notification } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { catalogKeys } from "../catalog";
import { notificationKeys } from "./queries";

/**
 * Listens to the signed-in user's live stream while `enabled`: `counters` updates the bell's count,
 * `notification` refreshes the inbox (and a launched book's page). EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed.
 */
export function useNotificationStream(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(apiPath("stream"));
    source.addEventListener("counters", (event) => {
      const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as { unreadCount: number };
      client.setQueryData(notificationKeys.unread(), unreadCount);
    });
    source.addEventListener("notification", (event) => {
      void client.invalidateQueries({ queryKey: notificationKeys.inbox() });
      // A launch also changes the book's page, if it is open: "Start reading" at once.
      const { type, resource } = JSON.parse((event as MessageEvent<string>).data) as Notification;
      if (type === "book launched" && resource.type === "book")
        void client.invalidateQueries({ queryKey: catalogKeys.book(resource.id), exact: true });
    });
    return () => source.close();
  }, [client, enabled]);
}
