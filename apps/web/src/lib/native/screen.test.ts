import type { PluginListenerHandle } from "@capacitor/core";
import type { ScreenOrientationPlugin } from "@capacitor/screen-orientation";
import type { StatusBarInfo, StatusBarPlugin } from "@capacitor/status-bar";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuireImmersivePlugin } from "./immersive";
import {
  applyOrientationLock,
  enterImmersive,
  hideNavigationBar,
  hideStatusBar,
  isMobileUserAgent,
  lockInBrowser,
  lockWithPlugin,
} from "./screen";

const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const IPAD_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1";

const handle: PluginListenerHandle = { remove: async () => {} };

/** A status bar that keeps its state and a log of the calls, as the native side would see them. */
function fakeStatusBar(initial: Partial<StatusBarInfo> = {}, calls: string[] = []) {
  const info: StatusBarInfo = { visible: true, overlays: false, style: "DEFAULT" as never, color: "#000", height: 24 };
  Object.assign(info, initial);
  const plugin: StatusBarPlugin = {
    setStyle: async () => {},
    setBackgroundColor: async () => {},
    show: async () => {
      calls.push("show");
      info.visible = true;
    },
    hide: async () => {
      calls.push("hide");
      info.visible = false;
    },
    getInfo: async () => ({ ...info }),
    setOverlaysWebView: async ({ overlay }) => {
      calls.push(`overlay:${overlay}`);
      info.overlays = overlay;
    },
    addListener: async () => handle,
  };
  return { plugin, calls, info };
}

/** The app's own plugin (ImmersivePlugin.java): the navigation bar's state, logged with the status bar's calls. */
function fakeImmersive(calls: string[] = []) {
  const state = { navigationVisible: true };
  const plugin: QuireImmersivePlugin = {
    enter: async () => {
      calls.push("enter");
      state.navigationVisible = false;
    },
    leave: async () => {
      calls.push("leave");
      state.navigationVisible = true;
    },
  };
  return { plugin, calls, state };
}

function fakeOrientation() {
  const calls: string[] = [];
  const plugin: ScreenOrientationPlugin = {
    orientation: async () => ({ type: "portrait-primary" }),
    lock: async ({ orientation }) => {
      calls.push(`lock:${orientation}`);
    },
    unlock: async () => {
      calls.push("unlock");
    },
    addListener: async () => handle,
    removeAllListeners: async () => {},
  };
  return { plugin, calls };
}

const mocked = vi.hoisted(() => ({
  statusBar: null as unknown,
  orientation: null as unknown,
  registered: {} as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>,
}));
vi.mock("@capacitor/status-bar", () => ({
  get StatusBar() {
    return mocked.statusBar;
  },
}));
vi.mock("@capacitor/screen-orientation", () => ({
  get ScreenOrientation() {
    return mocked.orientation;
  },
}));
// Like Capacitor's registerPlugin: a Proxy answering every method (`then` too), sent to the plugin of that name.
vi.mock("@capacitor/core", () => ({
  registerPlugin: (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_target, method) =>
          (...args: unknown[]) => {
            const implementation = mocked.registered[name]?.[String(method)];
            return implementation
              ? implementation(...args)
              : Promise.reject(new Error(`"${name}.${String(method)}()" is not implemented`));
          },
      },
    ),
}));

function inTheApp(platform: "android" | "ios") {
  vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => platform });
}

afterEach(() => {
  vi.unstubAllGlobals();
  mocked.registered = {};
});

