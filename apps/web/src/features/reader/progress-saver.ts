import type { BookProgressResponse } from "@quire/core";
import { hasErrorCode } from "../../lib/errors";
import { isNetworkFailure } from "../offline-queue";
import { queueReadingPlace, type ReadingPlace, saveReadingPlace } from "./progress-api";

/** How long the reader must stay still before a place is saved: a burst of page turns makes one save. */
export const SAVE_DELAY_MS = 1500;

export interface ProgressSaverOptions {
  bookId: string;
  delayMs?: number;
  /** False when the reader is known to be signed out: nothing is sent, the sign-in offer shows. */
  canSave(): boolean;
  onSaved?(answer: BookProgressResponse): void;
  /** Saving needs an account ("Please login!"); called once, after which the saver stays quiet. */
  onSignInNeeded(): void;
}

/** A place as the reader view reports it; the saver stamps the moment. */
export type ReaderPlace = Omit<ReadingPlace, "readAt">;

const samePlace = (a: ReaderPlace | null, b: ReaderPlace | null) =>
  !!a &&
  !!b &&
  a.anchorId === b.anchorId &&
  a.offset === b.offset &&
  a.locator?.char === b.locator?.char &&
  a.chapterPercent === b.chapterPercent;

/**
 * Saves the reader's place, debounced. Saves go one after another (never two racing for the same
 * rows); leaving a chapter saves its last place at once, so reaching its end is never lost to the
 * next chapter's first page; `flush(true)` on pagehide sends what is pending with fetch keepalive.
 * A "Please login!" answer stops it for good: no failed request on every page turn.
 */
export class ProgressSaver {
  private pending: ReadingPlace | null = null;
  private saved: ReadingPlace | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: ProgressSaverOptions) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  record(place: ReaderPlace): void {
    if (this.stopped) return;
    if (this.pending && this.pending.anchorId !== place.anchorId) void this.flush();
    if (samePlace(place, this.pending) || (!this.pending && samePlace(place, this.saved))) return;
    this.pending = { ...place, readAt: new Date().toISOString() };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs ?? SAVE_DELAY_MS);
  }

  /** Sends the pending place now; resolves when every save started so far has finished. */
  flush(keepalive = false): Promise<void> {
    clearTimeout(this.timer);
    const place = this.pending;
    this.pending = null;
    if (!place || this.stopped) return this.chain;
    if (!this.options.canSave()) {
      this.signInNeeded();
      return this.chain;
    }
    // A page that is going away cannot wait for earlier saves to finish first.
    if (keepalive) return this.send(place, true);
    this.chain = this.chain.then(() => this.send(place, false));
    return this.chain;
  }

  /** Forgets anything pending (the reader closed without a place worth keeping). */
  dispose(): void {
    clearTimeout(this.timer);
    this.pending = null;
  }

  private signInNeeded(): void {
    this.stopped = true;
    this.dispose();
    this.options.onSignInNeeded();
  }

  private async send(place: ReadingPlace, keepalive: boolean): Promise<void> {
    if (this.stopped) return;
    try {
      const answer = await saveReadingPlace(this.options.bookId, place, keepalive);
      this.saved = place;
      this.options.onSaved?.(answer);
    } catch (error) {
      if (hasErrorCode(error, "unauthenticated")) {
        this.signInNeeded();
        return;
      }
      // Offline: the queue sends the place when the network returns. A server hiccup: the next move retries.
      if (isNetworkFailure(error) && (await queueReadingPlace(this.options.bookId, place))) {
        this.saved = place;
        return;
      }
      this.pending ??= place;
    }
  }
}
