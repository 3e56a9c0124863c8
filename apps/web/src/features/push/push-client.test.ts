import { PUSH_TOKEN_REFRESH_DAYS, SERVICE_WORKER_WAIT_MS } from "@quire/core/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi } from "../../test/api-mock";
import {
  base64UrlToBytes,
  disablePush,
  disablePushOnSignOut,
  enablePush,
  pushStatus,
  refreshPushRegistration,
} from "./push-client";
import { PUSH_ERROR_MESSAGES, PushError, type PushErrorKind } from "./push-errors";
import { readRegistration } from "./registration-store";
import { freshDetails, installFakeBrowser, uninstallFakeBrowser, VAPID_PUBLIC_KEY } from "./test-push-browser";

afterEach(() => {
  uninstallFakeBrowser();
  vi.useRealTimers();
});

const CREATED_AT = "2026-11-01T10:00:00.000Z";
const DAY_MS = 24 * 60 * 60_000;

function registrationAnswer(id: string, endpoint: string, updatedAt = CREATED_AT) {
  return Response.json({ id, endpoint, createdAt: CREATED_AT, updatedAt });
}

/** The server side of push as the contract describes it; each registration call answers with a new updatedAt. */
function pushApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "push.vapidPublicKey": () => ({ publicKey: VAPID_PUBLIC_KEY }),
    "push.register": (call) =>
      registrationAnswer("reg-1", (call.body as { subscription: { endpoint: string } }).subscription.endpoint),
    "push.update": (call) =>
      registrationAnswer(
        "reg-1",
        (call.body as { subscription: { endpoint: string } }).subscription.endpoint,
        "2026-11-20T10:00:00.000Z",
      ),
    "push.unregister": () => new Response(null, { status: 204 }),
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<PushError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PushError);
  return error as PushError;
}

async function expectFailure(promise: Promise<unknown>, kind: PushErrorKind) {
  const error = await failureOf(promise);
  expect(error.kind).toBe(kind);
  expect(error.message).toBe(PUSH_ERROR_MESSAGES[kind]);
}

const calledRoutes = (calls: { method: string; path: string }[]) => calls.map((call) => `${call.method} ${call.path}`);

describe("turning push on", () => {
  it("asks permission, registers /sw.js, subscribes with the server's key and POSTs the subscription", async () => {
    const browser = installFakeBrowser({ promptAnswer: "granted" });
    const calls = pushApi();
    expect(await pushStatus("user-1")).toBe("off");

    await enablePush("user-1");

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    const [subscribeCall] = browser.pushManager.subscribeCalls;
    expect(subscribeCall?.userVisibleOnly).toBe(true);
    expect([...(subscribeCall?.applicationServerKey ?? [])]).toEqual([...base64UrlToBytes(VAPID_PUBLIC_KEY)]);
    const subscription = browser.pushManager.current?.toJSON();
    expect(calls).toEqual([
      { method: "GET", path: "/api/v1/push/vapid-public-key", body: undefined },
      {
        method: "POST",
        path: "/api/v1/push/registrations",
        body: { subscription, userAgent: navigator.userAgent },
      },
    ]);
    expect(await readRegistration()).toEqual({
      userId: "user-1",
      registrationId: "reg-1",
      endpoint: subscription?.endpoint,
      keys: subscription?.keys,
      updatedAt: CREATED_AT,
    });
    expect(await pushStatus("user-1")).toBe("on");
    // Another account on this browser has not turned push on.
    expect(await pushStatus("user-2")).toBe("off");
  });

  it("keeps an existing subscription made with the same key", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    pushApi();
    await enablePush("user-1");
    const first = browser.pushManager.current;
    await enablePush("user-1");
    expect(browser.pushManager.current).toBe(first);
    expect(browser.pushManager.subscribeCalls).toHaveLength(1);
  });
});

