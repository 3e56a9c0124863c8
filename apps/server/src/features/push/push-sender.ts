import type { Agent } from "node:https";
import { BACKOFF_FACTOR, BACKOFF_INITIAL_MS, BACKOFF_MAX_MS } from "@quire/core";
import type { Logger } from "pino";
import webPush from "web-push";
import { DrainLoop } from "../../infra/drain-loop";
import type { ClaimedDelivery, PushDeliveriesRepository } from "./push-deliveries.repository";
import { PushAddressRefused, type PushEndpointPolicy } from "./push-endpoint-policy";
import { pushTopic } from "./push-outbox";
import type { VapidKeys } from "./vapid-keys";

const BATCH_SIZE = 50;
/** Messages of one batch in flight at once (each is one HTTPS request to a push service). */
const CONCURRENCY = 10;
const SEND_TIMEOUT_MS = 10_000;
/**
 * A claimed row is not due again for this long: longer than a batch can take (50 sends, 10 at a time,
 * 10 s each at worst), so only a sender that died gives its rows back.
 */
export const PUSH_LEASE_MS = 120_000;
/** How long a push service keeps trying to reach an offline browser: after a day the news is stale. */
const TTL_SECONDS = 24 * 60 * 60;
/** Sends of one message before a push service that keeps failing makes us give it up. */
export const PUSH_MAX_ATTEMPTS = 10;

export interface PushSenderOptions {
  repository: PushDeliveriesRepository;
  vapid: VapidKeys & { subject: string };
  /** From `endpoints.agent()`: reaches public addresses only, and may trust the extra CA of a private push service. */
  agent: Agent;
  /** Checked again before each send: the allow-list may have changed since the endpoint was registered. */
  endpoints: PushEndpointPolicy;
  clock: () => Date;
  logger: Logger;
  /** Test seam: runs right after a batch is claimed, before anything is sent. */
  afterClaim?: (claimed: number) => void;
}

/**
 * Sends the queued push deliveries. A batch is claimed by moving its rows' `next_attempt_at` a lease
 * ahead (on PostgreSQL under `FOR UPDATE SKIP LOCKED`, so senders of several processes take different
 * rows; on SQLite BEGIN IMMEDIATE serialises the claims), then sent outside any transaction. Each
 * outcome settles its row: accepted → deleted; 404/410 → the subscription is gone, its registration
 * deleted (cascading its deliveries); 429 → due again after Retry-After; 5xx or a network failure →
 * due again after SPEC §9's backoff, until PUSH_MAX_ATTEMPTS; any other refusal → dropped. An
 * endpoint the allow-list no longer accepts loses its registration before anything is sent; a host
 * name that resolves to a non-public address (refused by the agent's lookup) loses the message. A sender
 * that dies leaves its rows leased, and they come back when the lease ends: a message is sent at least
 * once, and the topic header lets the push service replace a duplicate it still holds.
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
    const { vapid, agent, endpoints } = this.options;
    const refusal = endpoints.refusal(delivery.endpoint);
    if (refusal) {
      if (await this.removeRegistration(delivery)) {
        this.options.logger.warn(
          { registrationId: delivery.registrationId, reason: refusal },
          "push endpoint no longer allowed; registration removed",
        );
      }
      return false;
    }
    try {
      await webPush.sendNotification(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        delivery.payload,
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: delivery.urgency,
          topic: pushTopic(delivery.notificationId),
          timeout: SEND_TIMEOUT_MS,
          agent,
        },
      );
    } catch (error) {
      await this.settleFailure(delivery, error);
      return false;
    }
    await this.options.repository.remove(delivery.id);
    return true;
  }

  private async settleFailure(delivery: ClaimedDelivery, error: unknown): Promise<void> {
    const { repository, logger, clock } = this.options;
    // A WebPushError is the push service's answer; anything else never got one (network, timeout, TLS).
    const answer = error instanceof webPush.WebPushError ? error : undefined;
    const status = answer?.statusCode;
    const context = { deliveryId: delivery.id, registrationId: delivery.registrationId, status };
    if (status === 404 || status === 410) {
      if (await this.removeRegistration(delivery)) {
        logger.info(context, "push subscription expired; registration removed");
      }
      return;
    }
    if (error instanceof PushAddressRefused) {
      // The host is allowed but its name led to a private address: nothing was sent, and retrying would not help.
      logger.warn({ ...context, reason: error.message }, "push endpoint resolves to a non-public address; dropped");
      await repository.remove(delivery.id);
      return;
    }
    const transient = status === undefined || status === 429 || status >= 500;
    if (!transient) {
      logger.warn({ ...context, body: answer?.body }, "push message refused; dropped");
      await repository.remove(delivery.id);
      return;
    }
    if (delivery.attempts >= PUSH_MAX_ATTEMPTS) {
      logger.warn(
        { ...context, attempts: delivery.attempts, err: error },
        "push message dropped after its last attempt",
      );
      await repository.remove(delivery.id);
      return;
    }
    const now = clock();
    const asked = status === 429 ? retryAfter(answer?.headers["retry-after"], now) : undefined;
    const at = asked ?? new Date(now.getTime() + backoffMs(delivery.attempts));
    logger.debug({ ...context, err: error, retryAt: at.toISOString() }, "push message will be retried");
    await repository.retryAt(delivery.id, at);
  }

  /**
   * Removes the registration (its deliveries cascade) only if it still has that endpoint: a browser that
   * re-subscribed meanwhile keeps it, and the message is sent again to the new endpoint.
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
