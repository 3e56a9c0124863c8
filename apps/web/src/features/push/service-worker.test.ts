import { afterEach, describe, expect, it, vi } from "vitest";
import workerSource from "../../../public/sw.js?raw";

afterEach(() => {
  vi.restoreAllMocks();
});

const ORIGIN = "https://quire.example";

interface FakeWindowClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** Runs public/sw.js, the file the server serves, against a fake worker global scope. */
function startWorker(windows: FakeWindowClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    registration: { showNotification: vi.fn(async () => undefined) },
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
  return { scope, listeners, push, click };
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
  it("takes over at once and listens for pushes and clicks", () => {
    const { listeners } = startWorker();
    expect([...listeners.keys()].sort()).toEqual(["activate", "install", "notificationclick", "push"]);
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
