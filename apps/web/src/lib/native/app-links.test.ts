import type { AppPlugin, URLOpenListenerEvent } from "@capacitor/app";
import type { PluginListenerHandle } from "@capacitor/core";
import { APP_LINK_FALLBACK_MS } from "@quire/core/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appLinkTo, appPathOf, isAppLinkPath, routeAppLinks, tryOpenInApp, watchAppHandOff } from "./app-links";

const ORIGINS = { scheme: "quire", origin: "https://quire.example" };

/** The App plugin as the app uses it: `appUrlOpen` listeners, fed by `open(url)` as the phone would. */
function fakeApp() {
  const listeners: ((event: URLOpenListenerEvent) => void)[] = [];
  const removed: string[] = [];
  const addListener = async (eventName: string, listener: (event: URLOpenListenerEvent) => void) => {
    if (eventName === "appUrlOpen") listeners.push(listener);
    const handle: PluginListenerHandle = { remove: async () => void removed.push(eventName) };
    return handle;
  };
  const plugin = { addListener } as unknown as AppPlugin;
  return {
    plugin,
    open: (url: string) => {
      for (const listener of listeners) listener({ url });
    },
    removed,
  };
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, "visibilityState", "get").mockReturnValue(state);
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("appPathOf", () => {
  it.each([
    ["quire://books/b1", "/books/b1"],
    ["quire:///books/b1", "/books/b1"],
    ["QUIRE://u/ada", "/u/ada"],
    ["quire://read/b1/ch-2?at=5#p3", "/read/b1/ch-2?at=5#p3"],
    ["quire://auth/action?mode=socialSignIn&token=t&nonce=n", "/auth/action?mode=socialSignIn&token=t&nonce=n"],
    ["quire://", "/"],
    ["https://quire.example/books/b1?ref=x", "/books/b1?ref=x"],
    ["https://QUIRE.example", "/"],
  ])("routes %s to %s", (url, path) => {
    expect(appPathOf(url, ORIGINS)).toBe(path);
  });

  it.each([
    "https://evil.example/books/b1",
    "http://quire.example/books/b1",
    "https://quire.example.evil.example/books/b1",
    "other://books/b1",
    "quire:/\\evil.example/x",
    "not a url",
  ])("ignores %s", (url) => {
    expect(appPathOf(url, ORIGINS)).toBeUndefined();
  });

  it("knows no https link when the build names no origin", () => {
    expect(appPathOf("https://quire.example/books/b1", { scheme: "quire", origin: "" })).toBeUndefined();
  });
});

describe("in the app", () => {
  it("navigates to what each link names, the one that started the app included, and to nothing else", async () => {
    const app = fakeApp();
    const navigate = vi.fn();
    const handle = await routeAppLinks(app.plugin, navigate, ORIGINS);
    app.open("quire://books/b1");
    app.open("https://quire.example/u/ada");
    app.open("https://elsewhere.example/u/ada");
    app.open("quire://auth/action?mode=socialSignIn&token=t&nonce=n");
    expect(navigate.mock.calls).toEqual([
      ["/books/b1"],
      ["/u/ada"],
      ["/auth/action?mode=socialSignIn&token=t&nonce=n"],
    ]);
    await handle.remove();
    expect(app.removed).toEqual(["appUrlOpen"]);
  });
});

describe("in a phone's browser", () => {
  it("links a site path to the app's scheme", () => {
    expect(appLinkTo("/books/b1?x=1", "quire")).toBe("quire://books/b1?x=1");
    expect(appPathOf(appLinkTo("/read/b1/c1"), ORIGINS)).toBe("/read/b1/c1");
  });

  it("offers the app for books, the reader and profiles only", () => {
    expect(["/books/b1", "/read/b1", "/read/b1/c2", "/u/ada", "/users/u1"].every(isAppLinkPath)).toBe(true);
    expect(["/", "/books", "/library", "/settings", "/auth/action", "/u/"].some(isAppLinkPath)).toBe(false);
  });

  it("stays on the page when it is still showing after 2 s", async () => {
    vi.useFakeTimers();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const outcome = tryOpenInApp("/books/b1");
    expect(assign).toHaveBeenCalledWith("quire://books/b1");
    await vi.advanceTimersByTimeAsync(APP_LINK_FALLBACK_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe("not-opened");
  });

  it("knows the app opened when the page is hidden first, and then waits for nothing", async () => {
    vi.useFakeTimers();
    vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const outcome = tryOpenInApp("/u/ada");
    await vi.advanceTimersByTimeAsync(800);
    setVisibility("hidden");
    expect(await outcome).toBe("opened");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reports neither outcome once cancelled", async () => {
    vi.useFakeTimers();
    const onOpened = vi.fn();
    const onNotOpened = vi.fn();
    const cancel = watchAppHandOff({ onOpened, onNotOpened });
    cancel();
    setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(APP_LINK_FALLBACK_MS * 2);
    expect(onOpened).not.toHaveBeenCalled();
    expect(onNotOpened).not.toHaveBeenCalled();
  });
});
