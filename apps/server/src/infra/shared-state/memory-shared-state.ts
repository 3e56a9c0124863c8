import { type AttemptLimit, type AttemptLimiter, MemoryAttemptLimiter } from "../attempt-limiter";
import type { OneTimeTokens, PublicChanges, SharedState } from "./shared-state";

/** The embedded default: everything in this process's memory, as one process needs it. */
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
