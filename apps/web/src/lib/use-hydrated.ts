import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page, true afterwards (and from the
 * first render of a page the browser renders alone): for what only the browser can decide, such as a
 * banner that depends on stored choices, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
