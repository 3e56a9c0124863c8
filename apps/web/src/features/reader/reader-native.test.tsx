import type { ScreenOrientationPlugin } from "@capacitor/screen-orientation";
import type { StatusBarInfo, StatusBarPlugin } from "@capacitor/status-bar";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/api-mock";
import { renderSaltLanternReader, saltLanternApi } from "../../test/reader-book";
import { ORIENTATION_LOCK_KEY } from "./use-orientation-lock";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";

// The native side of the plugins: a log of what the app asked of the phone.
const native = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock("@capacitor/status-bar", () => ({
  StatusBar: {
    getInfo: async () => ({
      visible: true,
      overlays: false,
      style: "DEFAULT" as StatusBarInfo["style"],
      color: "#000",
      height: 24,
    }),
    setOverlaysWebView: async ({ overlay }: { overlay: boolean }) => void native.calls.push(`overlay:${overlay}`),
    hide: async () => void native.calls.push("hide"),
    show: async () => void native.calls.push("show"),
  } satisfies Partial<StatusBarPlugin>,
}));
// The app's own plugin (Android's navigation bar), which the bridge registers by name.
vi.mock("@capacitor/core", () => ({
  registerPlugin: (name: string) => ({
    enter: async () => void native.calls.push(`${name}.enter`),
    leave: async () => void native.calls.push(`${name}.leave`),
  }),
}));
// The app's API calls read its bearer token first: a signed-out app has none.
vi.mock("@capacitor/preferences", () => ({ Preferences: { get: async () => ({ value: null }) } }));
vi.mock("@capacitor/screen-orientation", () => ({
  ScreenOrientation: {
    lock: async ({ orientation }: { orientation: string }) => void native.calls.push(`lock:${orientation}`),
    unlock: async () => void native.calls.push("unlock"),
  } satisfies Partial<ScreenOrientationPlugin>,
}));

function inTheAppOnAPhone() {
  vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(PHONE_UA);
}

beforeEach(() => {
  native.calls.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the reader in the native app", () => {
  it("hides the system bars while open, locks rotation as chosen, and gives both back on leaving", async () => {
    inTheAppOnAPhone();
    window.localStorage.setItem(ORIENTATION_LOCK_KEY, "portrait");
    mockApi({ "auth.session": () => ({ user: null }), ...saltLanternApi });
    const router = renderSaltLanternReader();
    await screen.findByTestId("reader");
    await vi.waitFor(() =>
      expect(native.calls).toEqual(["overlay:true", "hide", "QuireImmersive.enter", "lock:portrait"]),
    );
    // The app is immersive already: no Full screen button there.
    expect(screen.queryByRole("button", { name: "Full screen" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Reading settings" }));
    const rotation = await screen.findByRole("group", { name: "Lock rotation" });
    fireEvent.click(rotation.querySelector("input[value=landscape]") as HTMLInputElement);
    await vi.waitFor(() => expect(native.calls.slice(4)).toEqual(["unlock", "lock:landscape"]));
    expect(window.localStorage.getItem(ORIENTATION_LOCK_KEY)).toBe("landscape");

    await act(() => router.navigate("/books/book-1"));
    await vi.waitFor(() =>
      expect(native.calls.slice(6)).toEqual(["unlock", "QuireImmersive.leave", "show", "overlay:false"]),
    );
  });

  it("offers no rotation lock on a desktop browser", async () => {
    mockApi({ "auth.session": () => ({ user: null }), ...saltLanternApi });
    renderSaltLanternReader();
    fireEvent.click(await screen.findByRole("button", { name: "Reading settings" }));
    expect(screen.getByRole("group", { name: "Layout" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Lock rotation" })).toBeNull();
    expect(native.calls).toEqual([]);
  });
});
