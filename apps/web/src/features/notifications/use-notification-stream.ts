import type { Notification } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isNativeApp } from "../../lib/native/platform";
import { catalogKeys } from "../catalog";
import { notificationKeys } from "./queries";

/**
 * Listens to the signed-in user's live stream while `enabled`: `counters` updates the bell's count,
 * `notification` refreshes the inbox (and a launched book's page). EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed; the native app, whose calls need the
 * bearer token, reads the stream with fetch in `native-stream.ts`, which does the same.
 */
export function useNotificationStream(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const onEvent = (event: string, data: string) => {
      if (event === "counters") {
        const { unreadCount } = JSON.parse(data) as { unreadCount: number };
        client.setQueryData(notificationKeys.unread(), unreadCount);
      } else if (event === "notification") {
        void client.invalidateQueries({ queryKey: notificationKeys.inbox() });
        // A launch also changes the book's page, if it is open: "Start reading" at once.
        const { type, resource } = JSON.parse(data) as Notification;
        if (type === "book launched" && resource.type === "book")
          void client.invalidateQueries({ queryKey: catalogKeys.book(resource.id), exact: true });
      }
    };
    if (isNativeApp()) {
      let close: (() => void) | undefined;
      let closed = false;
      void import("./native-stream").then(({ openNativeStream }) => {
        if (!closed) close = openNativeStream(({ event, data }) => onEvent(event, data));
      });
      return () => {
        closed = true;
        close?.();
      };
    }
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(apiPath("stream"));
    for (const name of ["counters", "notification"])
      source.addEventListener(name, (event) => onEvent(name, (event as MessageEvent<string>).data));
    return () => source.close();
  }, [client, enabled]);
}
