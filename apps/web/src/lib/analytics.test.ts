import type { AnalyticsBatch } from "@quire/core";
import { ANALYTICS_MAX_BATCH, ANALYTICS_READY_INTERVAL_MS, ANALYTICS_READY_TRIES } from "@quire/core/constants";
import { describe, expect, it, vi } from "vitest";
import { ANALYTICS_UNAVAILABLE_WARNING, AnalyticsTracker } from "./analytics";

function tracker() {
  const sent: AnalyticsBatch[] = [];
  const beaconed: AnalyticsBatch[] = [];
  const waits: number[] = [];
  const warn = vi.fn();
  const instance = new AnalyticsTracker({
    transport: {
      send: async (batch) => {
        sent.push(batch);
      },
      beacon: (batch) => beaconed.push(batch),
    },
    wait: async (ms) => {
      waits.push(ms);
    },
    warn,
    now: () => new Date("2026-11-26T12:00:00.000Z"),
  });
  return { instance, sent, beaconed, waits, warn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const visitor = { collect: true, consentFlag: true, visitorId: "visitor-1234" } as const;

describe("the analytics tracker", () => {
  it("queues consented events and sends them in one batch with the visitor's consent flag", async () => {
    const { instance, sent } = tracker();
    instance.configure(visitor);
    instance.pageView("/books/:id");
    instance.track("star");
    await settle();
    expect(sent).toEqual([]);
    instance.flush();
    expect(sent).toEqual([
      {
        consent: "granted",
        visitorId: "visitor-1234",
        events: [
          { name: "page_view", route: "/books/:id", occurredAt: "2026-11-26T12:00:00.000Z" },
          { name: "star", occurredAt: "2026-11-26T12:00:00.000Z" },
        ],
      },
    ]);
    expect(instance.queued).toBe(0);
  });

  it("sends a signed-in reader's batch without the visitor flag, and by beacon when asked", async () => {
    const { instance, beaconed, sent } = tracker();
    instance.configure({ collect: true, consentFlag: false, visitorId: "visitor-1234" });
    instance.track("search", { kind: "books" });
    await settle();
    instance.flush("beacon");
    expect(sent).toEqual([]);
    expect(beaconed).toEqual([
      {
        visitorId: "visitor-1234",
        events: [{ name: "search", properties: { kind: "books" }, occurredAt: expect.any(String) }],
      },
    ]);
  });

  it("sends a full batch at once, in batches of the server's limit", async () => {
    const { instance, sent } = tracker();
    instance.configure(visitor);
    for (let i = 0; i < ANALYTICS_MAX_BATCH; i++) instance.pageView("/");
    await settle();
    expect(sent.map((batch) => batch.events.length)).toEqual([ANALYTICS_MAX_BATCH]);
  });

  it("drops events and collects nothing without consent", async () => {
    const { instance, sent } = tracker();
    instance.configure({ collect: false });
    instance.track("follow");
    await settle();
    instance.flush();
    expect(sent).toEqual([]);
    expect(instance.queued).toBe(0);
  });

  it("waits for the module (20 tries every 200 ms), then warns and drops the event", async () => {
    const { instance, waits, warn, sent } = tracker();
    instance.track("sign_up");
    await settle();
    expect(waits).toEqual(Array.from({ length: ANALYTICS_READY_TRIES }, () => ANALYTICS_READY_INTERVAL_MS));
    expect(warn).toHaveBeenCalledWith(ANALYTICS_UNAVAILABLE_WARNING);
    instance.configure(visitor);
    instance.flush();
    expect(sent).toEqual([]);
  });

  it("keeps an event that was waiting when the module becomes ready in time", async () => {
    let release: () => void = () => undefined;
    const sent: AnalyticsBatch[] = [];
    const instance = new AnalyticsTracker({
      transport: { send: async (batch) => sent.push(batch), beacon: () => undefined },
      wait: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      warn: () => undefined,
      now: () => new Date(),
    });
    instance.track("verify_email");
    instance.configure(visitor);
    release();
    await settle();
    instance.flush();
    expect(sent.map((batch) => batch.events.map((event) => event.name))).toEqual([["verify_email"]]);
  });

  it("never lets a failed send reach the page", async () => {
    const instance = new AnalyticsTracker({
      transport: { send: () => Promise.reject(new Error("offline")), beacon: () => undefined },
      wait: async () => undefined,
      warn: () => undefined,
      now: () => new Date(),
    });
    instance.configure(visitor);
    instance.track("star");
    await settle();
    expect(() => instance.flush()).not.toThrow();
    await settle();
  });
});
