import type { ErrorCode } from "@quire/core/errors";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { hasErrorCode, isAppError } from "./errors";
import { markSignedOut } from "./session-state";

declare module "@tanstack/react-query" {
  interface Register {
    /** `anonymous`: a call made without a session (sign-in), so its "unauthenticated" says nothing about one. */
    queryMeta: { anonymous?: boolean };
    mutationMeta: { anonymous?: boolean };
  }
}

/** Transient failures are worth another try; answers such as "not found" are not. */
const RETRYABLE_CODES = new Set<ErrorCode>(["unavailable", "deadline-exceeded", "internal"]);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !isAppError(error) || RETRYABLE_CODES.has(error.code);
}

export function createQueryClient(): QueryClient {
  // Assigned below; the caches' handlers only run after construction.
  let client: QueryClient;
  const onUnauthenticated = (error: unknown, meta: { anonymous?: boolean } | undefined) => {
    if (!meta?.anonymous && hasErrorCode(error, "unauthenticated")) markSignedOut(client);
  };
  client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onUnauthenticated(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // Offline, a read fails fast into its error state ("Connection failed.", Retry) instead of a skeleton
        // paused until the network returns; downloaded books still answer from the service worker's cache.
        networkMode: "always",
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
