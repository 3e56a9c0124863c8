import type { ErrorCode } from "@quire/core/errors";
import { QueryClient } from "@tanstack/react-query";
import { isAppError } from "./errors";

/** Transient failures are worth another try; answers such as "not found" are not. */
const RETRYABLE_CODES = new Set<ErrorCode>(["unavailable", "deadline-exceeded", "internal"]);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !isAppError(error) || RETRYABLE_CODES.has(error.code);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
        refetchOnWindowFocus: false,
      },
    },
  });
}
