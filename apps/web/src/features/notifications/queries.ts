import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const notificationKeys = {
  all: ["notifications"] as const,
  inbox: () => [...notificationKeys.all, "inbox"] as const,
  /** Kept current by the live stream's `counters` events, and by the inbox whenever it loads. */
  unread: () => [...notificationKeys.all, "unread"] as const,
};

export function useInbox() {
  const client = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.inbox(),
    queryFn: async ({ signal }) => {
      const page = await api("notifications.list", { signal });
      client.setQueryData(notificationKeys.unread(), page.unreadCount);
      return page;
    },
  });
}

/** The unread count as last heard; never fetched by itself (the stream or the inbox sets it). */
export const useUnreadCount = () =>
  useQuery({ queryKey: notificationKeys.unread(), queryFn: () => 0, enabled: false, initialData: 0 }).data;

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => api("notifications.read", { body }),
    onSuccess: async ({ unreadCount }) => {
      client.setQueryData(notificationKeys.unread(), unreadCount);
      await client.invalidateQueries({ queryKey: notificationKeys.inbox() });
    },
  });
}
