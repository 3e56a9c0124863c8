import type { PushRegistration, PushSubscriptionJson } from "@quire/core";
import { PUSH_TOKEN_REFRESH_DAYS, SERVICE_WORKER_WAIT_MS } from "@quire/core/constants";
import { api } from "../../lib/api-client";
import { hasErrorCode } from "../../lib/errors";
import { isNativeApp } from "../../lib/native/platform";
import {
  disableNativePush,
  disableNativePushOnSignOut,
  enableNativePush,
  loadParts,
  type NativePushParts,
  nativePushStatus,
} from "./native-push";
import { PushError } from "./push-errors";
import { clearRegistration, readRegistration, type StoredRegistration, writeRegistration } from "./registration-store";

/*
 * Web Push in this browser: the service worker at /sw.js, the browser's push subscription, the
 * server's registration of it, and what IndexedDB remembers about that registration. Loaded on
 * demand (settings, a book page, sign-out, app start), never with the home route.
 */

export const SERVICE_WORKER_URL = "/sw.js";
const DAY_MS = 24 * 60 * 60_000;

export type PushStatus = "on" | "off" | "blocked" | "unsupported";

/** The native app answers through its push plugin (native-push.ts) instead of the browser's Push API. */
async function withNativeParts<T>(use: (parts: NativePushParts) => Promise<T>): Promise<T> {
  const parts = await loadParts();
  if (!parts) throw new PushError("unsupportedBrowser");
  return use(parts);
}

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

/** What the settings show for `userId` on this browser; asks nothing of the user and changes nothing. */
export async function pushStatus(userId: string): Promise<PushStatus> {
  if (isNativeApp()) return withNativeParts((parts) => nativePushStatus(parts, userId));
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  const stored = await readRegistration().catch(() => undefined);
  if (stored?.userId !== userId) return "off";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? "on" : "off";
}

/**
 * Turns push on for `userId`: permission, service worker, subscription, then the server's
 * registration. Every failure rejects with a PushError naming what went wrong.
 */
export async function enablePush(userId: string): Promise<void> {
  if (isNativeApp()) return withNativeParts((parts) => enableNativePush(parts, userId));
  if (!isPushSupported()) throw new PushError("unsupportedBrowser");
  // Before the permission prompt: asking for a permission this browser cannot use would be rude.
  const stored = await readRegistration();
  await requestPermission();
  const vapidKey = await fetchVapidKey();
  const worker = await readyServiceWorker();
  const subscription = await subscribe(worker, vapidKey);
  await saveRegistration(userId, subscription, stored?.userId === userId ? stored : undefined);
}

/** Turns push off: the server forgets this browser, then the browser drops its subscription. */
export async function disablePush(): Promise<void> {
  if (isNativeApp()) return withNativeParts(disableNativePush);
  if (!isPushSupported()) return;
  const stored = await readRegistration();
  if (stored) {
    try {
      await api("push.unregister", { params: { id: stored.registrationId } });
    } catch (error) {
      // Already gone on the server is the outcome asked for.
      if (!hasErrorCode(error, "not-found")) throw new PushError("unsubscribeFailed", { cause: error });
    }
  }
  await unsubscribeBrowser();
  await clearRegistration();
}

/**
 * Sign-out: like `disablePush`, while the session can still delete the registration, but it never
 * fails — signing out must work when push does not; a registration left behind on the server
 * points at a subscription this browser has dropped, and the push service reports it gone.
 */
export async function disablePushOnSignOut(): Promise<void> {
  if (isNativeApp()) return disableNativePushOnSignOut();
  if (!isPushSupported()) return;
  const stored = await readRegistration().catch(() => undefined);
  if (stored) await api("push.unregister", { params: { id: stored.registrationId } }).catch(() => undefined);
  await unsubscribeBrowser().catch(() => undefined);
  await clearRegistration().catch(() => undefined);
}

export type RefreshOutcome = "skipped" | "unchanged" | "updated" | "dropped";

/**
 * App start for a signed-in user (SPEC §4): a registration older than PUSH_TOKEN_REFRESH_DAYS, or
 * whose subscription changed (new endpoint or keys), is sent again with PATCH; one the server no
 * longer knows (404) is created again. A browser that never turned push on is left alone.
 */