describe("keeping the registration current at app start", () => {
  async function enabled() {
    const browser = installFakeBrowser({ permission: "granted" });
    const calls = pushApi();
    await enablePush("user-1");
    calls.length = 0;
    return { browser, calls };
  }

  it("changes nothing within the refresh period", async () => {
    const { calls } = await enabled();
    const almost = new Date(Date.parse(CREATED_AT) + PUSH_TOKEN_REFRESH_DAYS * DAY_MS - 60_000);
    expect(await refreshPushRegistration("user-1", almost)).toBe("unchanged");
    expect(calls).toEqual([]);
  });

  it(`PATCHes a registration ${PUSH_TOKEN_REFRESH_DAYS} days old and remembers the new date`, async () => {
    const { browser, calls } = await enabled();
    const due = new Date(Date.parse(CREATED_AT) + PUSH_TOKEN_REFRESH_DAYS * DAY_MS);
    expect(await refreshPushRegistration("user-1", due)).toBe("updated");
    expect(calls).toEqual([
      {
        method: "PATCH",
        path: "/api/v1/push/registrations/reg-1",
        body: { subscription: browser.pushManager.current?.toJSON(), userAgent: navigator.userAgent },
      },
    ]);
    expect((await readRegistration())?.updatedAt).toBe("2026-11-20T10:00:00.000Z");
    // The next start counts from the server's new updatedAt.
    expect(await refreshPushRegistration("user-1", due)).toBe("unchanged");
  });

  it("PATCHes at once when the subscription's keys changed", async () => {
    const { browser, calls } = await enabled();
    const current = browser.pushManager.current;
    if (!current) throw new Error("no subscription");
    current.details = { endpoint: current.details.endpoint, keys: freshDetails().keys };
    expect(await refreshPushRegistration("user-1", new Date(CREATED_AT))).toBe("updated");
    expect(calledRoutes(calls)).toEqual(["PATCH /api/v1/push/registrations/reg-1"]);
    expect((await readRegistration())?.keys).toEqual(current.details.keys);
  });

  it("PATCHes at once when the endpoint changed", async () => {
    const { browser, calls } = await enabled();
    const current = browser.pushManager.current;
    if (!current) throw new Error("no subscription");
    current.details = { endpoint: "https://push.example.test/send/moved", keys: current.details.keys };
    expect(await refreshPushRegistration("user-1", new Date(CREATED_AT))).toBe("updated");
    expect(calledRoutes(calls)).toEqual(["PATCH /api/v1/push/registrations/reg-1"]);
    expect((await readRegistration())?.endpoint).toBe("https://push.example.test/send/moved");
  });

  it("subscribes again when the browser lost its subscription, and PATCHes the new one", async () => {
    const { browser, calls } = await enabled();
    browser.pushManager.current = null;
    expect(await refreshPushRegistration("user-1", new Date(CREATED_AT))).toBe("updated");
    expect(calledRoutes(calls)).toEqual([
      "GET /api/v1/push/vapid-public-key",
      "PATCH /api/v1/push/registrations/reg-1",
    ]);
    const resubscribed = await browser.pushManager.getSubscription();
    expect((await readRegistration())?.endpoint).toBe(resubscribed?.endpoint);
  });

  it("POSTs again when the server answers 404 to the PATCH", async () => {
    const { calls } = await enabled();
    pushApi({
      "push.update": (call) => {
        calls.push(call);
        return apiError(404, "not-found", "Push registration not found.");
      },
      "push.register": (call) => {
        calls.push(call);
        return registrationAnswer("reg-2", "https://push.example.test/x", "2026-11-21T10:00:00.000Z");
      },
    });
    const due = new Date(Date.parse(CREATED_AT) + 8 * DAY_MS);
    expect(await refreshPushRegistration("user-1", due)).toBe("updated");
    expect(calledRoutes(calls)).toEqual(["PATCH /api/v1/push/registrations/reg-1", "POST /api/v1/push/registrations"]);
    expect(await readRegistration()).toMatchObject({ registrationId: "reg-2", updatedAt: "2026-11-21T10:00:00.000Z" });
  });

  it("fails with the update message when the PATCH fails otherwise", async () => {
    await enabled();
    pushApi({ "push.update": () => apiError(503, "unavailable", "Connection failed.") });
    const due = new Date(Date.parse(CREATED_AT) + 8 * DAY_MS);
    await expectFailure(refreshPushRegistration("user-1", due), "updateFailed");
    expect((await readRegistration())?.updatedAt).toBe(CREATED_AT);
  });

  it("leaves a browser that never turned push on alone", async () => {
    installFakeBrowser({ permission: "granted" });
    const calls = pushApi();
    expect(await refreshPushRegistration("user-1")).toBe("skipped");
    expect(calls).toEqual([]);
  });

  it("drops a registration another account left on this browser", async () => {
    const { browser, calls } = await enabled();
    const left = browser.pushManager.current;
    expect(await refreshPushRegistration("user-2")).toBe("dropped");
    expect(left?.unsubscribed).toBe(true);
    expect(await readRegistration()).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe("turning push off", () => {
  it("DELETEs the registration, unsubscribes and forgets it", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    const calls = pushApi();
    await enablePush("user-1");
    const subscription = browser.pushManager.current;
    calls.length = 0;
    await disablePush();
    expect(calledRoutes(calls)).toEqual(["DELETE /api/v1/push/registrations/reg-1"]);
    expect(subscription?.unsubscribed).toBe(true);
    expect(await readRegistration()).toBeUndefined();
    expect(await pushStatus("user-1")).toBe("off");
  });

  it("keeps everything when the server cannot delete the registration", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    pushApi({ "push.unregister": () => apiError(503, "unavailable", "Connection failed.") });
    await enablePush("user-1");
    await expectFailure(disablePush(), "unsubscribeFailed");
    expect(browser.pushManager.current?.unsubscribed).toBe(false);
    expect(await pushStatus("user-1")).toBe("on");
  });

  it("fails with the unsubscribe message when the browser will not unsubscribe", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    pushApi();
    await enablePush("user-1");
    browser.pushManager.unsubscribeAnswer = false;
    await expectFailure(disablePush(), "unsubscribeFailed");
  });

  it("on sign-out, drops the subscription even when the server fails, and never throws", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    pushApi({ "push.unregister": () => apiError(503, "unavailable", "Connection failed.") });
    await enablePush("user-1");
    const subscription = browser.pushManager.current;
    await expect(disablePushOnSignOut()).resolves.toBeUndefined();
    expect(subscription?.unsubscribed).toBe(true);
    expect(await readRegistration()).toBeUndefined();
  });
});

