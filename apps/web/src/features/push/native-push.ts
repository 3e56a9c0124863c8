import type { PermissionState, PluginListenerHandle } from "@capacitor/core";
import type { PreferencesPlugin } from "@capacitor/preferences";
import type { PushNotificationsPlugin } from "@capacitor/push-notifications";
import type { PushRegistration } from "@quire/core";
import { PUSH_REGISTRATION_MAX_DELAY_MS, PUSH_TOKEN_REFRESH_DAYS } from "@quire/core/constants";
import { sameSitePath } from "@quire/core/same-site-path";
import { api } from "../../lib/api-client";
import { hasErrorCode } from "../../lib/errors";
import { loadNativePlugin, nativePlatform } from "../../lib/native/platform";
import type { PushStatus } from "./push-client";
import { PushError } from "./push-errors";

/*
 * Push in the native app (SPEC §4, §9): the phone's FCM (Android) or APNs (iOS) token, registered with the
 * server as `{ kind, token }` once the app is stable, sent again when it rotates or is 7 days old, deleted on
 * sign-out. What the phone remembers of its registration sits in @capacitor/preferences.
 */

export type NativePushKind = "fcm" | "apns";

export interface NativePushParts {
  push: PushNotificationsPlugin;
  preferences: PreferencesPlugin;
  kind: NativePushKind;
  now?: () => Date;
}

/** What the phone remembers of the server's registration, to notice a rotated or stale token. */
export interface StoredNativeRegistration {
  userId: string;
  registrationId: string;
  token: string;
  /** The server's `updatedAt`: the 7-day refresh counts from it. */
  updatedAt: string;
}

export const NATIVE_REGISTRATION_KEY = "quire.push-registration";
const DAY_MS = 24 * 60 * 60_000;

async function readStored(preferences: PreferencesPlugin): Promise<StoredNativeRegistration | undefined> {
  const { value } = await preferences.get({ key: NATIVE_REGISTRATION_KEY });
  if (!value) return undefined;
  try {
    return JSON.parse(value) as StoredNativeRegistration;
  } catch {
    return undefined;
  }
}

export type NativeSaveOutcome = "unchanged" | "updated" | "created";

/** Set when the user turned push off on this phone: nothing registers again until they turn it on. */
export const NATIVE_PUSH_OFF_KEY = "quire.push-off";

// One save at a time, whoever asks: a token arriving while another is being sent must not POST a second row.
let saving: Promise<unknown> = Promise.resolve();
function queueSave(parts: NativePushParts, userId: string, token: string): Promise<NativeSaveOutcome> {
  const saved = saving.then(() => saveNativeToken(parts, userId, token));
  saving = saved.catch(() => undefined);
  return saved;
}

/**
 * Sends this phone's `token` for `userId`: nothing when the server has it and it is younger than 7 days;
 * PATCH of the known registration when the token rotated (the server replaces the old one) or is stale,
 * POST when there is none, it was another account's, or the server no longer knows it (404).
 */
export async function saveNativeToken(
  { preferences, kind, now = () => new Date() }: NativePushParts,
  userId: string,
  token: string,
): Promise<NativeSaveOutcome> {
  const stored = await readStored(preferences);
  const own = stored?.userId === userId ? stored : undefined;
  const stale = own ? now().getTime() - Date.parse(own.updatedAt) >= PUSH_TOKEN_REFRESH_DAYS * DAY_MS : true;
  if (own && own.token === token && !stale) return "unchanged";
  const body = { kind, token, userAgent: navigator.userAgent.slice(0, 512) };
  let saved: PushRegistration | undefined;
  if (own) {
    try {
      saved = await api("push.update", { params: { id: own.registrationId }, body });
    } catch (error) {
      if (!hasErrorCode(error, "not-found")) throw error;
    }
  }
  const outcome = saved ? "updated" : "created";
  saved ??= await api("push.register", { body });
  const record: StoredNativeRegistration = { userId, registrationId: saved.id, token, updatedAt: saved.updatedAt };
  await preferences.set({ key: NATIVE_REGISTRATION_KEY, value: JSON.stringify(record) });
  return outcome;
}

/** Deletes the server's registration of this phone (already gone is fine) and forgets it. */
export async function forgetNativeRegistration({ preferences }: Pick<NativePushParts, "preferences">): Promise<void> {
  const stored = await readStored(preferences);
  if (stored) {
    await api("push.unregister", { params: { id: stored.registrationId } }).catch((error: unknown) => {
      if (!hasErrorCode(error, "not-found")) throw error;
    });
  }
  await preferences.remove({ key: NATIVE_REGISTRATION_KEY });
}

/**
 * Registers this phone for `userId`'s pushes: the permission (asked once), then every token the plugin's
 * `registration` event brings — the first one and each rotation — saved in turn. A refused permission removes
 * a registration left from before. Resolves to the stop, which removes the listeners.
 */
export async function registerNativePush(parts: NativePushParts, userId: string): Promise<() => Promise<void>> {
  const { push, preferences } = parts;
  if ((await preferences.get({ key: NATIVE_PUSH_OFF_KEY })).value) return async () => {};
  const permission = await askPermission(push);
  if (permission !== "granted") {
    await forgetNativeRegistration(parts);
    return async () => {};
  }
  const handles: PluginListenerHandle[] = await Promise.all([
    push.addListener("registration", ({ value }) => {
      queueSave(parts, userId, value).catch((error: unknown) => console.warn("Push registration failed", error));
    }),
    push.addListener("registrationError", (error) => console.warn("Push registration failed", error)),
  ]);
  await push.register();
  return async () => {
    await Promise.all(handles.map((handle) => handle.remove()));
  };
}

