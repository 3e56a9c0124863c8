import { apiPath } from "@quire/core/api-paths";
import { afterEach, describe, expect, it, vi } from "vitest";
import workerSource from "../../../public/sw.js?raw";
import { apiError, mockApi, type RecordedCall } from "../../test/api-mock";
import { base64UrlToBytes } from "./push-client";
import { REGISTRATION_DB, readRegistration, type StoredRegistration, writeRegistration } from "./registration-store";
import { FakeIndexedDb, FakePushManager, FakeSubscription, freshDetails, VAPID_PUBLIC_KEY } from "./test-push-browser";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ORIGIN = "https://quire.example";

interface FakeWindowClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

const USER_AGENT = "Firefox 140";

/**
 * Runs public/sw.js, the file the server serves, against a fake worker global scope. Its IndexedDB is
 * also the page's (registration-store.ts), and its fetch is test/api-mock's table.
 */
function startWorker(windows: FakeWindowClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const indexedDb = new FakeIndexedDb();
  vi.stubGlobal("indexedDB", indexedDb);
  const pushManager = new FakePushManager();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    navigator: { userAgent: USER_AGENT },
    indexedDB: indexedDb,
    fetch: (input: string, init?: RequestInit) => fetch(input, init),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    registration: { showNotification: vi.fn(async () => undefined), pushManager },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function("self", workerSource)(scope);

  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }
  const push = (data: unknown) =>
    dispatch("push", {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === "string" ? JSON.parse(data) : data),
            },
    });
  const click = (url: unknown) => {
    const notification = { data: { url }, close: vi.fn() };
    return { notification, done: dispatch("notificationclick", { notification }) };
  };
  const subscriptionChange = (event: { oldSubscription?: FakeSubscription; newSubscription?: FakeSubscription }) =>
    dispatch("pushsubscriptionchange", { oldSubscription: null, newSubscription: null, ...event });
  return { scope, listeners, indexedDb, pushManager, push, click, subscriptionChange };
}

function windowClient(url: string, navigateAnswer: unknown = "navigated"): FakeWindowClient {
  const client: FakeWindowClient = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => navigateAnswer),
  };
  return client;
}

const payload = {
  notificationId: "notification-7",
  type: "new follower",
  title: "New follower",
  body: "Grace Hopper started following you.",
  url: "/u/grace",
};

