import type { CachedLocation, DetectionResult, LocationState } from "@quire/core";
import {
  applyDetection,
  DEFAULT_LOCATION_CONFIG,
  detectCountry,
  initialLocationState,
  isCacheFresh,
  type LocationConfig,
  shouldCacheResult,
} from "@quire/core/country-detection";
import { currencyForCountry, parseCountryAnswer } from "@quire/core/currency";

/** localStorage keys: the last detected country (SPEC §3 cached entry) and the reader's own choices. */
export const LOCATION_CACHE_KEY = "quire.location";
export const REGION_OVERRIDES_KEY = "quire.region-overrides";

export const IP_LOOKUP_FAILED_WARNING = "IP lookup failed; using the fallback country.";

export interface RegionOverrides {
  country: string | null;
  currency: string | null;
}

export interface RegionStoreOptions {
  storage: Storage | null;
  /** The two-letter country the server guessed from this browser's IP, or undefined when it could not tell. */
  lookupIp(timeoutMs: number): Promise<string | undefined>;
  now(): Date;
  warn(message: string, error?: unknown): void;
  config?: LocationConfig;
}

export interface RegionStore {
  getState(): LocationState;
  subscribe(listener: () => void): () => void;
  /** Runs the SPEC §4 chain once per store; later calls return the same run. */
  detect(): Promise<void>;
  setOverrides(overrides: RegionOverrides): void;
}

const CODE = /^[A-Z]{2,3}$/;
const SOURCES: ReadonlySet<string> = new Set(["cache", "ip", "default"]);

export function createRegionStore(options: RegionStoreOptions): RegionStore {
  const config = options.config ?? DEFAULT_LOCATION_CONFIG;
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;

  const overrides = readOverrides();
  // The store is made as the page starts and detection follows at once, so it starts "detecting": a price screen
  // rendered first never takes the placeholder region for an answer.
  let state: LocationState = withOverrides(
    { ...initialLocationState(config.enableCache ? readCache() : undefined), isDetecting: true },
    overrides,
    config.fallbackCountry,
  );

  function update(next: LocationState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  /** A stale or unreadable entry is removed (SPEC §5); a storage failure is logged and ignored (SPEC §8). */
  function readCache(): CachedLocation | undefined {
    try {
      const text = options.storage?.getItem(LOCATION_CACHE_KEY);
      if (!text) return undefined;
      const entry = parseCachedLocation(text);
      if (entry && isCacheFresh(entry, config, options.now())) return entry;
      options.storage?.removeItem(LOCATION_CACHE_KEY);
    } catch (error) {
      options.warn("Could not read the cached country.", error);
    }
    return undefined;
  }

  function writeCache(result: DetectionResult): void {
    const entry: CachedLocation = { country: result.country, timestamp: result.timestamp, source: result.source };
    try {
      options.storage?.setItem(LOCATION_CACHE_KEY, JSON.stringify(entry));
    } catch (error) {
      options.warn("Could not cache the detected country.", error);
    }
  }

  function readOverrides(): RegionOverrides {
    try {
      const parsed: unknown = JSON.parse(options.storage?.getItem(REGION_OVERRIDES_KEY) ?? "null");
      if (parsed && typeof parsed === "object") {
        const { country, currency } = parsed as Record<string, unknown>;
        return { country: codeOrNull(country, 2), currency: codeOrNull(currency, 3) };
      }
    } catch (error) {
      options.warn("Could not read the region settings.", error);
    }
    return { country: null, currency: null };
  }

  async function lookupIp(timeoutMs: number): Promise<string | undefined> {
    try {
      return await options.lookupIp(timeoutMs);
    } catch (error) {
      options.warn(IP_LOOKUP_FAILED_WARNING, error);
      return undefined;
    }
  }

  async function run(): Promise<void> {
    const result = await detectCountry(config, { readCache, lookupIp, now: options.now });
    update(applyDetection(state, result));
    if (config.enableCache && shouldCacheResult(result)) writeCache(result);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    detect() {
      running ??= run();
      return running;
    },
    setOverrides(next) {
      try {
        options.storage?.setItem(REGION_OVERRIDES_KEY, JSON.stringify(next));
      } catch (error) {
        options.warn("Could not save the region settings.", error);
      }
      update(withOverrides(state, next, config.fallbackCountry));
    },
  };
}

/** Manual choices win over detection; without a currency choice the currency follows the shown country. */
function withOverrides(state: LocationState, overrides: RegionOverrides, fallbackCountry: string): LocationState {
  const country = overrides.country ?? state.lastDetection?.country ?? fallbackCountry;
  return {
    ...state,
    manualCountry: overrides.country,
    manualCurrency: overrides.currency,
    country,
    currency: overrides.currency ?? currencyForCountry(country),
  };
}

function parseCachedLocation(text: string): CachedLocation | undefined {
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== "object") return undefined;
  const { country, timestamp, source } = parsed as Record<string, unknown>;
  const code = typeof country === "string" ? parseCountryAnswer(country) : undefined;
  if (!code || typeof timestamp !== "string" || Number.isNaN(Date.parse(timestamp))) return undefined;
  if (typeof source !== "string" || !SOURCES.has(source)) return undefined;
  return { country: code, timestamp, source: source as CachedLocation["source"] };
}

function codeOrNull(value: unknown, length: number): string | null {
  return typeof value === "string" && value.length === length && CODE.test(value) ? value : null;
}
