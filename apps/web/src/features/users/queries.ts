import type { PublicUser } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export const userKeys = {
  all: ["users"] as const,
  recent: () => [...userKeys.all, "recent"] as const,
};

export function recentUsersQuery() {
  return queryOptions({
    queryKey: userKeys.recent(),
    queryFn: ({ signal }) => apiGet<{ items: PublicUser[] }>(apiPath("users.recent"), { signal }),
    select: (data) => data.items,
  });
}

export const useRecentUsers = () => useQuery(recentUsersQuery());
