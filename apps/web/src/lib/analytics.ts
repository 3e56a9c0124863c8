import type { AnalyticsBatch, AnalyticsEvent, AnalyticsEventName } from "@quire/core";
import { API_PATHS } from "@quire/core/api-paths";
import {
  ANALYTICS_MAX_BATCH,
  ANALYTICS_READY_INTERVAL_MS,
  ANALYTICS_READY_TRIES,
  PAGE_VIEW_EVENT,
} from "@quire/core/constants";
import { api } from "./api-client";

/** How often queued events are sent while the page is open; a page being hidden sends at once. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 5000;
export const ANALYTICS_UNAVAILABLE_WARNING = "Analytics unavailable: the event was not sent";

type EventProperties = Record<string, string | number | boolean>;

/**
 * What the analytics module was told once the session and the consent choice are known. `consentFlag` is
 * the visitor's "Allow" (a signed-in reader's consent is their account's, checked by the server).
 */
export type TrackingPermission = { collect: false } | { collect: true; consentFlag: boolean; visitorId: string };

export interface TrackerTransport {
  send(batch: AnalyticsBatch): Promise<unknown>;
  beacon(batch: AnalyticsBatch): void;
}

export interface TrackerOptions {
  transport: TrackerTransport;
  wait(ms: number): Promise<void>;
  warn(message: string): void;
  now(): Date;
}

/**
 * A queue of consented events, sent in batches every few seconds and by beacon when the page is hidden.
 * Calls never block and never fail: before the module is configured they wait as SPEC §7 says (20 tries
 * every 200 ms), then log a warning and drop the event; sending failures are swallowed.
 */
export class AnalyticsTracker {
  #permission: TrackingPermission | undefined;
  #queue: AnalyticsEvent[] = [];

  constructor(private readonly options: TrackerOptions) {}

  configure(permission: TrackingPermission): void {
    this.#permission = permission;
    if (!permission.collect) this.#queue = [];
  }

  track(name: AnalyticsEventName, properties?: EventProperties): void {
    void this.#enqueue({ name, ...(properties ? { properties } : {}), occurredAt: this.#timestamp() });
  }

  pageView(route: string): void {
    void this.#enqueue({ name: PAGE_VIEW_EVENT, route, occurredAt: this.#timestamp() });
  }

  /** Sends what is queued: by fetch, or by beacon when the page may be going away. */
  flush(how: "fetch" | "beacon" = "fetch"): void {
    const permission = this.#permission;
    while (permission?.collect && this.#queue.length > 0) {
      const batch: AnalyticsBatch = {
        ...(permission.consentFlag ? { consent: "granted" as const } : {}),
        visitorId: permission.visitorId,
        events: this.#queue.splice(0, ANALYTICS_MAX_BATCH),
      };
      if (how === "beacon") this.options.transport.beacon(batch);
      else this.options.transport.send(batch).catch(() => undefined);
    }
  }

  get queued(): number {
    return this.#queue.length;
  }

  #timestamp(): string {
    return this.options.now().toISOString();
  }

  async #enqueue(event: AnalyticsEvent): Promise<void> {
    if (!(await this.#whenReady())) return;
    if (!this.#permission?.collect) return;
    this.#queue.push(event);
    if (this.#queue.length >= ANALYTICS_MAX_BATCH) this.flush();
  }

  async #whenReady(): Promise<boolean> {
    for (let attempt = 1; attempt <= ANALYTICS_READY_TRIES; attempt++) {
      if (this.#permission) return true;
      await this.options.wait(ANALYTICS_READY_INTERVAL_MS);
    }
    if (this.#permission) return true;
    this.options.warn(ANALYTICS_UNAVAILABLE_WARNING);
    return false;
  }
}

const browserTransport: TrackerTransport = {
  send: (batch) => api("analytics.events", { body: batch }),
  // sendBeacon sends a string as text/plain, which needs no CORS preflight; the server reads it as JSON.
  beacon: (batch) => {
    try {
      navigator.sendBeacon(API_PATHS["analytics.events"], JSON.stringify(batch));
    } catch {
      // A refused beacon loses a few events, never the page.
    }
  },
};

export const analytics = new AnalyticsTracker({
  transport: browserTransport,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  warn: (message) => console.warn(message),
  now: () => new Date(),
});

/** Named events, one line at the place they happen: `track("star")`. Without consent nothing is sent. */
export function track(name: AnalyticsEventName, properties?: EventProperties): void {
  analytics.track(name, properties);
}
