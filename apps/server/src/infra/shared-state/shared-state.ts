import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { AttemptLimit, AttemptLimiter } from "../attempt-limiter";
import { MemorySharedState } from "./memory-shared-state";

/** Remembers which one-time tokens (solved captcha challenges) were used, until they expire anyway. */
export interface OneTimeTokens {
  /** True the first time `id` is claimed; false after, and false when the store cannot be asked (fail closed). */
  claim(id: string, expiresAtMs: number): Promise<boolean>;
}

/** Tells every process that public pages changed, so each drops its cached copies. */
export interface PublicChanges {
  /** Runs this process's listeners at once and tells the other processes. */
  announce(): void;
  onChange(listener: () => void): void;
}

/**
 * The state that must agree between API processes: per-account attempt limits, the captcha replay
 * memory, per-IP and per-user rate limits, and public cache invalidation. One implementation keeps it
 * in this process (the embedded default), the other in Redis when REDIS_URL is set.
 */
export interface SharedState {
  attemptLimiter(limit: AttemptLimit, now?: () => number): AttemptLimiter;
  readonly captchaTokens: OneTimeTokens;
  /** Spread into @fastify/rate-limit's options: nothing (its in-process store) or a shared store. */
  readonly rateLimit: { store?: FastifyRateLimitStoreCtor };
  readonly publicChanges: PublicChanges;
  close(): Promise<void>;
}

/** Chosen once per process; the Redis client is only loaded when REDIS_URL is set. */
export async function createSharedState(config: Pick<Config, "redis">, logger: Logger): Promise<SharedState> {
  if (!config.redis) return new MemorySharedState();
  const { connectRedisSharedState } = await import("./redis-shared-state");
  return connectRedisSharedState(config.redis, logger);
}
