import type { PreferencesPlugin } from "@capacitor/preferences";

/** @capacitor/preferences as tests see it: the calls the app makes, kept in memory. */
export function fakePreferences(store = new Map<string, string>()): PreferencesPlugin {
  const unused = async (): Promise<never> => {
    throw new Error("not used by the app");
  };
  return {
    get: async ({ key }) => ({ value: store.get(key) ?? null }),
    set: async ({ key, value }) => void store.set(key, value),
    remove: async ({ key }) => void store.delete(key),
    clear: async () => store.clear(),
    keys: async () => ({ keys: [...store.keys()] }),
    configure: unused,
    migrate: unused,
    removeOld: unused,
  };
}
