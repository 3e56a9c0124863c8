// Quire's service worker: shows push messages, opens their page when one is clicked, and tells the server
// when the push service replaces this browser's subscription. For offline reading it keeps the app shell
// (precached per build) and answers a downloaded book's requests from its cache when the network fails.
// A plain script served at /sw.js (scope "/", `Cache-Control: no-cache`); the web build only fills in PRECACHE.
// src/features/push/service-worker.test.ts and src/features/offline/service-worker.test.ts run this very file
// against a fake `self`.
const FALLBACK = { title: "Quire", body: "You have a new notification.", url: "/notifications" };
const ICON = "/favicon.svg";
// The record push-client.ts keeps: REGISTRATION_DB of src/features/push/registration-store.ts, repeated
// because this file cannot import it; the paths are packages/core api-paths.ts's. service-worker.test.ts
// uses the TypeScript originals, so it fails when this copy drifts from them.
const REGISTRATION_DB = { name: "quire-push", version: 1, store: "registration", key: "current" };
const REGISTRATIONS_PATH = "/api/v1/push/registrations";
const VAPID_KEY_PATH = "/api/v1/push/vapid-public-key";

// This build's shell: the web build (vite.config.ts, src/features/offline/precache.ts) replaces this line.
// Without a build (vite dev) nothing is precached and navigations always go to the network.
const PRECACHE = { version: "development", urls: [] };
// The names src/features/offline/offline-caches.ts uses, repeated because this file cannot import it;
// the offline service-worker test downloads with the TypeScript side and reads back through this file.
const SHELL_CACHE_PREFIX = "quire-shell-";
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${PRECACHE.version}`;
const SHELL_URL = "/";
const SHELL_HEADER = "X-Quire-Shell";
const BOOK_CACHE_PREFIX = "quire-book-";
const DOWNLOAD_RECORD_URL = "/offline/download.json";
const SESSION_CACHE = "quire-session";
const SESSION_PATH = "/api/auth/get-session";
const SIGN_OUT_PATH = "/api/auth/sign-out";
const BOOK_API_PATH = /^\/api\/v1\/books\/([^/]+)(?:\/|$)/;
const PRECACHED_FILES = new Set(PRECACHE.urls.filter((url) => url !== SHELL_URL));

// A first install takes over at once (there is no older page to disagree with); an update waits until the
// page's "Reload" asks for it (SKIP_WAITING), so a running page never gets chunks of another build.
self.addEventListener("install", (event) => event.waitUntil(precacheShell()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const answer = answerFor(event, (work) => event.waitUntil(work));
  if (answer) event.respondWith(answer);
});

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

/**
 * The worker's answer to a request, or undefined to leave it to the browser (as if there were no worker).
 * `afterwards` keeps the worker alive for work that need not delay the answer.
 */
function answerFor(event, afterwards) {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return undefined;
  if (request.method === "POST" && url.pathname === SIGN_OUT_PATH) return signOut(request);
  if (request.method !== "GET") return undefined;
  if (request.mode === "navigate") return navigation(event);
  if (url.pathname === SESSION_PATH) return session(request);
  if (PRECACHED_FILES.has(url.pathname)) return precachedFile(request);
  if (url.pathname.startsWith("/api/v1/books/") || url.pathname.startsWith("/files/"))
    return bookRequest(request, url, afterwards);
  return undefined;
}

async function precacheShell() {
  if (PRECACHE.urls.length === 0) return;
  const cache = await self.caches.open(SHELL_CACHE);
  // Past the HTTP cache: the shell page is `no-cache`, and a stale copy would name another build's assets.
  // The shell is asked for bare (SHELL_HEADER): a server-rendered home would be hydrated as any other page offline.
  await cache.addAll(
    PRECACHE.urls.map(
      (url) => new Request(url, { cache: "no-cache", headers: url === SHELL_URL ? { [SHELL_HEADER]: "1" } : {} }),
    ),
  );
}

async function activate() {
  const names = await self.caches.keys();
  const old = names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE);
  await Promise.all(old.map((name) => self.caches.delete(name)));
  // The page request starts while the worker boots, so answering pages adds no start-up wait online.
  await self.registration.navigationPreload?.enable();
  await self.clients.claim();
}

/** Pages come from the network; offline, any page is the precached shell, whose router shows the right screen. */
async function navigation(event) {
  try {
    return (await event.preloadResponse) ?? (await self.fetch(event.request));
  } catch (error) {
    const shell = await self.caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** This build's fingerprinted files never change: from the precache, the network only if it went missing. */
async function precachedFile(request) {
  return (await self.caches.match(request, { cacheName: SHELL_CACHE })) ?? self.fetch(request);
}

/**
 * A book's API answers and files: network first, so reading online is unchanged. A fresh answer to a request a
 * download holds replaces the stored one (progress, annotations stay current); offline the download answers.
 */
async function bookRequest(request, url, afterwards) {
  let response;
  try {
    response = await self.fetch(request);
  } catch (error) {
    const stored = await self.caches.match(request, { ignoreVary: true });
    if (stored) return stored;
    throw error;
  }
  const bookId = BOOK_API_PATH.exec(url.pathname)?.[1];
  if (bookId && (response.ok || response.status === 404)) {
    afterwards(refreshDownloaded(bookId, request, response.clone()).catch(() => undefined));
  }
  return response;
}

async function refreshDownloaded(bookId, request, response) {
  const name = `${BOOK_CACHE_PREFIX}${decodeURIComponent(bookId)}`;
  if (!(await self.caches.has(name))) return;
  const cache = await self.caches.open(name);
  if (await cache.match(request, { ignoreVary: true })) await cache.put(request, response);
}

/**
 * The signed-in user, remembered for offline starts (a download keeps a copy too, for a page that asked before
 * this worker controlled it). A download holds its reader's progress and notes: when the answer names someone
 * else (or nobody: signed out, session expired), that reader's downloads go.
 */
async function session(request) {
  let response;
  try {
    response = await self.fetch(request);
  } catch (error) {
    const remembered = await self.caches.match(SESSION_PATH);
    if (remembered) return remembered;
    throw error;
  }
  if (response.ok) {
    const answer = await response
      .clone()
      .json()
      .catch(() => null);
    if (answer && typeof answer === "object" && "user" in answer) {
      await forgetDownloadsNotOf(answer.user?.id ?? null);
      await (await self.caches.open(SESSION_CACHE)).put(SESSION_PATH, response.clone());
    }
  }
  return response;
}

async function signOut(request) {
  const response = await self.fetch(request);
  if (response.ok || response.status === 401) {
    await self.caches.delete(SESSION_CACHE);
    await forgetDownloadsNotOf(null);
  }
  return response;
}

/** Deletes the downloads made by a signed-in reader other than `userId`; a visitor's downloads hold nothing private. */
async function forgetDownloadsNotOf(userId) {
  const names = (await self.caches.keys()).filter((name) => name.startsWith(BOOK_CACHE_PREFIX));
  for (const name of names) {
    const record = await (await self.caches.open(name)).match(DOWNLOAD_RECORD_URL);
    const owner = record ? ((await record.json().catch(() => null))?.userId ?? null) : null;
    if (owner !== null && owner !== userId) await self.caches.delete(name);
  }
}
