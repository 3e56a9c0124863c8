import type { KeyboardPlugin } from "@capacitor/keyboard";
import { useEffect, useState } from "react";
import { useKeyboardVisible } from "../keyboard";
import { isNativeApp, loadNativePlugin } from "./platform";

/**
 * Reports the native keyboard through the plugin's "will" events, so the bottom bar goes before the
 * keyboard slides up rather than after. Resolves to the stop.
 */
export async function watchNativeKeyboard(
  keyboard: KeyboardPlugin,
  onChange: (open: boolean) => void,
): Promise<() => void> {
  const handles = await Promise.all([
    keyboard.addListener("keyboardWillShow", () => onChange(true)),
    keyboard.addListener("keyboardWillHide", () => onChange(false)),
  ]);
  return () => {
    for (const handle of handles) void handle.remove();
  };
}

/**
 * True while the on-screen keyboard is open: the plugin's events in the app, the visual-viewport rule
 * (`lib/keyboard.ts`) in browsers.
 */
export function useKeyboardOpen(): boolean {
  const inBrowser = useKeyboardVisible();
  const [inApp, setInApp] = useState(false);
  useEffect(() => {
    if (!isNativeApp()) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void loadNativePlugin("Keyboard")
      .then((keyboard) => (keyboard ? watchNativeKeyboard(keyboard, setInApp) : undefined))
      .then((stopWatching) => {
        stop = stopWatching;
        if (stopped) stop?.();
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
  return isNativeApp() ? inApp : inBrowser;
}
