import { type ReactNode, useSyncExternalStore } from "react";

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

/**
 * Its children once hydrated, the fallback before. When hydration ends React re-renders every component that
 * read useHydrated, at once and uninterrupted: kept in this small component, that is the children alone, not a
 * whole screen (a whole page's re-render was one long task on a slow phone).
 */
export function AfterHydration({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  return useHydrated() ? children : fallback;
}
