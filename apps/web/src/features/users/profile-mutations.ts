import type { Me, ProfileUpdate } from "@quire/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { userKeys } from "./queries";

/** The answer of every own-profile change is the whole profile: it becomes the session's user. */
export function useStoreMe() {
  const queryClient = useQueryClient();
  return (user: Me) => {
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
}

export function useUpdateProfile() {
  const storeMe = useStoreMe();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => api("me.update", { body: changes }),
    onSuccess: ({ user }) => storeMe(user),
  });
}

export function suggestedUsersQuery() {
  return queryOptions({
    queryKey: [...userKeys.all, "suggested"] as const,
    queryFn: ({ signal }) => api("users.suggested", { signal }),
    select: (data) => data.items,
  });
}

export const useSuggestedUsers = () => useQuery(suggestedUsersQuery());
