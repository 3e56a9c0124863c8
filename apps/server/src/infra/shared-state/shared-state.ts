import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Logger } from "pino";
import type { Config } from "../../config";
import { type AttemptLimit, type AttemptLimiter, MemoryAttemptLimiter } from "../attempt-limiter";

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

export class MemorySharedState implements SharedState {
  readonly captchaTokens = new MemoryOneTimeTokens();
  readonly rateLimit = {};
  readonly publicChanges = new LocalPublicChanges();

  attemptLimiter(limit: AttemptLimit, now?: () => number): AttemptLimiter {
    return new MemoryAttemptLimiter(limit, now);
  }

  async close(): Promise<void> {}
}

export class MemoryOneTimeTokens implements OneTimeTokens {
  /** Claimed ids → when they expire (ms); forgotten after, when they cannot verify anyway. */
  private readonly used = new Map<string, number>();

  async claim(id: string, expiresAtMs: number): Promise<boolean> {
    const now = Date.now();
    for (const [usedId, until] of this.used) if (until < now) this.used.delete(usedId);
    if (this.used.has(id)) return false;
    this.used.set(id, expiresAtMs);
    return true;
  }
}

export class LocalPublicChanges implements PublicChanges {
  private readonly listeners: Array<() => void> = [];

  announce(): void {
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}
