import type { PreferencesPlugin } from "@capacitor/preferences";
import { publicOrigin } from "./config";
import { isNativeApp, loadNativePlugin } from "./platform";

/*
 * The native app's session: its pages are served from capacitor://localhost (iOS) or https://localhost
 * (Android), so API calls go to the public origin with the bearer token sign-in answered, kept in
 * @capacitor/preferences. A browser keeps using the HttpOnly cookie and relative URLs.
 */

const TOKEN_KEY = "quire.session-token";

// Read once per app start; saving replaces it, so a call made right after sign-in carries the new token.
let token: Promise<string | null> | undefined;

export async function readToken(preferences: PreferencesPlugin): Promise<string | null> {
  return (await preferences.get({ key: TOKEN_KEY })).value;
}

export async function writeToken(preferences: PreferencesPlugin, value: string | null): Promise<void> {
  if (value) await preferences.set({ key: TOKEN_KEY, value });
  else await preferences.remove({ key: TOKEN_KEY });
}

async function preferences(): Promise<PreferencesPlugin> {
  const plugin = await loadNativePlugin("Preferences");
  if (!plugin) throw new Error("Preferences are only available in the native app");
  return plugin;
}

export function sessionToken(): Promise<string | null> {
  token ??= preferences()
    .then(readToken)
    .catch(() => null);
  return token;
}

/** Keeps (or, with null, forgets) the app's bearer token; nothing in a browser, whose session is its cookie. */
export async function saveSessionToken(value: string | null | undefined): Promise<void> {
  if (!isNativeApp()) return;
  token = Promise.resolve(value ?? null);
  await writeToken(await preferences(), value ?? null);
}

/** An API request as the app sends it: to the public origin, with the bearer token and no cookies. */
export async function nativeRequest(path: string, init: RequestInit): Promise<[url: string, init: RequestInit]> {
  const headers = new Headers(init.headers);
  const bearer = await sessionToken();
  if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
  return [`${publicOrigin()}${path}`, { ...init, headers, credentials: "omit" }];
}
