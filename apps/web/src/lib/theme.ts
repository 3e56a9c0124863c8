/**
 * Theme rules (SPEC §4): light, dark or system. System follows the device setting and reacts
 * to changes; the choice is stored locally. public/theme-init.js applies the same rules before
 * first paint; keep the two in step.
 */

export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "quire.theme";
export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";
export const DEFAULT_THEME_PREFERENCE: ThemePreference = "system";

type StorageLike = Pick<Storage, "getItem" | "setItem">;
type MatchMedia = (query: string) => MediaQueryList;

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

/** Anything unreadable or unknown in storage falls back to "system". */
export function readThemePreference(storage: StorageLike | null | undefined): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : DEFAULT_THEME_PREFERENCE;
  } catch {
    return DEFAULT_THEME_PREFERENCE;
  }
}

export function writeThemePreference(storage: StorageLike | null | undefined, preference: ThemePreference): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // @NOTE storage may be full or blocked; the choice then lasts for this page only.
  }
}

export function applyTheme(root: HTMLElement, resolved: ResolvedTheme, preference: ThemePreference): void {
  root.classList.toggle("dark", resolved === "dark");
  root.dataset.theme = resolved;
  root.dataset.themePreference = preference;
  root.style.colorScheme = resolved;
}

export interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

export interface ThemeController {
  getState(): ThemeState;
  setPreference(preference: ThemePreference): void;
  subscribe(listener: () => void): () => void;
  /** Listens to the system setting and other tabs again after `dispose` (React StrictMode remounts). */
  connect(): void;
  /** Stops listening to the system setting and other tabs. */
  dispose(): void;
}

export interface ThemeControllerOptions {
  storage?: StorageLike | null;
  matchMedia?: MatchMedia | null;
  root?: HTMLElement | null;
  /** Window to hear `storage` events from, so other tabs' choices apply here too. */
  eventTarget?: Pick<Window, "addEventListener" | "removeEventListener"> | null;
}

/**
 * Holds the current preference, follows the system setting live while the preference is
 * "system", persists changes and reflects the resolved theme on the root element.
 */
export function createThemeController(options: ThemeControllerOptions = {}): ThemeController {
  const { storage = null, matchMedia = null, root = null, eventTarget = null } = options;
  const media = matchMedia ? safeMatchMedia(matchMedia) : null;
  const listeners = new Set<() => void>();

  let preference = readThemePreference(storage);
  let state: ThemeState = { preference, resolved: resolveTheme(preference, media?.matches ?? false) };

  const update = () => {
    const resolved = resolveTheme(preference, media?.matches ?? false);
    if (resolved !== state.resolved || preference !== state.preference) {
      state = { preference, resolved };
      for (const listener of listeners) listener();
    }
    if (root) applyTheme(root, state.resolved, state.preference);
  };

  const onSystemChange = () => update();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    preference = isThemePreference(event.newValue) ? event.newValue : DEFAULT_THEME_PREFERENCE;
    update();
  };

  let connected = false;
  const connect = () => {
    if (connected) return;
    connected = true;
    media?.addEventListener("change", onSystemChange);
    eventTarget?.addEventListener("storage", onStorage as EventListener);
    update();
  };
  connect();
  if (root) applyTheme(root, state.resolved, state.preference);

  return {
    getState: () => state,
    setPreference(next) {
      preference = next;
      writeThemePreference(storage, next);
      update();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect,
    dispose() {
      if (!connected) return;
      connected = false;
      media?.removeEventListener("change", onSystemChange);
      eventTarget?.removeEventListener("storage", onStorage as EventListener);
    },
  };
}

function safeMatchMedia(matchMedia: MatchMedia): MediaQueryList | null {
  try {
    return matchMedia(DARK_SCHEME_QUERY);
  } catch {
    return null;
  }
}

/** The browser controller: real storage, real media query, the <html> element. */
export function createBrowserThemeController(): ThemeController {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return createThemeController({
    storage,
    matchMedia: typeof window.matchMedia === "function" ? window.matchMedia.bind(window) : null,
    root: document.documentElement,
    eventTarget: window,
  });
}
