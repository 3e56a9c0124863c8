import type { PluginListenerHandle } from "@capacitor/core";
import type {
  ActionPerformed,
  PermissionStatus,
  PushNotificationsPlugin,
  RegistrationError,
  Token,
} from "@capacitor/push-notifications";
import type { PushRegistration } from "@quire/core";
import { PUSH_REGISTRATION_MAX_DELAY_MS } from "@quire/core/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakePreferences } from "../../lib/native/fake-preferences";
import { apiError, mockApi } from "../../test/api-mock";
import {
  disableNativePush,
  disableNativePushOnSignOut,
  enableNativePush,
  followNativePush,
  NATIVE_REGISTRATION_KEY,
  type NativePushParts,
  nativePushStatus,
  registerNativePush,
  routeNotificationTaps,
  type StoredNativeRegistration,
  saveNativeToken,
  whenStable,
} from "./native-push";
import { APP_PUSH_ERROR_MESSAGES } from "./push-errors";

const FCM_TOKEN = `fcm-device-1:${"a".repeat(140)}`;
const ROTATED_TOKEN = `fcm-device-1:${"b".repeat(140)}`;
const NOW = new Date("2026-05-10T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60_000;

type Listeners = {
  registration: ((token: Token) => void)[];
  registrationError: ((error: RegistrationError) => void)[];
  pushNotificationActionPerformed: ((action: ActionPerformed) => void)[];
};

/**
 * The push plugin's interface as the phone answers it: `register()` brings a `registration` event with the
 * current token (as FCM and APNs do on every start), `rotate()` a new one.
 */
function fakePush(
  permission: PermissionStatus["receive"] = "granted",
  answer: PermissionStatus["receive"] = "granted",
) {
  const calls: string[] = [];
  const listeners: Listeners = { registration: [], registrationError: [], pushNotificationActionPerformed: [] };
  let token = FCM_TOKEN;
  const emit = (value: string) => {
    for (const listener of listeners.registration) listener({ value });
  };
  const addListener = async (eventName: keyof Listeners, listener: never) => {
    calls.push(`listen:${eventName}`);
    (listeners[eventName] as unknown[]).push(listener);
    const handle: PluginListenerHandle = {
      remove: async () => {
        calls.push(`unlisten:${eventName}`);
        listeners[eventName] = listeners[eventName].filter((other) => other !== listener) as never;
      },
    };
    return handle;
  };
  const plugin = {
    checkPermissions: async () => ({ receive: permission }),
    requestPermissions: async () => {
      calls.push("requestPermissions");
      permission = answer;
      return { receive: answer };
    },
    register: async () => {
      calls.push("register");
      queueMicrotask(() => emit(token));
    },
    unregister: async () => void calls.push("unregister"),
    addListener,
  } as unknown as PushNotificationsPlugin;
  return {
    plugin,
    calls,
    listeners,
    rotate(next: string) {
      token = next;
      emit(next);
    },
  };
}

function partsWith(push = fakePush(), store = new Map<string, string>()) {
  const parts: NativePushParts = {
    push: push.plugin,
    preferences: fakePreferences(store),
    kind: "fcm",
    now: () => NOW,
  };
  const stored = () => {
    const value = store.get(NATIVE_REGISTRATION_KEY);
    return value ? (JSON.parse(value) as StoredNativeRegistration) : undefined;
  };
  const remember = (record: StoredNativeRegistration) => store.set(NATIVE_REGISTRATION_KEY, JSON.stringify(record));
  return { parts, push, stored, remember };
}

const registration = (id: string, endpoint: string, updatedAt = NOW.toISOString()): PushRegistration => ({
  id,
  endpoint,
  createdAt: updatedAt,
  updatedAt,
});

/** The server: POST creates r-new, PATCH answers for the id it is given. */
function serverApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "push.register": ({ body }) => registration("r-new", (body as { token: string }).token),
    "push.update": ({ params, body }) => registration(params.id ?? "", (body as { token: string }).token),
    "push.unregister": () => undefined,
    ...overrides,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  followNativePush(null);
});