async function askPermission(push: PushNotificationsPlugin): Promise<PermissionState> {
  const { receive } = await push.checkPermissions();
  if (receive !== "prompt" && receive !== "prompt-with-rationale") return receive;
  return (await push.requestPermissions()).receive;
}

/** What the settings show for `userId` on this phone: on once the server has its token. */
export async function nativePushStatus(parts: NativePushParts, userId: string): Promise<PushStatus> {
  const { receive } = await parts.push.checkPermissions();
  if (receive === "denied") return "blocked";
  const stored = await readStored(parts.preferences);
  return receive === "granted" && stored?.userId === userId ? "on" : "off";
}

/** The settings' switch turned on: the permission, then this phone's current token saved for `userId`. */
export async function enableNativePush(parts: NativePushParts, userId: string): Promise<void> {
  const { push, preferences } = parts;
  await preferences.remove({ key: NATIVE_PUSH_OFF_KEY });
  const permission = await askPermission(push);
  if (permission === "denied") throw new PushError("permissionBlocked");
  if (permission !== "granted") throw new PushError("permissionDismissed");
  let answer: { resolve(token: string): void; reject(error: Error): void } | undefined;
  const token = new Promise<string>((resolve, reject) => {
    answer = { resolve, reject };
  });
  // Listening first: the plugin may report the token before register() itself resolves.
  const handles = await Promise.all([
    push.addListener("registration", ({ value }) => answer?.resolve(value)),
    push.addListener("registrationError", (error) =>
      answer?.reject(new PushError("noTokenReturned", { cause: new Error(error.error) })),
    ),
  ]);
  try {
    await push.register();
    await queueSave(parts, userId, await token).catch((error: unknown) => {
      throw new PushError("subscribeFailed", { cause: error });
    });
  } finally {
    await Promise.all(handles.map((handle) => handle.remove()));
  }
}

/** The settings' switch turned off: the server forgets this phone, which drops its token and stays off. */
export async function disableNativePush(parts: NativePushParts): Promise<void> {
  await parts.preferences.set({ key: NATIVE_PUSH_OFF_KEY, value: "1" });
  await forgetNativeRegistration(parts).catch((error: unknown) => {
    throw new PushError("unsubscribeFailed", { cause: error });
  });
  await parts.push.unregister();
}

/**
 * SPEC §9 "registration default when stable, up to 30000 ms": once the page has loaded and the main thread
 * is idle, but never later than 30 s after the app started (`elapsedMs` since then).
 */
export function whenStable(elapsedMs = performance.now()): Promise<void> {
  const remaining = Math.max(0, PUSH_REGISTRATION_MAX_DELAY_MS - elapsedMs);
  return new Promise((resolve) => {
    const deadline = setTimeout(resolve, remaining);
    const settle = () => {
      if (typeof requestIdleCallback !== "function") return;
      requestIdleCallback(
        () => {
          clearTimeout(deadline);
          resolve();
        },
        { timeout: remaining },
      );
    };
    if (document.readyState === "complete") settle();
    else window.addEventListener("load", settle, { once: true });
  });
}

export async function loadParts(): Promise<NativePushParts | null> {
  const [push, preferences] = await Promise.all([
    loadNativePlugin("PushNotifications"),
    loadNativePlugin("Preferences"),
  ]);
  if (!push || !preferences) return null;
  return { push, preferences, kind: nativePlatform() === "ios" ? "apns" : "fcm" };
}

let current: { userId: string; stop: Promise<() => Promise<void>> } | undefined;

/**
 * Follows the signed-in user: registers for them once stable, stops listening when they change or sign out.
 * The registration itself is deleted by `disableNativePushOnSignOut`, while the session can still do it.
 */
export function followNativePush(userId: string | null, parts: () => Promise<NativePushParts | null> = loadParts) {
  if (current?.userId === userId) return;
  void current?.stop.then((stop) => stop());
  current = undefined;
  if (!userId) return;
  const stop = whenStable()
    .then(parts)
    .then((loaded) => (loaded ? registerNativePush(loaded, userId) : async () => {}))
    .catch((error: unknown) => {
      // Nobody asked for this registration, so there is no one to show it to; the next start tries again.
      console.warn("Push registration failed", error);
      return async () => {};
    });
  current = { userId, stop };
}

/**
 * Sign-out: the server forgets this phone while the session can still ask, and the phone drops its token so
 * nothing more arrives. Never fails: signing out must work when push does not.
 */
export async function disableNativePushOnSignOut(parts: () => Promise<NativePushParts | null> = loadParts) {
  const loaded = await parts().catch(() => null);
  if (!loaded) return;
  await forgetNativeRegistration(loaded).catch(() => undefined);
  await loaded.push.unregister().catch(() => undefined);
}

/** A tapped notification opens what it is about: the payload's `url`, a path of the site. */
export function routeNotificationTaps(
  push: PushNotificationsPlugin,
  navigate: (path: string) => void,
): Promise<PluginListenerHandle> {
  return push.addListener("pushNotificationActionPerformed", ({ notification }) => {
    const url: unknown = notification.data?.url;
    const path = typeof url === "string" ? sameSitePath(url) : undefined;
    if (path) navigate(path);
  });
}
