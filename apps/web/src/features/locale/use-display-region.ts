import { useEffect, useMemo, useSyncExternalStore } from "react";
import { api } from "../../lib/api-client";
import { createRegionStore, type RegionOverrides, type RegionStore } from "./region-store";

export type DisplayRegionSource = "override" | "cache" | "ip" | "fallback";

export interface DisplayRegion {
  country: string;
  currency: string;
  isDetecting: boolean;
  source: DisplayRegionSource;
  /** What detection found (or the cached country at start), whatever the reader chose; null before any answer. */
  detectedCountry: string | null;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let browserStore: RegionStore | null = null;

/** The one store of this page, made on first use so tests and the server-side bundle never touch storage early. */
export function regionStore(): RegionStore {
  browserStore ??= createRegionStore({
    storage: browserStorage(),
    // The server answers "default" when the IP tells it nothing: that is no IP answer, so the chain falls back.
    lookupIp: async (timeoutMs) => {
      const guess = await api("locale.get", { signal: AbortSignal.timeout(timeoutMs) });
      return guess.source === "ip" ? guess.country : undefined;
    },
    now: () => new Date(),
    warn: (message, error) => console.warn(message, error),
  });
  return browserStore;
}

/** Starts detection without waiting for it: the UI shows the cached or fallback region meanwhile. */
export function startRegionDetection(): void {
  void regionStore().detect();
}

/** Forgets the page's store, for tests that change storage or the API between renders. */
export function resetRegionStoreForTests(): void {
  browserStore = null;
}

function useRegionState() {
  const store = regionStore();
  useEffect(startRegionDetection, []);
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The country and currency to show prices in: the reader's overrides, else what detection found. */
export function useDisplayRegion(): DisplayRegion {
  const state = useRegionState();
  return useMemo(() => {
    const overridden = state.manualCountry !== null || state.manualCurrency !== null;
    const detected = state.lastDetection;
    const detectedSource: DisplayRegionSource =
      detected?.source === "cache" || detected?.source === "ip" ? detected.source : "fallback";
    return {
      country: state.country,
      currency: state.currency,
      isDetecting: state.isDetecting,
      source: overridden ? "override" : detectedSource,
      detectedCountry: detected?.country ?? null,
    };
  }, [state]);
}

/** The reader's own choices and the setter the Region card uses; null means "as detected". */
export function useRegionOverrides(): RegionOverrides & { setOverrides(overrides: RegionOverrides): void } {
  const state = useRegionState();
  const store = regionStore();
  return { country: state.manualCountry, currency: state.manualCurrency, setOverrides: store.setOverrides };
}
