import type { AppPlugin } from "@capacitor/app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isNativeApp, loadNativePlugin, nativePlatform } from "./platform";

// Like Capacitor's own plugin objects: a Proxy that answers every property, `then` included, with a method.
const asked = vi.hoisted(() => [] as string[]);
vi.mock("@capacitor/app", () => ({
  App: new Proxy(
    {},
    {
      get:
        (_target, property) =>
        (...args: unknown[]) => {
          asked.push(String(property));
          if (property === "then")
            return (args[1] as (error: Error) => void)(new Error('"App.then()" is not implemented'));
          return Promise.resolve({ name: "Quire" });
        },
    },
  ) as AppPlugin,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  asked.length = 0;
});

describe("platform", () => {
  it("is the web in a browser, and loads no plugin there", async () => {
    expect(isNativeApp()).toBe(false);
    expect(nativePlatform()).toBe("web");
    expect(await loadNativePlugin("App")).toBeNull();
    expect(asked).toEqual([]);
  });

  it.each(["android", "ios"] as const)("names %s inside the app", (platform) => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => platform });
    expect(isNativeApp()).toBe(true);
    expect(nativePlatform()).toBe(platform);
  });

  it("hands a plugin over without treating it as a promise", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    const app = await loadNativePlugin("App");
    expect(asked).toEqual([]);
    expect(await app?.getInfo()).toEqual({ name: "Quire" });
    expect(asked).toEqual(["getInfo"]);
  });
});
