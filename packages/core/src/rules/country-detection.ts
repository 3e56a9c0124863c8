import { DEFAULT_COUNTRY } from "../constants";
import type { CachedLocation, DetectionResult, LocationState } from "../domain/location";
import { currencyForCountry } from "./currency";

export interface LocationConfig {
  enableCache: boolean;
  enableIPService: boolean;
  fallbackCountry: string;
  ipServiceTimeoutMs: number;
  cacheExpiryHours: number;
}

/** SPEC §9 leaves these defaults open; these are Quire's. */
export const DEFAULT_LOCATION_CONFIG: LocationConfig = {
  enableCache: true,
  enableIPService: true,
  fallbackCountry: DEFAULT_COUNTRY,
  ipServiceTimeoutMs: 3000,
  cacheExpiryHours: 24,
};

export interface DetectionSources {
  readCache(): CachedLocation | undefined;
  lookupIp(timeoutMs: number): Promise<string | undefined>;
  now(): Date;
}

export function isCacheFresh(entry: CachedLocation, config: LocationConfig, now: Date): boolean {
  const age = now.getTime() - Date.parse(entry.timestamp);
  return age >= 0 && age < config.cacheExpiryHours * 60 * 60 * 1000;
}

/** SPEC §4 detection order: fresh cache (high), IP lookup (medium), configured fallback (low). */
export async function detectCountry(config: LocationConfig, sources: DetectionSources): Promise<DetectionResult> {
  const timestamp = sources.now().toISOString();
  if (config.enableCache) {
    const cached = sources.readCache();
    if (cached && isCacheFresh(cached, config, sources.now())) {
      return { country: cached.country, confidence: "high", source: "cache", timestamp };
    }
  }
  if (config.enableIPService) {
    const country = await sources.lookupIp(config.ipServiceTimeoutMs);
    if (country) return { country, confidence: "medium", source: "ip", timestamp };
  }
  return { country: config.fallbackCountry, confidence: "low", source: "default", timestamp };
}

/** A result is cached only if it did not come from the cache and its confidence is not low. */
export function shouldCacheResult(result: DetectionResult): boolean {
  return result.source !== "cache" && result.confidence !== "low";
}

/** Applies a detection result; manual overrides always win over detected values. */
export function applyDetection(state: LocationState, result: DetectionResult): LocationState {
  const country = state.manualCountry ?? result.country;
  return {
    ...state,
    country,
    currency: state.manualCurrency ?? currencyForCountry(country),
    isDetecting: false,
    lastDetection: result,
  };
}

export function initialLocationState(cached: CachedLocation | undefined): LocationState {
  const country = cached?.country ?? DEFAULT_COUNTRY;
  return {
    country,
    currency: currencyForCountry(country),
    isDetecting: false,
    // At startup the cached country is used with confidence medium (SPEC §4).
    lastDetection: cached
      ? { country: cached.country, confidence: "medium", source: "cache", timestamp: cached.timestamp }
      : null,
    manualCountry: null,
    manualCurrency: null,
  };
}
