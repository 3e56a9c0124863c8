import { AppError, ERRORS } from "@quire/core/errors";
import type { NewAction, QueuedAction, QueueStore } from "./queue-store";

export const FIRST_RETRY_MS = 2_000;
export const LONGEST_RETRY_MS = 5 * 60_000;
/** A server that keeps failing one action must not hold the rest back forever. */
export const MAX_SERVER_FAILURES = 8;

/** No answer at all (offline, DNS, a dropped connection) or none in time: the action is fine, the network is not. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof AppError)) return error instanceof TypeError;
  const { connectionFailed, requestTimeout } = ERRORS;
  return (
    (error.code === connectionFailed.code && error.message === connectionFailed.message) ||
    (error.code === requestTimeout.code && error.message === requestTimeout.message)
  );
}

type Outcome = "sent" | "refused" | "wait" | "signed-out";

function outcomeOf(error: unknown, action: QueuedAction): Outcome {
  if (isNetworkFailure(error) || !(error instanceof AppError)) return "wait";
  if (error.code === "unauthenticated") return "signed-out";
  const status = error.httpStatus;
  if (status >= 500 || status === 429) return action.serverFailures + 1 >= MAX_SERVER_FAILURES ? "refused" : "wait";
  return "refused";
}

export interface OfflineQueueOptions {
  store: QueueStore;
  send(action: QueuedAction): Promise<unknown>;
  /** After a flush that sent or dropped something: what the app shows is read again. */
  onSettled?(changed: QueuedAction[]): void;
  /** How many of the signed-in user's actions wait, after every change to the queue. */
  onPendingChange?(count: number): void;
  /** Whether the browser believes it is online (navigator.onLine); offline, nothing is tried. */
  isOnline?(): boolean;
  /** One flusher across tabs (Web Locks); without it, this tab flushes on its own. */
  withLock?<T>(run: () => Promise<T>): Promise<T>;
  log?(message: string, detail: unknown): void;
}

/**
 * The actions a reader made without the network, sent in order when it returns. A network failure
 * stops the flush and retries later (2 s, doubling, at most 5 min); a 4xx refusal drops the action
 * (the server's state wins); the same target's older action is replaced by the newer one.
 */
export class OfflineQueue {
  private userId: string | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failedFlushes = 0;

  constructor(private readonly options: OfflineQueueOptions) {}

  get currentUser(): string | null {
    return this.userId;
  }

  get isWaitingToRetry(): boolean {
    return this.retryTimer !== undefined;
  }

  /** Who is signed in; actions of anybody else stay stored and unsent. */
  setUser(userId: string | null): void {
    if (userId === this.userId) return;
    this.userId = userId;
    this.cancelRetry();
    this.failedFlushes = 0;
    void this.reportPending();
  }

  async enqueue(action: Omit<NewAction, "userId" | "serverFailures">): Promise<void> {
    const userId = this.userId;
    if (!userId) throw new Error("Only a signed-in reader's actions are queued");
    const { store } = this.options;
    if (action.target) {
      for (const older of await store.list(userId)) if (older.target === action.target) await store.remove(older.seq);
    }
    await store.add({ ...action, userId, serverFailures: 0 });
    await this.reportPending();
  }

  /** Changes a queued action in place (an annotation created offline, then edited); false when none is queued. */
  async amend(target: string, change: (action: QueuedAction) => QueuedAction | null): Promise<boolean> {
    if (!this.userId) return false;
    const { store } = this.options;
    const action = (await store.list(this.userId)).find((candidate) => candidate.target === target);
    if (!action) return false;
    const changed = change(action);
    await (changed ? store.update(changed) : store.remove(action.seq));
    await this.reportPending();
    return true;
  }

  async hasPending(): Promise<boolean> {
    return !!this.userId && (await this.options.store.list(this.userId)).length > 0;
  }

  async clear(userId: string): Promise<void> {
    if (userId === this.userId) this.cancelRetry();
    await this.options.store.clear(userId);
    await this.reportPending();
  }

  /**
   * Sends what is queued. A flush already running in this tab is not doubled, but runs once more after
   * it ends: the network may have come back after that flush's last failure.
   */
  flush(): Promise<void> {
    this.cancelRetry();
    const userId = this.userId;
    if (!userId || this.options.isOnline?.() === false) return this.flushing ?? Promise.resolve();
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (this.options.withLock ?? ((run) => run()))(() => this.drain(userId)).finally(() => {
      this.flushing = null;
      if (this.flushAgain) {
        this.flushAgain = false;
        void this.flush();
      }
    });
    return this.flushing;
  }

  private async drain(userId: string): Promise<void> {
    const { store, send } = this.options;
    const changed: QueuedAction[] = [];
    try {
      for (;;) {
        if (this.userId !== userId) return;
        const [next] = await store.list(userId);
        if (!next) {
          this.failedFlushes = 0;
          return;
        }
        let outcome: Outcome = "sent";
        let failure: unknown;
        try {
          await send(next);
        } catch (error) {
          failure = error;
          outcome = outcomeOf(error, next);
        }
        if (outcome === "signed-out") return;
        if (outcome === "wait") {
          if (!isNetworkFailure(failure)) await store.update({ ...next, serverFailures: next.serverFailures + 1 });
          this.scheduleRetry();
          return;
        }
        if (outcome === "refused") this.options.log?.(`Offline action ${next.operation} was refused; dropped`, failure);
        await store.remove(next.seq);
        changed.push(next);
      }
    } finally {
      if (changed.length > 0) this.options.onSettled?.(changed);
      await this.reportPending();
    }
  }

  private async reportPending(): Promise<void> {
    if (!this.options.onPendingChange) return;
    const count = this.userId ? (await this.options.store.list(this.userId)).length : 0;
    this.options.onPendingChange(count);
  }

  private scheduleRetry(): void {
    const delay = Math.min(FIRST_RETRY_MS * 2 ** this.failedFlushes, LONGEST_RETRY_MS);
    this.failedFlushes += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
