import { AppError } from "@quire/core";

/**
 * Counts attempts per key (an email, an account) in fixed windows. It complements the per-IP limits of
 * @fastify/rate-limit: an attacker spreading one account's guesses over many IPs still meets this one.
 * Windows end by themselves, so there is no permanent lockout.
 */
export interface AttemptLimiter {
  /** Counts one attempt; throws `resource-exhausted` with the seconds to wait once over the limit. */
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface AttemptLimit {
  /** Tells one limiter's keys from another's where they share a store. */
  name: string;
  max: number;
  windowMs: number;
}

export function attemptsExceeded(resetsInMs: number): AppError {
  return AppError.of("tooManyRequests", { details: { retryAfterSeconds: Math.max(1, Math.ceil(resetsInMs / 1000)) } });
}

/** The embedded limiter: windows in this process's memory, on the given clock. */
export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(
    private readonly limit: Pick<AttemptLimit, "max" | "windowMs">,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<void> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { count: 0, resetsAt: now + this.limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit.max) throw attemptsExceeded(window.resetsAt - now);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
