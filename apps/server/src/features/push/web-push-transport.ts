import type { Agent } from "node:https";
import webPush from "web-push";
import type { ClaimedDelivery } from "./push-deliveries.repository";
import { PushAddressRefused, type PushEndpointPolicy } from "./push-endpoint-policy";
import { pushTopic } from "./push-outbox";
import { retryAfter } from "./push-sender";
import { PUSH_SEND_TIMEOUT_MS, PUSH_TTL_SECONDS, type PushTransport, type SendOutcome } from "./push-transport";
import type { VapidKeys } from "./vapid-keys";

export interface WebPushTransportOptions {
  vapid: VapidKeys & { subject: string };
  /** From `endpoints.agent()`: reaches public addresses only, and may trust the extra CA of a private push service. */
  agent: Agent;
  /** Checked again before each send: the allow-list may have changed since the endpoint was registered. */
  endpoints: PushEndpointPolicy;
  clock: () => Date;
}

/**
 * Web Push (RFC 8030, VAPID, aes128gcm) to a browser's push service: 404/410 → the subscription is gone;
 * 429 → Retry-After; 5xx or no answer → backoff; other refusals drop the message. An endpoint the
 * allow-list no longer accepts is gone before anything is sent; a host name that resolves to a non-public
 * address (refused by the agent's lookup) loses the message.
 */
export class WebPushTransport implements PushTransport {
  constructor(private readonly options: WebPushTransportOptions) {}

  async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const { vapid, agent, endpoints, clock } = this.options;
    const refusal = endpoints.refusal(delivery.endpoint);
    if (refusal) return { result: "gone", reason: `endpoint no longer allowed: ${refusal}` };
    try {
      await webPush.sendNotification(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        delivery.payload,
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: delivery.urgency,
          topic: pushTopic(delivery.notificationId),
          timeout: PUSH_SEND_TIMEOUT_MS,
          agent,
        },
      );
      return { result: "accepted" };
    } catch (error) {
      if (error instanceof PushAddressRefused) {
        // The host is allowed but its name led to a private address: nothing was sent, and retrying would not help.
        return { result: "dropped", reason: `endpoint resolves to a non-public address: ${error.message}` };
      }
      // A WebPushError is the push service's answer; anything else never got one (network, timeout, TLS).
      if (!(error instanceof webPush.WebPushError)) return { result: "retry", error };
      const status = error.statusCode;
      if (status === 404 || status === 410) return { result: "gone", status, reason: "subscription expired" };
      if (status === 429)
        return { result: "retry", status, retryAt: retryAfter(error.headers["retry-after"], clock()) };
      if (status >= 500) return { result: "retry", status, error };
      return { result: "dropped", status, reason: `refused: ${error.body}` };
    }
  }
}
