import { apiPath } from "@quire/core/api-paths";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notificationKeys } from "./queries";

/**
 * Listens to the signed-in user's live stream while `enabled`: `counters` updates the bell's count,
 * `notification` refreshes the inbox. EventSource reconnects by itself and sends Last-Event-ID, so
 * the server replays what was missed.
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
    source.addEventListener("notification", () => {
      void client.invalidateQueries({ queryKey: notificationKeys.inbox() });
    });
    return () => source.close();
  }, [client, enabled]);
}
