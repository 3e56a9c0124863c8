import type { PreferencesPlugin } from "@capacitor/preferences";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The token store the app reads: @capacitor/preferences' interface over a map this test can look into.
const stored = vi.hoisted(() => new Map<string, string>());
vi.mock("@capacitor/preferences", async () => ({
  Preferences: (await import("./fake-preferences")).fakePreferences(stored) satisfies PreferencesPlugin,
}));

const TOKEN_KEY = "quire.session-token";

/** Each test starts the app afresh: the token is read once per start. */
async function startApp() {
  vi.resetModules();
  const { api } = await import("../api-client");
  const session = await import("./native-session");
  return { api, ...session };
}

function stubFetch() {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ user: null }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const inTheApp = () => vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "ios" });

beforeEach(() => stored.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the api-client in a browser", () => {
  it("calls the site's relative path with its cookie, and keeps no token", async () => {
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
    const fetchMock = stubFetch();
    const { api, saveSessionToken } = await startApp();
    await saveSessionToken("ignored-in-a-browser");
    await api("auth.session");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/get-session");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).has("Authorization")).toBe(false);
    expect(stored.size).toBe(0);
  });
});

describe("the api-client in the native app", () => {
  it("calls the public origin with the stored bearer token and no cookies", async () => {
    inTheApp();
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example/");
    stored.set(TOKEN_KEY, "kept-from-last-time");
    const fetchMock = stubFetch();
    const { api } = await startApp();
    await api("auth.session");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("https://quire.example/api/auth/get-session");
    expect(init?.credentials).toBe("omit");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer kept-from-last-time");
    expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
  });

  it("sends a new token from the next call on, and none once it is forgotten", async () => {
    inTheApp();
    const fetchMock = stubFetch();
    const { api, saveSessionToken } = await startApp();
    await api("auth.session");
    await saveSessionToken("fresh-token");
    expect(stored.get(TOKEN_KEY)).toBe("fresh-token");
    await api("auth.session");
    await saveSessionToken(null);
    expect(stored.has(TOKEN_KEY)).toBe(false);
    await api("auth.session");
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get("Authorization"));
    expect(sent).toEqual([null, "Bearer fresh-token", null]);
  });

  it("reads the store once per start, not once per call", async () => {
    inTheApp();
    stored.set(TOKEN_KEY, "t");
    stubFetch();
    const { api } = await startApp();
    const { Preferences } = await import("@capacitor/preferences");
    const get = vi.spyOn(Preferences, "get");
    await Promise.all([api("auth.session"), api("auth.session"), api("auth.session")]);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
