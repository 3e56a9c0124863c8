import { SAFE_AREA_POLL_INTERVAL_MS, SAFE_AREA_POLL_MAX_MS } from "@quire/core/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SafeAreaInsets, safeAreaProbe, watchSafeAreaInsets } from "./safe-area";

const ZERO: SafeAreaInsets = { top: 0, right: 0, bottom: 0, left: 0 };

/** Insets as a native shell would report them: zero until it applies them, counting the reads. */
function shell() {
  let insets = ZERO;
  let rotate = () => {};
  const state = {
    reads: 0,
    read: () => {
      state.reads += 1;
      return insets;
    },
    apply: (next: Partial<SafeAreaInsets>) => {
      insets = { ...ZERO, ...next };
    },
    onRotate: (listener: () => void) => {
      rotate = listener;
      return () => {
        rotate = () => {};
      };
    },
    rotate: () => rotate(),
  };
  return state;
}

let root: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  root = document.createElement("div");
});
afterEach(() => {
  vi.useRealTimers();
});

describe("safe-area insets", () => {
  it("polls every second until the shell reports them, then stops", () => {
    const native = shell();
    const stop = watchSafeAreaInsets({ root, read: native.read, onRotate: native.onRotate });
    expect(native.reads).toBe(1);
    expect(root.dataset.safeArea).toBe("polling");

    vi.advanceTimersByTime(3 * SAFE_AREA_POLL_INTERVAL_MS);
    expect(native.reads).toBe(4);
    native.apply({ top: 24, bottom: 16 });
    vi.advanceTimersByTime(SAFE_AREA_POLL_INTERVAL_MS);
    expect(root.style.getPropertyValue("--q-safe-top")).toBe("24px");
    expect(root.style.getPropertyValue("--q-safe-bottom")).toBe("16px");
    expect(root.dataset.safeArea).toBe("known");

    vi.advanceTimersByTime(10 * SAFE_AREA_POLL_INTERVAL_MS);
    expect(native.reads).toBe(5);
    stop();
  });

  it("gives up after 20 s with the insets known to be zero", () => {
    const native = shell();
    watchSafeAreaInsets({ root, read: native.read, onRotate: native.onRotate });
    vi.advanceTimersByTime(SAFE_AREA_POLL_MAX_MS - 1);
    expect(root.dataset.safeArea).toBe("polling");
    vi.advanceTimersByTime(1);
    expect(root.dataset.safeArea).toBe("none");
    expect(native.reads).toBe(1 + SAFE_AREA_POLL_MAX_MS / SAFE_AREA_POLL_INTERVAL_MS);
    expect(root.style.getPropertyValue("--q-safe-left")).toBe("0px");
    vi.advanceTimersByTime(5 * SAFE_AREA_POLL_INTERVAL_MS);
    expect(native.reads).toBe(21);
  });

  it("reads them once at start when already known, and again on rotation until known", () => {
    const native = shell();
    native.apply({ top: 47 });
    const stop = watchSafeAreaInsets({ root, read: native.read, onRotate: native.onRotate });
    expect(root.dataset.safeArea).toBe("known");
    vi.advanceTimersByTime(5 * SAFE_AREA_POLL_INTERVAL_MS);
    expect(native.reads).toBe(1);

    // Turned to landscape, the shell reports the new sides a moment later.
    native.apply({});
    native.rotate();
    expect(root.dataset.safeArea).toBe("polling");
    native.apply({ left: 47, right: 47, bottom: 21 });
    vi.advanceTimersByTime(SAFE_AREA_POLL_INTERVAL_MS);
    expect(root.style.getPropertyValue("--q-safe-left")).toBe("47px");
    expect(root.style.getPropertyValue("--q-safe-top")).toBe("0px");
    expect(native.reads).toBe(3);

    stop();
    native.rotate();
    expect(native.reads).toBe(3);
  });

  it("reads the insets from a hidden probe's padding", () => {
    const probe = safeAreaProbe();
    const element = document.body.lastElementChild as HTMLElement;
    expect(element.getAttribute("aria-hidden")).toBe("true");
    // happy-dom drops env() (Chromium reads it in the e2e spec); a padding it does compute is read in pixels.
    element.style.paddingBottom = "34px";
    expect(probe.read()).toEqual({ ...ZERO, bottom: 34 });
    probe.remove();
    expect(element.isConnected).toBe(false);
  });
});