describe("saving the phone's token", () => {
  it("creates a registration of kind fcm the first time and remembers it", async () => {
    const calls = serverApi();
    const { parts, stored } = partsWith();
    expect(await saveNativeToken(parts, "ada", FCM_TOKEN)).toBe("created");
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/api/v1/push/registrations",
        body: expect.objectContaining({ kind: "fcm", token: FCM_TOKEN }),
      },
    ]);
    expect(stored()).toEqual({
      userId: "ada",
      registrationId: "r-new",
      token: FCM_TOKEN,
      updatedAt: NOW.toISOString(),
    });
  });

  it("sends nothing for the same token within 7 days, and PATCHes it once 7 days old", async () => {
    const calls = serverApi();
    const { parts, remember, stored } = partsWith();
    const sixDaysAgo = new Date(NOW.getTime() - 6 * DAY_MS).toISOString();
    remember({ userId: "ada", registrationId: "r1", token: FCM_TOKEN, updatedAt: sixDaysAgo });
    expect(await saveNativeToken(parts, "ada", FCM_TOKEN)).toBe("unchanged");
    expect(calls).toEqual([]);

    remember({
      userId: "ada",
      registrationId: "r1",
      token: FCM_TOKEN,
      updatedAt: new Date(NOW.getTime() - 7 * DAY_MS).toISOString(),
    });
    expect(await saveNativeToken(parts, "ada", FCM_TOKEN)).toBe("updated");
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["PATCH /api/v1/push/registrations/r1"]);
    expect(stored()?.updatedAt).toBe(NOW.toISOString());
  });

  it("replaces the registration's token when it rotates, so the old one is gone", async () => {
    const calls = serverApi();
    const { parts, remember, stored } = partsWith();
    remember({ userId: "ada", registrationId: "r1", token: FCM_TOKEN, updatedAt: NOW.toISOString() });
    expect(await saveNativeToken(parts, "ada", ROTATED_TOKEN)).toBe("updated");
    expect(calls).toEqual([
      {
        method: "PATCH",
        path: "/api/v1/push/registrations/r1",
        body: expect.objectContaining({ kind: "fcm", token: ROTATED_TOKEN }),
      },
    ]);
    expect(stored()).toMatchObject({ registrationId: "r1", token: ROTATED_TOKEN });
  });

  it("creates it again when the server no longer knows it", async () => {
    const calls = serverApi({ "push.update": () => apiError(404, "not-found", "Push registration not found.") });
    const { parts, remember, stored } = partsWith();
    remember({ userId: "ada", registrationId: "gone", token: FCM_TOKEN, updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(await saveNativeToken(parts, "ada", FCM_TOKEN)).toBe("created");
    expect(calls.map((call) => call.method)).toEqual(["PATCH", "POST"]);
    expect(stored()?.registrationId).toBe("r-new");
  });

  it("registers for the new account when another one used this phone before", async () => {
    const calls = serverApi();
    const { parts, remember, stored } = partsWith();
    remember({ userId: "grace", registrationId: "r-grace", token: FCM_TOKEN, updatedAt: NOW.toISOString() });
    expect(await saveNativeToken(parts, "ada", FCM_TOKEN)).toBe("created");
    expect(calls.map((call) => call.method)).toEqual(["POST"]);
    expect(stored()).toMatchObject({ userId: "ada", registrationId: "r-new" });
  });

  it("says apns on iOS", async () => {
    const calls = serverApi();
    const { parts } = partsWith();
    await saveNativeToken({ ...parts, kind: "apns" }, "ada", "ab".repeat(32));
    expect(calls[0]?.body).toMatchObject({ kind: "apns", token: "ab".repeat(32) });
  });
});

