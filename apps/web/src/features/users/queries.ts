import type { PublicProfile, ReadingActivity } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export const userKeys = {
  all: ["users"] as const,
  recent: () => [...userKeys.all, "recent"] as const,
  byUsername: (username: string) => [...userKeys.all, "by-username", username] as const,
  reading: (userId: string) => [...userKeys.all, "reading", userId] as const,
};

export function recentUsersQuery() {
  return queryOptions({
    queryKey: userKeys.recent(),
    queryFn: ({ signal }) => apiGet<{ items: PublicProfile[] }>(apiPath("users.recent"), { signal }),
    select: (data) => data.items,
  });
}

export const useRecentUsers = () => useQuery(recentUsersQuery());

export function userByUsernameQuery(username: string) {
  return queryOptions({
    queryKey: userKeys.byUsername(username),
    queryFn: ({ signal }) =>
      apiGet<{ user: PublicProfile }>(apiPath("users.byUsername", { username }), { signal }).then((data) => data.user),
  });
}

export const useUserByUsername = (username: string) => useQuery(userByUsernameQuery(username));

/** What the user is reading, has finished and starred; a profile's owner sees theirs even when it is private. */
export function userReadingQuery(userId: string) {
  return queryOptions({
    queryKey: userKeys.reading(userId),
    queryFn: ({ signal }) => apiGet<ReadingActivity>(apiPath("users.reading", { id: userId }), { signal }),
  });
}

export const useUserReading = (userId: string) => useQuery(userReadingQuery(userId));
