import type { QueryClient } from "@tanstack/react-query";

/** The signed-in user (GET /api/auth/get-session), or null when nobody is signed in. */
export const SESSION_QUERY_KEY = ["session"] as const;

/** SPEC §8 "On unauthenticated the tokens are invalidated": forget the user everywhere at once. */
export function markSignedOut(queryClient: QueryClient): void {
  if (queryClient.getQueryData(SESSION_QUERY_KEY) !== null) queryClient.setQueryData(SESSION_QUERY_KEY, null);
}
