import { BACKOFF_FACTOR, BACKOFF_INITIAL_MS, BACKOFF_MAX_MS } from "@quire/core";
import type { Logger } from "pino";
import { DrainLoop } from "../../infra/drain-loop";
import type { ClaimedDelivery, PushDeliveriesRepository } from "./push-deliveries.repository";
import type { PushTransports, SendOutcome } from "./push-transport";

const BATCH_SIZE = 50;
/** Messages of one batch in flight at once (each is one request to a push service). */
const CONCURRENCY = 10;
/**
 * A claimed row is not due again for this long: longer than a batch can take (50 sends, 10 at a time,
 * 10 s each at worst), so only a sender that died gives its rows back.
 */
export const PUSH_LEASE_MS = 120_000;
/** Sends of one message before a push service that keeps failing makes us give it up. */
export const PUSH_MAX_ATTEMPTS = 10;

export interface PushSenderOptions {
  repository: PushDeliveriesRepository;
  /** The protocol of each registration kind (composition.ts: Web Push, FCM, APNs, or unconfigured). */
  transports: PushTransports;
  clock: () => Date;
  logger: Logger;
  /** Test seam: runs right after a batch is claimed, before anything is sent. */
  afterClaim?: (claimed: number) => void;
}

/**
 * Sends the queued push deliveries. A batch is claimed by moving its rows' `next_attempt_at` a lease
 * ahead (on PostgreSQL under `FOR UPDATE SKIP LOCKED`, so senders of several processes take different
 * rows; on SQLite BEGIN IMMEDIATE serialises the claims), then each message is sent outside any
 * transaction by its registration kind's transport, whose outcome settles the row: accepted → deleted;
 * gone → the registration deleted (cascading its deliveries); retry → due again after Retry-After, or
 * after SPEC §9's backoff, until PUSH_MAX_ATTEMPTS; dropped → deleted. A sender that dies leaves its
 * rows leased, and they come back when the lease ends: a message is sent at least once, and the topic
 * (collapse id) lets the push service replace a duplicate it still holds.
 */
export class PushSender extends DrainLoop {
  constructor(private readonly options: PushSenderOptions) {
    super(options.logger, "push sending failed");
  }

  protected async runBatch(): Promise<{ claimed: number; done: number }> {
    const claimed = await this.claim();
    if (claimed.length === 0) return { claimed: 0, done: 0 };
    this.options.afterClaim?.(claimed.length);
    let accepted = 0;
    const queue = [...claimed];
    const worker = async () => {
      for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
        if (await this.deliver(delivery)) accepted += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    return { claimed: claimed.length, done: accepted };
  }

  private claim(): Promise<ClaimedDelivery[]> {
    const now = this.options.clock();
    return this.options.repository.claim(now, BATCH_SIZE, new Date(now.getTime() + PUSH_LEASE_MS));
  }

  /** Sends one message and settles its row; true when the push service accepted it. */
  private async deliver(delivery: ClaimedDelivery): Promise<boolean> {
    let outcome: SendOutcome;
    try {
      outcome = await this.options.transports[delivery.kind].send(delivery);
    } catch (error) {
      // A transport that threw never got an answer it understood (network, TLS, credentials): try again later.
      outcome = { result: "retry", error };
    }
    await this.settle(delivery, outcome);
    return outcome.result === "accepted";
  }

  private async settle(delivery: ClaimedDelivery, outcome: SendOutcome): Promise<void> {
    const { repository, logger, clock } = this.options;
    const context = {
      deliveryId: delivery.id,
      registrationId: delivery.registrationId,
      kind: delivery.kind,
      status: "status" in outcome ? outcome.status : undefined,
    };
    switch (outcome.result) {
      case "accepted":
        await repository.remove(delivery.id);
        return;
      case "gone":
        if (await this.removeRegistration(delivery)) {
          logger.info({ ...context, reason: outcome.reason }, "push registration gone; removed");
        }
        return;
      case "dropped":
        logger.warn({ ...context, reason: outcome.reason }, "push message dropped");
        await repository.remove(delivery.id);
        return;
      case "retry": {
        if (delivery.attempts >= PUSH_MAX_ATTEMPTS) {
          logger.warn(
            { ...context, attempts: delivery.attempts, err: outcome.error },
            "push message dropped after its last attempt",
          );
          await repository.remove(delivery.id);
          return;
        }
        const at = outcome.retryAt ?? new Date(clock().getTime() + backoffMs(delivery.attempts));
        logger.debug({ ...context, err: outcome.error, retryAt: at.toISOString() }, "push message will be retried");
        await repository.retryAt(delivery.id, at);
      }
    }
  }

  /**
   * Removes the registration (its deliveries cascade) only if it still has that endpoint or token: a
   * device that re-registered meanwhile keeps it, and the message is sent again to the new address.
   */
  private async removeRegistration(delivery: ClaimedDelivery): Promise<boolean> {
    if (await this.options.repository.removeRegistration(delivery.registrationId, delivery.endpoint)) return true;
    await this.options.repository.retryAt(delivery.id, this.options.clock());
    return false;
  }
}

/** SPEC §9: from 1 s, ×1.5 per attempt, at most 60 s; `attempts` counts the one that just failed. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_INITIAL_MS * BACKOFF_FACTOR ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** RFC 9110 Retry-After: delay in seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(value: string | undefined, now: Date): Date | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return new Date(now.getTime() + Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return new Date(Math.max(date, now.getTime()));
}