export async function refreshPushRegistration(userId: string, now = new Date()): Promise<RefreshOutcome> {
  if (!isPushSupported() || Notification.permission !== "granted") return "skipped";
  const stored = await readRegistration();
  if (!stored) return "skipped";
  if (stored.userId !== userId) {
    // Left by an account that did not sign out here (an expired session): its pushes must stop.
    await unsubscribeBrowser();
    await clearRegistration();
    return "dropped";
  }
  const worker = await readyServiceWorker();
  const current = await worker.pushManager.getSubscription();
  const subscription = current ?? (await subscribe(worker, await fetchVapidKey()));
  const details = subscriptionDetails(subscription);
  const stale = now.getTime() - Date.parse(stored.updatedAt) >= PUSH_TOKEN_REFRESH_DAYS * DAY_MS;
  const changed =
    details.endpoint !== stored.endpoint ||
    details.keys.p256dh !== stored.keys.p256dh ||
    details.keys.auth !== stored.keys.auth;
  if (!stale && !changed) return "unchanged";
  await saveRegistration(userId, subscription, stored);
  return "updated";
}

let refreshedFor: string | undefined;

/** Once per page load and user: the session probe calls this on every answer naming a user. */
export async function refreshOnAppStart(userId: string): Promise<void> {
  if (refreshedFor === userId) return;
  refreshedFor = userId;
  try {
    await refreshPushRegistration(userId);
  } catch (error) {
    // Nobody asked for this refresh, so there is no one to show it to; the next app start tries again.
    console.warn("Push registration refresh failed", error);
  }
}

async function requestPermission(): Promise<void> {
  if (Notification.permission === "granted") return;
  if (Notification.permission === "denied") throw new PushError("permissionBlocked");
  const answer = await Notification.requestPermission();
  if (answer === "denied") throw new PushError("permissionBlocked");
  if (answer !== "granted") throw new PushError("permissionDismissed");
}

async function fetchVapidKey(): Promise<Uint8Array<ArrayBuffer>> {
  let publicKey: string | undefined;
  try {
    ({ publicKey } = await api("push.vapidPublicKey"));
  } catch (error) {
    // A server without VAPID keys has no such key to give; any other failure is what it says.
    if (hasErrorCode(error, "not-found") || hasErrorCode(error, "failed-precondition")) {
      throw new PushError("missingConfiguration", { cause: error });
    }
    throw error;
  }
  if (!publicKey) throw new PushError("missingConfiguration");
  return base64UrlToBytes(publicKey);
}

/** Registers /sw.js (scope "/") and waits for it to be active, at most SERVICE_WORKER_WAIT_MS. */
export async function readyServiceWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushError("serviceWorkerFailed", { cause: new Error("service worker not ready in time") })),
      SERVICE_WORKER_WAIT_MS,
    );
  });
  try {
    await Promise.race([
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch((error: unknown) => {
        throw new PushError("serviceWorkerFailed", { cause: error });
      }),
      timeout,
    ]);
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's subscription for this server's key: an existing one for another key is replaced. */
async function subscribe(
  worker: ServiceWorkerRegistration,
  applicationServerKey: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  try {
    const existing = await worker.pushManager.getSubscription();
    if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
    await existing?.unsubscribe();
    return await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (error) {
    throw new PushError("subscribeFailed", { cause: error });
  }
}

function subscriptionDetails(subscription: PushSubscription): PushSubscriptionJson {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushError("noTokenReturned");
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** PATCH when this browser has a registration of `userId`'s (POST again if the server lost it), else POST. */
async function saveRegistration(
  userId: string,
  subscription: PushSubscription,
  stored: StoredRegistration | undefined,
): Promise<void> {
  const body = { subscription: subscriptionDetails(subscription), userAgent: navigator.userAgent.slice(0, 512) };
  const create = () =>
    api("push.register", { body }).catch((error: unknown) => {
      throw new PushError("subscribeFailed", { cause: error });
    });
  let saved: PushRegistration;
  if (stored) {
    try {
      saved = await api("push.update", { params: { id: stored.registrationId }, body });
    } catch (error) {
      if (!hasErrorCode(error, "not-found")) throw new PushError("updateFailed", { cause: error });
      saved = await create();
    }
  } else {
    saved = await create();
  }
  await writeRegistration({
    userId,
    registrationId: saved.id,
    endpoint: body.subscription.endpoint,
    keys: body.subscription.keys,
    updatedAt: saved.updatedAt,
  });
}

async function unsubscribeBrowser(): Promise<void> {
  const worker = await navigator.serviceWorker.getRegistration("/");
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  const done = await subscription.unsubscribe().catch(() => false);
  if (!done) throw new PushError("unsubscribeFailed");
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, index) => byte === wanted[index]);
}

/** The VAPID public key arrives base64url-encoded (RFC 8292); PushManager wants its bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
