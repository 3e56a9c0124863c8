import { AppError } from "@quire/core";

/**
 * Counts attempts per key (an email, an account) in fixed windows, in memory. It complements the
 * per-IP limits of @fastify/rate-limit: an attacker spreading one account's guesses over many IPs
 * still meets this one. Windows end by themselves, so there is no permanent lockout.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; throws `resource-exhausted` with the seconds to wait once over the limit. */
  hit(key: string): void {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { count: 0, resetsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.max) {
      throw AppError.of("tooManyRequests", {
        details: { retryAfterSeconds: Math.ceil((window.resetsAt - now) / 1000) },
      });
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
