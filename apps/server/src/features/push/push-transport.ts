import type { PushKind, PushPayload } from "@quire/core";
import type { ClaimedDelivery } from "./push-deliveries.repository";

/**
 * What a push service made of one message, which the sender turns into the row's fate: accepted → the
 * delivery goes; gone → the registration goes (the browser or app is no longer there); dropped → the
 * message goes, the registration stays; retry → due again at `retryAt` (the service's Retry-After) or
 * after SPEC §9's backoff.
 */
export type SendOutcome =
  | { result: "accepted" }
  | { result: "gone"; status?: number; reason: string }
  | { result: "dropped"; status?: number; reason: string }
  | { result: "retry"; status?: number; retryAt?: Date; error?: unknown };

/** One push service protocol (Web Push, FCM, APNs); the sender picks it by the registration's kind. */
export interface PushTransport {
  send(delivery: ClaimedDelivery): Promise<SendOutcome>;
  close?(): void;
}

export type PushTransports = Record<PushKind, PushTransport>;

/** A kind whose service is not configured: its registrations are kept, its messages dropped (and logged). */
export function unconfiguredTransport(variables: string): PushTransport {
  return { send: async () => ({ result: "dropped", reason: `not configured (${variables} unset)` }) };
}

/** How long a push service keeps trying to reach an offline device: after a day the news is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_SEND_TIMEOUT_MS = 10_000;

/** The stored payload as a native notification shows it; a launch (urgency high) is sent at high priority. */
export function nativeMessage(delivery: ClaimedDelivery): { payload: PushPayload; highPriority: boolean } {
  return { payload: JSON.parse(delivery.payload) as PushPayload, highPriority: delivery.urgency === "high" };
}
