// Quire's service worker: shows push messages, opens their page when one is clicked, and tells the server
// when the push service replaces this browser's subscription. It caches nothing.
// A plain script served as-is at /sw.js (scope "/", `Cache-Control: no-cache`), so it needs no build step;
// src/features/push/service-worker.test.ts runs this very file against a fake `self`.
const FALLBACK = { title: "Quire", body: "You have a new notification.", url: "/notifications" };
const ICON = "/favicon.svg";
// The record push-client.ts keeps: REGISTRATION_DB of src/features/push/registration-store.ts, repeated
// because this file cannot import it; the paths are packages/core api-paths.ts's. service-worker.test.ts
// uses the TypeScript originals, so it fails when this copy drifts from them.
const REGISTRATION_DB = { name: "quire-push", version: 1, store: "registration", key: "current" };
const REGISTRATIONS_PATH = "/api/v1/push/registrations";
const VAPID_KEY_PATH = "/api/v1/push/vapid-public-key";

// A new version takes over at once: there is no cache or page state an older version could disagree with.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const { title, options } = notificationFor(readPayload(event.data));
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openInQuire(sameOriginUrl(event.notification.data?.url)));
});

// Without this the server keeps pushing to the rotated-away endpoint until the next app start PATCHes it.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    followSubscriptionChange(event).catch((error) => console.warn("Push subscription change not saved", error)),
  );
});

/** The PushPayload of packages/core push.contract.ts, or null when the message is not one. */
function readPayload(data) {
  let value;
  try {
    value = data?.json();
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { notificationId, title, body, url, icon } = value;
  const texts = [notificationId, title, body, url];
  if (!texts.every((text) => typeof text === "string" && text !== "")) return null;
  return { notificationId, title, body, url, icon: typeof icon === "string" && icon !== "" ? icon : undefined };
}

/**
 * The browser requires a notification for every push it wakes us for, so a message that is not a
 * PushPayload still shows a generic one. The notification id is the tag: a message delivered twice
 * replaces its first copy instead of stacking.
 */
function notificationFor(payload) {
  const shown = payload ?? FALLBACK;
  const options = { body: shown.body, icon: payload?.icon ?? ICON, data: { url: shown.url } };
  if (payload) options.tag = payload.notificationId;
  return { title: shown.title, options };
}

/** Only a page of Quire's own origin is ever opened; anything else opens the notifications page. */
function sameOriginUrl(url) {
  const origin = self.location.origin;
  const fallback = new URL(FALLBACK.url, origin).href;
  if (typeof url !== "string" || url === "") return fallback;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : fallback;
  } catch {
    return fallback;
  }
}

/** Focuses an open Quire tab and shows `url` there, or opens a new window at it. */
async function openInQuire(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    const focused = await tab.focus().catch(() => tab);
    // navigate() needs a tab this worker controls and may answer null; a new window still gets the user there.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

/**
 * Sends the browser's new subscription to the server's registration of this browser and remembers it.
 * A browser whose user never turned push on here has no record, and gets no subscription from us either.
 */
async function followSubscriptionChange(event) {
  const stored = await storedRegistration("readonly", (store) => store.get(REGISTRATION_DB.key));
  if (!stored) return;
  const subscription = event.newSubscription ?? (await resubscribe(event.oldSubscription));
  const details = subscription.toJSON();
  const body = JSON.stringify({ subscription: details, userAgent: self.navigator.userAgent.slice(0, 512) });
  let response = await sendJson("PATCH", `${REGISTRATIONS_PATH}/${encodeURIComponent(stored.registrationId)}`, body);
  // The server dropped the registration (the push service had reported the old endpoint gone): make it again.
  if (response.status === 404) response = await sendJson("POST", REGISTRATIONS_PATH, body);
  if (!response.ok) throw new Error(`The server answered ${response.status}`);
  const saved = await response.json();
  const { endpoint, keys } = details;
  const updated = { ...stored, registrationId: saved.id, endpoint, keys, updatedAt: saved.updatedAt };
  await storedRegistration("readwrite", (store) => store.put(updated, REGISTRATION_DB.key));
}

/** A new subscription for the same server key: the old subscription's, or the server's when that is gone too. */
async function resubscribe(oldSubscription) {
  let applicationServerKey = oldSubscription?.options?.applicationServerKey;
  if (!applicationServerKey) {
    const response = await self.fetch(VAPID_KEY_PATH, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`The server answered ${response.status} for the VAPID key`);
    // PushManager takes the key base64url-encoded as well as in bytes.
    ({ publicKey: applicationServerKey } = await response.json());
  }
  return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

function sendJson(method, path, body) {
  return self.fetch(path, {
    method,
    body,
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
  });
}

/** One request on the registration store, as registration-store.ts makes them; resolves with its result. */
function storedRegistration(mode, use) {
  return new Promise((resolve, reject) => {
    const opening = self.indexedDB.open(REGISTRATION_DB.name, REGISTRATION_DB.version);
    // The same upgrade as the page's: a database first created here must still have the page's store.
    opening.onupgradeneeded = () => opening.result.createObjectStore(REGISTRATION_DB.store);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      try {
        const transaction = database.transaction(REGISTRATION_DB.store, mode);
        const request = use(transaction.objectStore(REGISTRATION_DB.store));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error);
      } catch (error) {
        reject(error);
      }
      database.close();
    };
  });
}