describe("the registration lifecycle", () => {
  it("asks for the permission once, registers, and follows a rotated token", async () => {
    const calls = serverApi();
    const { parts, push, stored } = partsWith(fakePush("prompt"));
    const stop = await registerNativePush(parts, "ada");
    await vi.waitFor(() => expect(stored()?.token).toBe(FCM_TOKEN));
    push.rotate(ROTATED_TOKEN);
    await vi.waitFor(() => expect(stored()?.token).toBe(ROTATED_TOKEN));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /api/v1/push/registrations",
      "PATCH /api/v1/push/registrations/r-new",
    ]);
    expect(push.calls.slice(0, 4)).toEqual([
      "requestPermissions",
      "listen:registration",
      "listen:registrationError",
      "register",
    ]);
    await stop();
    expect(push.listeners.registration).toEqual([]);
  });

  it("registers nothing when the permission is refused, and removes what an earlier grant left", async () => {
    const calls = serverApi();
    const { parts, push, remember, stored } = partsWith(fakePush("prompt", "denied"));
    remember({ userId: "ada", registrationId: "r1", token: FCM_TOKEN, updatedAt: NOW.toISOString() });
    await registerNativePush(parts, "ada");
    expect(push.calls).toEqual(["requestPermissions"]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /api/v1/push/registrations/r1"]);
    expect(stored()).toBeUndefined();
  });

  it("deletes the registration and drops the token on sign-out, even when the server already forgot it", async () => {
    const calls = serverApi({ "push.unregister": () => apiError(404, "not-found", "Push registration not found.") });
    const { parts, push, remember, stored } = partsWith();
    remember({ userId: "ada", registrationId: "r1", token: FCM_TOKEN, updatedAt: NOW.toISOString() });
    await disableNativePushOnSignOut(async () => parts);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /api/v1/push/registrations/r1"]);
    expect(stored()).toBeUndefined();
    expect(push.calls).toEqual(["unregister"]);
  });

  it("registers for the signed-in user once stable, and stops listening when they sign out", async () => {
    serverApi();
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 50));
    const { parts, push, stored } = partsWith();
    followNativePush("ada", async () => parts);
    followNativePush("ada", async () => parts);
    await vi.waitFor(() => expect(stored()?.userId).toBe("ada"));
    expect(push.calls.filter((call) => call === "register")).toEqual(["register"]);
    followNativePush(null);
    await vi.waitFor(() => expect(push.listeners.registration).toEqual([]));
  });

  it("opens what a tapped notification is about, and only a path of the site", async () => {
    const push = fakePush();
    const navigate = vi.fn();
    await routeNotificationTaps(push.plugin, navigate);
    const tap = (data: unknown) => {
      for (const listener of push.listeners.pushNotificationActionPerformed) {
        listener({ actionId: "tap", notification: { id: "n1", data } });
      }
    };
    tap({ url: "/books/b1", notificationId: "n1" });
    tap({ url: "https://evil.example/" });
    tap({});
    expect(navigate.mock.calls).toEqual([["/books/b1"]]);
  });
});

describe("the settings' switch in the app", () => {
  it("reads blocked, off and on from the permission and the phone's registration", async () => {
    serverApi();
    expect(await nativePushStatus(partsWith(fakePush("denied")).parts, "ada")).toBe("blocked");
    const { parts, remember } = partsWith(fakePush("granted"));
    expect(await nativePushStatus(parts, "ada")).toBe("off");
    remember({ userId: "ada", registrationId: "r1", token: FCM_TOKEN, updatedAt: NOW.toISOString() });
    expect(await nativePushStatus(parts, "ada")).toBe("on");
    expect(await nativePushStatus(parts, "grace")).toBe("off");
  });

  it("turns on: asks, registers the current token, and leaves no listener behind", async () => {
    const calls = serverApi();
    const { parts, push, stored } = partsWith(fakePush("prompt"));
    await enableNativePush(parts, "ada");
    expect(calls.map((call) => call.method)).toEqual(["POST"]);
    expect(stored()?.token).toBe(FCM_TOKEN);
    expect(push.listeners.registration).toEqual([]);
    expect(await nativePushStatus(parts, "ada")).toBe("on");
  });

  it("says so when the permission is refused, in the phone's words", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    serverApi();
    const { parts } = partsWith(fakePush("prompt", "denied"));
    await expect(enableNativePush(parts, "ada")).rejects.toThrow(APP_PUSH_ERROR_MESSAGES.permissionBlocked);
    vi.unstubAllGlobals();
  });

  it("turns off and stays off at the next start, until turned on again", async () => {
    const calls = serverApi();
    const store = new Map<string, string>();
    const { parts, push, remember } = partsWith(fakePush(), store);
    remember({ userId: "ada", registrationId: "r1", token: FCM_TOKEN, updatedAt: NOW.toISOString() });
    await disableNativePush(parts);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /api/v1/push/registrations/r1"]);
    expect(push.calls).toEqual(["unregister"]);

    await registerNativePush(parts, "ada");
    expect(push.calls).toEqual(["unregister"]);
    await enableNativePush(parts, "ada");
    expect(push.calls).toContain("register");
    expect(await nativePushStatus(parts, "ada")).toBe("on");
  });
});

describe("when stable", () => {
  it("waits for the loaded page to be idle", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 1200));
    let stable = false;
    void whenStable(0).then(() => (stable = true));
    await vi.advanceTimersByTimeAsync(1199);
    expect(stable).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stable).toBe(true);
  });

  it("never waits past 30 s after the start, however busy the app is", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", () => 0);
    let stable = false;
    void whenStable(12_000).then(() => (stable = true));
    await vi.advanceTimersByTimeAsync(PUSH_REGISTRATION_MAX_DELAY_MS - 12_000 - 1);
    expect(stable).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stable).toBe(true);
  });

  it("registers at once when the app started more than 30 s ago (a later sign-in)", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", () => 0);
    let stable = false;
    void whenStable(45_000).then(() => (stable = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stable).toBe(true);
  });
});
