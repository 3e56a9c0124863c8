import { describe, expect, it } from "vitest";
import type { CachedLocation } from "../domain/location";
import {
  applyDetection,
  DEFAULT_LOCATION_CONFIG,
  type DetectionSources,
  detectCountry,
  initialLocationState,
  shouldCacheResult,
} from "./country-detection";

const NOW = new Date("2026-11-21T12:00:00.000Z");

function sources(
  cached: CachedLocation | undefined,
  ipCountry: string | undefined,
): DetectionSources & { ipCalls: number } {
  const state = {
    ipCalls: 0,
    readCache: () => cached,
    lookupIp: async () => {
      state.ipCalls += 1;
      return ipCountry;
    },
    now: () => NOW,
  };
  return state;
}

describe("country detection order", () => {
  it("uses a fresh cache first, with high confidence, without asking the IP service", async () => {
    const src = sources({ country: "FR", timestamp: "2026-11-21T10:00:00.000Z", source: "ip" }, "DE");
    const result = await detectCountry(DEFAULT_LOCATION_CONFIG, src);
    expect(result).toMatchObject({ country: "FR", confidence: "high", source: "cache" });
    expect(src.ipCalls).toBe(0);
    expect(shouldCacheResult(result)).toBe(false);
  });

  it("ignores a stale cache and asks the IP service (medium confidence, cached)", async () => {
    const src = sources({ country: "FR", timestamp: "2026-11-19T10:00:00.000Z", source: "ip" }, "DE");
    const result = await detectCountry(DEFAULT_LOCATION_CONFIG, src);
    expect(result).toMatchObject({ country: "DE", confidence: "medium", source: "ip" });
    expect(shouldCacheResult(result)).toBe(true);
  });

  it("falls back to the configured country with low confidence, which is never cached", async () => {
    const result = await detectCountry(
      { ...DEFAULT_LOCATION_CONFIG, fallbackCountry: "GB" },
      sources(undefined, undefined),
    );
    expect(result).toMatchObject({ country: "GB", confidence: "low", source: "default" });
    expect(shouldCacheResult(result)).toBe(false);
  });

  it("skips disabled sources", async () => {
    const src = sources({ country: "FR", timestamp: NOW.toISOString(), source: "ip" }, "DE");
    const result = await detectCountry({ ...DEFAULT_LOCATION_CONFIG, enableCache: false, enableIPService: false }, src);
    expect(result.source).toBe("default");
    expect(src.ipCalls).toBe(0);
  });
});

describe("location state", () => {
  it("starts from the cached country with medium confidence", () => {
    const state = initialLocationState({ country: "JP", timestamp: NOW.toISOString(), source: "ip" });
    expect(state).toMatchObject({ country: "JP", currency: "JPY", lastDetection: { confidence: "medium" } });
    expect(initialLocationState(undefined)).toMatchObject({ country: "US", currency: "USD", lastDetection: null });
  });

  it("lets manual overrides win over detection and clears the in-progress flag", () => {
    const detecting = { ...initialLocationState(undefined), isDetecting: true, manualCurrency: "CHF" };
    const detection = { country: "DE", confidence: "medium", source: "ip", timestamp: NOW.toISOString() } as const;
    const next = applyDetection(detecting, detection);
    expect(next).toMatchObject({ country: "DE", currency: "CHF", isDetecting: false });
    const manualCountry = applyDetection({ ...detecting, manualCountry: "SE", manualCurrency: null }, detection);
    expect(manualCountry).toMatchObject({ country: "SE", currency: "SEK" });
  });
});
