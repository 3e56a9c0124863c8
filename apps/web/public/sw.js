// Quire's service worker: shows push messages and opens their page when one is clicked. It caches nothing.
// A plain script served as-is at /sw.js (scope "/", `Cache-Control: no-cache`), so it needs no build step;
// src/features/push/service-worker.test.ts runs this very file against a fake `self`.
const FALLBACK = { title: "Quire", body: "You have a new notification.", url: "/notifications" };
const ICON = "/favicon.svg";

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
