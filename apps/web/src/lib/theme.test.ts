import { describe, expect, it } from "vitest";
import { createThemeController, readThemePreference, resolveTheme, THEME_STORAGE_KEY } from "./theme";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

/** A prefers-color-scheme media query whose answer the test controls. */
function fakeMatchMedia(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initiallyDark,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  return {
    matchMedia: () => media as unknown as MediaQueryList,
    setDark(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

describe("resolveTheme", () => {
  it("follows the system only for the system preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});

describe("readThemePreference", () => {
  it("reads a stored choice and falls back to system for anything else", () => {
    expect(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: "dark" }))).toBe("dark");
    expect(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: "sepia" }))).toBe("system");
    expect(readThemePreference(memoryStorage())).toBe("system");
    expect(readThemePreference(null)).toBe("system");
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(readThemePreference(broken)).toBe("system");
  });
});

describe("createThemeController", () => {
  it("starts from the stored value and reflects it on the root element", () => {
    const root = document.createElement("html");
    const media = fakeMatchMedia(false);
    const controller = createThemeController({
      storage: memoryStorage({ [THEME_STORAGE_KEY]: "dark" }),
      matchMedia: media.matchMedia,
      root,
    });
    expect(controller.getState()).toEqual({ preference: "dark", resolved: "dark" });
    expect(root.classList.contains("dark")).toBe(true);
    expect(root.dataset.theme).toBe("dark");
    expect(root.style.colorScheme).toBe("dark");
  });

  it("follows live system changes while on system, and ignores them otherwise", () => {
    const root = document.createElement("html");
    const media = fakeMatchMedia(false);
    const controller = createThemeController({ storage: memoryStorage(), matchMedia: media.matchMedia, root });
    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.getState().resolved));

    expect(controller.getState()).toEqual({ preference: "system", resolved: "light" });
    media.setDark(true);
    expect(controller.getState().resolved).toBe("dark");
    expect(root.classList.contains("dark")).toBe(true);

    controller.setPreference("light");
    media.setDark(false);
    media.setDark(true);
    expect(controller.getState()).toEqual({ preference: "light", resolved: "light" });
    expect(root.classList.contains("dark")).toBe(false);
    expect(seen).toEqual(["dark", "light"]);
  });

  it("stores the choice, stops listening once disposed and can listen again", () => {
    const storage = memoryStorage();
    const media = fakeMatchMedia(true);
    const controller = createThemeController({ storage, matchMedia: media.matchMedia });
    controller.setPreference("light");
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe("light");
    expect(media.listenerCount()).toBe(1);
    controller.dispose();
    expect(media.listenerCount()).toBe(0);
    controller.connect();
    controller.connect();
    expect(media.listenerCount()).toBe(1);
  });

  it("applies a choice made in another tab", () => {
    const root = document.createElement("html");
    const target = new EventTarget();
    const controller = createThemeController({
      storage: memoryStorage(),
      matchMedia: fakeMatchMedia(false).matchMedia,
      root,
      eventTarget: target as unknown as Window,
    });
    target.dispatchEvent(Object.assign(new Event("storage"), { key: THEME_STORAGE_KEY, newValue: "dark" }));
    expect(controller.getState()).toEqual({ preference: "dark", resolved: "dark" });
    expect(root.dataset.themePreference).toBe("dark");
  });
});