describe("immersive mode", () => {
  it("on Android lays the page under the status bar, hides it, and puts both back as they were", async () => {
    const { plugin, calls, info } = fakeStatusBar();
    const restore = await hideStatusBar(plugin, "android");
    expect(calls).toEqual(["overlay:true", "hide"]);
    expect(info).toMatchObject({ visible: false, overlays: true });
    await restore();
    expect(info).toMatchObject({ visible: true, overlays: false });
  });

  it("on iOS only hides and shows (no overlay call there), and leaves a bar hidden before still hidden", async () => {
    const ios = fakeStatusBar();
    await (await hideStatusBar(ios.plugin, "ios"))();
    expect(ios.calls).toEqual(["hide", "show"]);

    const alreadyHidden = fakeStatusBar({ visible: false });
    await (await hideStatusBar(alreadyHidden.plugin, "ios"))();
    expect(alreadyHidden.info.visible).toBe(false);
  });

  it("shows the navigation bar again through the app's plugin", async () => {
    const { plugin, calls, state } = fakeImmersive();
    const restore = await hideNavigationBar(plugin);
    expect(state.navigationVisible).toBe(false);
    await restore();
    expect(calls).toEqual(["enter", "leave"]);
    expect(state.navigationVisible).toBe(true);
  });

  it("on Android hides both bars on opening the reader and shows them on leaving, last hidden first shown", async () => {
    inTheApp("android");
    const calls: string[] = [];
    const statusBar = fakeStatusBar({}, calls);
    const immersive = fakeImmersive(calls);
    mocked.statusBar = statusBar.plugin;
    mocked.registered.QuireImmersive = immersive.plugin as never;
    const leave = enterImmersive();
    await vi.waitFor(() => expect(calls).toEqual(["overlay:true", "hide", "enter"]));
    leave();
    await vi.waitFor(() => expect(calls).toHaveLength(6));
    expect(calls.slice(3)).toEqual(["leave", "show", "overlay:false"]);
    expect(immersive.state.navigationVisible).toBe(true);
  });

  it("keeps enter, leave and a remount's enter in order, so the bars end hidden", async () => {
    inTheApp("android");
    const calls: string[] = [];
    const fake = fakeStatusBar({}, calls);
    const immersive = fakeImmersive(calls);
    mocked.statusBar = fake.plugin;
    mocked.registered.QuireImmersive = immersive.plugin as never;
    const leaveFirst = enterImmersive();
    leaveFirst();
    const leaveSecond = enterImmersive();
    await vi.waitFor(() => expect(calls).toHaveLength(9));
    expect(calls).toEqual([
      ...["overlay:true", "hide", "enter"],
      ...["leave", "show", "overlay:false"],
      ...["overlay:true", "hide", "enter"],
    ]);
    expect(fake.info.visible).toBe(false);
    expect(immersive.state.navigationVisible).toBe(false);
    leaveSecond();
    await vi.waitFor(() => expect(immersive.state.navigationVisible).toBe(true));
    await vi.waitFor(() => expect(fake.info).toMatchObject({ visible: true, overlays: false }));
  });

  it("still restores the status bar when the app's plugin fails", async () => {
    inTheApp("android");
    const fake = fakeStatusBar();
    mocked.statusBar = fake.plugin;
    const leave = enterImmersive();
    await vi.waitFor(() => expect(fake.info.visible).toBe(false));
    leave();
    await vi.waitFor(() => expect(fake.info).toMatchObject({ visible: true, overlays: false }));
  });

  it("on iOS leaves the app's Android plugin alone", async () => {
    inTheApp("ios");
    const calls: string[] = [];
    mocked.statusBar = fakeStatusBar({}, calls).plugin;
    mocked.registered.QuireImmersive = fakeImmersive(calls).plugin as never;
    enterImmersive()();
    await vi.waitFor(() => expect(calls).toEqual(["hide", "show"]));
  });

  it("does nothing in a browser", async () => {
    const calls: string[] = [];
    mocked.statusBar = fakeStatusBar({}, calls).plugin;
    mocked.registered.QuireImmersive = fakeImmersive(calls).plugin as never;
    enterImmersive()();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
  });
});

describe("orientation lock", () => {
  it("applies only on mobile user agents, iPadOS included", () => {
    expect(isMobileUserAgent(ANDROID_UA)).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148")).toBe(true);
    expect(isMobileUserAgent(IPAD_UA, 5)).toBe(true);
    expect(isMobileUserAgent(IPAD_UA, 0)).toBe(false);
    expect(isMobileUserAgent(DESKTOP_UA)).toBe(false);
  });

  it("locks through the plugin, and any unlocks", async () => {
    const { plugin, calls } = fakeOrientation();
    await lockWithPlugin(plugin, "landscape");
    await lockWithPlugin(plugin, "any");
    expect(calls).toEqual(["lock:landscape", "unlock"]);
  });

  it("takes a browser's refusal quietly", async () => {
    const calls: string[] = [];
    const refusing = {
      lock: (orientation: string) => {
        calls.push(orientation);
        return Promise.reject(new DOMException("not in full screen", "NotSupportedError"));
      },
      unlock: () => calls.push("unlock"),
    };
    expect(await lockInBrowser(refusing, "portrait")).toBe(false);
    expect(await lockInBrowser(refusing, "any")).toBe(true);
    expect(await lockInBrowser({ unlock: () => {} }, "portrait")).toBe(false);
    expect(await lockInBrowser(undefined, "landscape")).toBe(false);
    expect(calls).toEqual(["portrait", "unlock"]);
  });

  it("uses the plugin in the app on a phone, and nothing on a desktop browser", async () => {
    const fake = fakeOrientation();
    mocked.orientation = fake.plugin;
    vi.stubGlobal("navigator", { userAgent: DESKTOP_UA, maxTouchPoints: 0 });
    expect(await applyOrientationLock("portrait")).toBe(false);

    vi.stubGlobal("navigator", { userAgent: ANDROID_UA, maxTouchPoints: 5 });
    inTheApp("android");
    expect(await applyOrientationLock("portrait")).toBe(true);
    expect(fake.calls).toEqual(["lock:portrait"]);
  });
});