describe("every failure has its own message", () => {
  it("unsupported browser", async () => {
    installFakeBrowser({ without: ["PushManager"] });
    pushApi();
    await expectFailure(enablePush("user-1"), "unsupportedBrowser");
    expect(await pushStatus("user-1")).toBe("unsupported");
  });

  it("IndexedDB unsupported, before any permission prompt", async () => {
    const browser = installFakeBrowser({ without: ["indexedDB"] });
    pushApi();
    await expectFailure(enablePush("user-1"), "indexedDbUnsupported");
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it("permission blocked earlier, without asking again", async () => {
    const browser = installFakeBrowser({ permission: "denied" });
    pushApi();
    await expectFailure(enablePush("user-1"), "permissionBlocked");
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(await pushStatus("user-1")).toBe("blocked");
  });

  it("permission blocked at the prompt", async () => {
    installFakeBrowser({ promptAnswer: "denied" });
    pushApi();
    await expectFailure(enablePush("user-1"), "permissionBlocked");
  });

  it("permission prompt dismissed", async () => {
    installFakeBrowser({ promptAnswer: "default" });
    pushApi();
    await expectFailure(enablePush("user-1"), "permissionDismissed");
  });

  it("missing configuration: the server has no VAPID key", async () => {
    installFakeBrowser({ permission: "granted" });
    pushApi({ "push.vapidPublicKey": () => ({ publicKey: "" }) });
    await expectFailure(enablePush("user-1"), "missingConfiguration");
    pushApi({ "push.vapidPublicKey": () => apiError(404, "not-found", "Not found") });
    await expectFailure(enablePush("user-1"), "missingConfiguration");
  });

  it("service-worker registration failed", async () => {
    installFakeBrowser({ permission: "granted", registerFailure: new TypeError("bad script") });
    pushApi();
    const error = await failureOf(enablePush("user-1"));
    expect(error.kind).toBe("serviceWorkerFailed");
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it(`service worker not ready within ${SERVICE_WORKER_WAIT_MS} ms`, async () => {
    vi.useFakeTimers();
    installFakeBrowser({ permission: "granted", neverReady: true });
    pushApi();
    const outcome = failureOf(enablePush("user-1"));
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_WAIT_MS - 100);
    let settled = false;
    void outcome.finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect((await outcome).kind).toBe("serviceWorkerFailed");
  });

  it("subscribe failed", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    browser.pushManager.nextSubscription = new DOMException("Registration failed - push service error", "AbortError");
    const calls = pushApi();
    await expectFailure(enablePush("user-1"), "subscribeFailed");
    expect(calledRoutes(calls)).not.toContain("POST /api/v1/push/registrations");
  });

  it("subscribe failed when the server refuses the registration", async () => {
    installFakeBrowser({ permission: "granted" });
    pushApi({ "push.register": () => apiError(400, "invalid-argument", "Invalid subscription") });
    await expectFailure(enablePush("user-1"), "subscribeFailed");
    expect(await readRegistration()).toBeUndefined();
  });

  it("no token returned: a subscription without endpoint or keys", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    browser.pushManager.nextSubscription = { endpoint: "https://push.example.test/send/x", keys: null };
    const calls = pushApi();
    await expectFailure(enablePush("user-1"), "noTokenReturned");
    browser.pushManager.current = null;
    browser.pushManager.nextSubscription = { endpoint: null, keys: freshDetails().keys };
    await expectFailure(enablePush("user-1"), "noTokenReturned");
    expect(calledRoutes(calls)).not.toContain("POST /api/v1/push/registrations");
  });

  it("the messages are all different", () => {
    const texts = Object.values(PUSH_ERROR_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe("base64UrlToBytes", () => {
  it("decodes unpadded base64url", () => {
    expect([...base64UrlToBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect(base64UrlToBytes(VAPID_PUBLIC_KEY)).toHaveLength(65);
  });
});
