import type { KeyboardInfo, KeyboardPlugin } from "@capacitor/keyboard";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useKeyboardOpen, watchNativeKeyboard } from "./keyboard";

type Listener = (info?: KeyboardInfo) => void;

/** A keyboard plugin whose events the test fires, as the native side would. */
function fakeKeyboard() {
  const listeners = new Map<string, Listener>();
  const plugin = {
    addListener: async (eventName: string, listener: Listener) => {
      listeners.set(eventName, listener);
      return { remove: async () => void listeners.delete(eventName) };
    },
  } as unknown as KeyboardPlugin;
  return {
    plugin,
    listeners,
    fire: (eventName: string) => listeners.get(eventName)?.({ keyboardHeight: 300 }),
  };
}

const mocked = vi.hoisted(() => ({ keyboard: null as unknown }));
vi.mock("@capacitor/keyboard", () => ({
  get Keyboard() {
    return mocked.keyboard;
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("native keyboard", () => {
  it("reports the will-show and will-hide events, and stops listening", async () => {
    const keyboard = fakeKeyboard();
    const seen: boolean[] = [];
    const stop = await watchNativeKeyboard(keyboard.plugin, (open) => seen.push(open));
    keyboard.fire("keyboardWillShow");
    keyboard.fire("keyboardWillHide");
    expect(seen).toEqual([true, false]);
    stop();
    await vi.waitFor(() => expect(keyboard.listeners.size).toBe(0));
  });

  it("drives useKeyboardOpen in the app", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    const keyboard = fakeKeyboard();
    mocked.keyboard = keyboard.plugin;
    const { result, unmount } = renderHook(() => useKeyboardOpen());
    expect(result.current).toBe(false);
    await vi.waitFor(() => expect(keyboard.listeners.size).toBe(2));
    act(() => keyboard.fire("keyboardWillShow"));
    expect(result.current).toBe(true);
    act(() => keyboard.fire("keyboardWillHide"));
    expect(result.current).toBe(false);
    unmount();
    await vi.waitFor(() => expect(keyboard.listeners.size).toBe(0));
  });

  it("loads no plugin in a browser", async () => {
    const keyboard = fakeKeyboard();
    mocked.keyboard = keyboard.plugin;
    const { result } = renderHook(() => useKeyboardOpen());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(keyboard.listeners.size).toBe(0);
    expect(result.current).toBe(false);
  });
});