describe("the service worker", () => {
  it("listens for pushes and clicks (and, for offline reading, installs, requests and the update message)", () => {
    const { listeners } = startWorker();
    expect([...listeners.keys()].sort()).toEqual([
      "activate",
      "fetch",
      "install",
      "message",
      "notificationclick",
      "push",
      "pushsubscriptionchange",
    ]);
  });

  it("shows a pushed payload as a notification tagged with its id, so a repeat replaces it", async () => {
    const { scope, push } = startWorker();
    await push(payload);
    await push(JSON.stringify(payload));
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(2);
    for (const call of scope.registration.showNotification.mock.calls) {
      expect(call).toEqual([
        "New follower",
        {
          body: "Grace Hopper started following you.",
          icon: "/favicon.svg",
          tag: "notification-7",
          data: { url: "/u/grace" },
        },
      ]);
    }
  });

  it("uses the payload's icon when it has one", async () => {
    const { scope, push } = startWorker();
    await push({ ...payload, icon: "/files/users-avatars/grace/a.png" });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      "New follower",
      expect.objectContaining({ icon: "/files/users-avatars/grace/a.png" }),
    );
  });

  it("still shows a generic notification for a message that is not a payload", async () => {
    const { scope, push } = startWorker();
    await push(undefined);
    await push("not json {");
    await push({ title: "No id" });
    expect(scope.registration.showNotification.mock.calls).toEqual(
      Array.from({ length: 3 }, () => [
        "Quire",
        { body: "You have a new notification.", icon: "/favicon.svg", data: { url: "/notifications" } },
      ]),
    );
  });

  it("on a click, focuses an open Quire tab and shows the payload's page there", async () => {
    const other = windowClient("https://elsewhere.example/");
    const tab = windowClient(`${ORIGIN}/browse`);
    const { scope, click } = startWorker([other, tab]);
    const { notification, done } = click("/books/book-1");
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: "window", includeUncontrolled: true });
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/books/book-1`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when no Quire tab is open, or the tab cannot be navigated", async () => {
    const first = startWorker();
    await first.click("/u/grace").done;
    expect(first.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/u/grace`);

    const uncontrolled = windowClient(`${ORIGIN}/`, null);
    const second = startWorker([uncontrolled]);
    await second.click("/u/grace").done;
    expect(second.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/u/grace`);
  });

  it("never opens another origin: such a url opens the notifications page instead", async () => {
    for (const url of ["https://evil.example/phish", "//evil.example/x", "javascript:alert(1)", 42, undefined]) {
      const { scope, click } = startWorker();
      await click(url).done;
      expect(scope.clients.openWindow, String(url)).toHaveBeenCalledWith(`${ORIGIN}/notifications`);
    }
  });
});

describe("the service worker, when the push service replaces the subscription", () => {
  const UPDATED_AT = "2026-11-20T10:00:00.000Z";
  const stored: StoredRegistration = {
    userId: "user-1",
    registrationId: "reg-1",
    ...freshDetails(),
    updatedAt: "2026-11-01T10:00:00.000Z",
  };
  const updatePath = apiPath("push.update", { id: "reg-1" });
  const registerPath = apiPath("push.register");

  function registrationAnswer(id: string, call: RecordedCall) {
    const { endpoint } = (call.body as { subscription: { endpoint: string } }).subscription;
    return { id, endpoint, createdAt: stored.updatedAt, updatedAt: UPDATED_AT };
  }

  function pushApi(overrides: Parameters<typeof mockApi>[0] = {}) {
    return mockApi({
      "push.vapidPublicKey": () => ({ publicKey: VAPID_PUBLIC_KEY }),
      "push.update": (call) => registrationAnswer("reg-1", call),
      "push.register": (call) => registrationAnswer("reg-2", call),
      ...overrides,
    });
  }

  const subscriptionOf = (pushManager: FakePushManager, applicationServerKey: ArrayBuffer | null = null) =>
    new FakeSubscription(pushManager, freshDetails(), { applicationServerKey, userVisibleOnly: true });

  const remembered = (subscription: FakeSubscription, registrationId = "reg-1") => ({
    ...stored,
    registrationId,
    endpoint: subscription.details.endpoint,
    keys: subscription.details.keys,
    updatedAt: UPDATED_AT,
  });

  it("PATCHes the stored registration with the new subscription and remembers it", async () => {
    const worker = startWorker();
    const open = vi.spyOn(worker.indexedDb, "open");
    await writeRegistration(stored);
    const calls = pushApi();
    const next = subscriptionOf(worker.pushManager);

    await worker.subscriptionChange({ oldSubscription: subscriptionOf(worker.pushManager), newSubscription: next });

    expect(calls).toEqual([
      { method: "PATCH", path: updatePath, body: { subscription: next.toJSON(), userAgent: USER_AGENT } },
    ]);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      updatePath,
      expect.objectContaining({
        credentials: "same-origin",
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
    // The page reads what the worker wrote, so both use one database, store and key.
    expect(await readRegistration()).toEqual(remembered(next));
    for (const call of open.mock.calls) expect(call).toEqual([REGISTRATION_DB.name, REGISTRATION_DB.version]);
    expect(worker.pushManager.subscribeCalls).toEqual([]);
  });

  it("without a new subscription, subscribes again with the old subscription's key", async () => {
    const worker = startWorker();
    await writeRegistration(stored);
    const calls = pushApi();
    const key = base64UrlToBytes(VAPID_PUBLIC_KEY).buffer;

    await worker.subscriptionChange({ oldSubscription: subscriptionOf(worker.pushManager, key) });

    expect(worker.pushManager.subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
    const next = worker.pushManager.current as FakeSubscription;
    expect(calls).toEqual([
      { method: "PATCH", path: updatePath, body: { subscription: next.toJSON(), userAgent: USER_AGENT } },
    ]);
    expect(await readRegistration()).toEqual(remembered(next));
  });

  it("with no old subscription either, subscribes with the server's VAPID key", async () => {
    const worker = startWorker();
    await writeRegistration(stored);
    const calls = pushApi();

    await worker.subscriptionChange({});

    expect(worker.pushManager.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: VAPID_PUBLIC_KEY },
    ]);
    const next = worker.pushManager.current as FakeSubscription;
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET ${apiPath("push.vapidPublicKey")}`,
      `PATCH ${updatePath}`,
    ]);
    expect(await readRegistration()).toEqual(remembered(next));
  });

  it("does nothing on a browser where push was never turned on", async () => {
    const worker = startWorker();
    const calls = pushApi();

    await worker.subscriptionChange({ oldSubscription: subscriptionOf(worker.pushManager) });

    expect(calls).toEqual([]);
    expect(worker.pushManager.subscribeCalls).toEqual([]);
    expect(await readRegistration()).toBeUndefined();
  });

  it("registers the browser again when the server no longer knows the registration (404)", async () => {
    const worker = startWorker();
    await writeRegistration(stored);
    const calls = pushApi({
      "push.update": () => apiError(404, "not-found", "Push registration not found."),
    });
    const next = subscriptionOf(worker.pushManager);

    await worker.subscriptionChange({ newSubscription: next });

    const body = { subscription: next.toJSON(), userAgent: USER_AGENT };
    expect(calls).toEqual([
      { method: "PATCH", path: updatePath, body },
      { method: "POST", path: registerPath, body },
    ]);
    expect(await readRegistration()).toEqual(remembered(next, "reg-2"));
  });

  it("keeps the record and only warns when the server fails", async () => {
    const worker = startWorker();
    await writeRegistration(stored);
    pushApi({ "push.update": () => apiError(500, "internal", "Something went wrong.") });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    await expect(
      worker.subscriptionChange({ newSubscription: subscriptionOf(worker.pushManager) }),
    ).resolves.toBeUndefined();

    expect(warn).toHaveBeenCalledTimes(1);
    expect(await readRegistration()).toEqual(stored);
  });
});
