import type { NotificationPreference, NotificationPreferences } from "@quire/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { track } from "../../lib/analytics";
import { api } from "../../lib/api-client";
import { disablePush, enablePush, pushStatus } from "./push-client";

export const pushKeys = {
  all: ["push"] as const,
  status: (userId: string) => [...pushKeys.all, "status", userId] as const,
  preferences: () => [...pushKeys.all, "preferences"] as const,
};

/** This browser's push state for the user; only a change made here (or a reload) alters it. */
export const usePushStatus = (userId: string) =>
  useQuery({
    queryKey: pushKeys.status(userId),
    queryFn: () => pushStatus(userId),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Turns push on (`true`) or off; either way the status is read again, since a failure can leave it changed (blocked). */
export function useSetPush(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? enablePush(userId) : disablePush()),
    onSuccess: (_answer, on) => {
      if (on) track("push_opt_in");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.status(userId) }),
  });
}

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: pushKeys.preferences(),
    queryFn: ({ signal }) => api("me.notificationPreferences", { signal }),
    select: (data) => data.preferences,
  });

/** Saves the whole list with PUT; the toggle shows at once and goes back if the save fails. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = pushKeys.preferences();
  return useMutation({
    mutationKey: key,
    mutationFn: (preferences: NotificationPreference[]) =>
      api("me.updateNotificationPreferences", { body: { preferences } }),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreferences>(key);
      queryClient.setQueryData<NotificationPreferences>(key, { preferences });
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // A later toggle still on its way already shows its own newer list; this answer would undo it on screen.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: key }) === 1) queryClient.setQueryData(key, saved);
    },
  });
}
