import { afterEach, describe, expect, it, vi } from "vitest";
import { createRegionStore, IP_LOOKUP_FAILED_WARNING, LOCATION_CACHE_KEY, REGION_OVERRIDES_KEY } from "./region-store";

const NOW = new Date("2026-11-26T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

function makeStore(lookupIp: (timeoutMs: number) => Promise<string | undefined>) {
  const warn = vi.fn();
  const store = createRegionStore({ storage: window.localStorage, lookupIp, now: () => NOW, warn });
  return { store, warn };
}

const cacheEntry = () => JSON.parse(window.localStorage.getItem(LOCATION_CACHE_KEY) ?? "null");

afterEach(() => window.localStorage.clear());

describe("region detection (SPEC §4–§5)", () => {
  it("uses a fresh cached country at medium confidence at start, then high, without an IP lookup", async () => {
    window.localStorage.setItem(
      LOCATION_CACHE_KEY,
      JSON.stringify({ country: "FR", timestamp: hoursAgo(2), source: "ip" }),
    );
    const lookupIp = vi.fn(async () => "DE");
    const { store } = makeStore(lookupIp);
    expect(store.getState()).toMatchObject({ country: "FR", currency: "EUR" });
    expect(store.getState().lastDetection).toMatchObject({ confidence: "medium", source: "cache" });

    await store.detect();
    expect(lookupIp).not.toHaveBeenCalled();
    expect(store.getState().lastDetection).toMatchObject({ country: "FR", confidence: "high", source: "cache" });
  });

  it("removes a stale cache entry and asks the IP lookup, caching its answer", async () => {
    window.localStorage.setItem(
      LOCATION_CACHE_KEY,
      JSON.stringify({ country: "FR", timestamp: hoursAgo(25), source: "ip" }),
    );
    const lookupIp = vi.fn(async () => "JP");
    const { store } = makeStore(lookupIp);
    expect(window.localStorage.getItem(LOCATION_CACHE_KEY)).toBeNull();
    expect(store.getState()).toMatchObject({ country: "US", currency: "USD", lastDetection: null, isDetecting: true });

    await store.detect();
    expect(lookupIp).toHaveBeenCalledWith(3000);
    expect(store.getState()).toMatchObject({ country: "JP", currency: "JPY", isDetecting: false });
    expect(store.getState().lastDetection).toMatchObject({ confidence: "medium", source: "ip" });
    expect(cacheEntry()).toEqual({ country: "JP", timestamp: NOW.toISOString(), source: "ip" });
  });

  it("warns and falls back to US when the IP lookup fails, caching nothing", async () => {
    const failure = new Error("offline");
    const { store, warn } = makeStore(async () => {
      throw failure;
    });
    await store.detect();
    expect(warn).toHaveBeenCalledWith(IP_LOOKUP_FAILED_WARNING, failure);
    expect(store.getState()).toMatchObject({ country: "US", currency: "USD", isDetecting: false });
    expect(store.getState().lastDetection).toMatchObject({ confidence: "low", source: "default" });
    expect(cacheEntry()).toBeNull();
  });

  it("ignores an unreadable cache entry, removing it", async () => {
    window.localStorage.setItem(LOCATION_CACHE_KEY, JSON.stringify({ country: "France", timestamp: hoursAgo(1) }));
    const { store } = makeStore(async () => "IT");
    expect(window.localStorage.getItem(LOCATION_CACHE_KEY)).toBeNull();
    await store.detect();
    expect(store.getState().country).toBe("IT");
  });

  it("runs the chain once however often it is started", async () => {
    const lookupIp = vi.fn(async () => "SE");
    const { store } = makeStore(lookupIp);
    await Promise.all([store.detect(), store.detect()]);
    await store.detect();
    expect(lookupIp).toHaveBeenCalledTimes(1);
  });
});

describe("region overrides", () => {
  it("win over detection, are kept, and the currency follows an overridden country unless chosen", async () => {
    const { store } = makeStore(async () => "JP");
    store.setOverrides({ country: "FR", currency: null });
    expect(store.getState()).toMatchObject({ country: "FR", currency: "EUR", manualCountry: "FR" });

    await store.detect();
    expect(store.getState()).toMatchObject({ country: "FR", currency: "EUR" });
    expect(store.getState().lastDetection?.country).toBe("JP");

    store.setOverrides({ country: null, currency: "CHF" });
    expect(store.getState()).toMatchObject({ country: "JP", currency: "CHF" });

    const reloaded = makeStore(async () => undefined).store;
    expect(JSON.parse(window.localStorage.getItem(REGION_OVERRIDES_KEY) ?? "null")).toEqual({
      country: null,
      currency: "CHF",
    });
    expect(reloaded.getState()).toMatchObject({ manualCountry: null, manualCurrency: "CHF", currency: "CHF" });
  });
});
