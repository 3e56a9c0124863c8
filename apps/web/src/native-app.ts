import type { Me } from "@quire/core";
import type { QueryClient } from "@tanstack/react-query";
import { followNativePush, routeNotificationTaps } from "./features/push";
import { routeAppLinks } from "./lib/native/app-links";
import { loadNativePlugin } from "./lib/native/platform";
import { SESSION_QUERY_KEY } from "./lib/session-state";

/**
 * The native app's start (loaded only there, by main.tsx): links and tapped notifications become in-app
 * navigations, and push registration follows whoever is signed in (docs/native-bridge.md).
 */
export async function startNativeApp(navigate: (path: string) => void, queryClient: QueryClient): Promise<void> {
  const sessionUserId = () => queryClient.getQueryData<Me | null>(SESSION_QUERY_KEY)?.id ?? null;
  // The session query answers at start, on sign-in and on sign-out: each may change who gets the pushes.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) followNativePush(sessionUserId());
  });
  followNativePush(sessionUserId());
  const [app, push] = await Promise.all([loadNativePlugin("App"), loadNativePlugin("PushNotifications")]);
  if (app) await routeAppLinks(app, navigate);
  if (push) await routeNotificationTaps(push, navigate);
}
