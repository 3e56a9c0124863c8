import { hydrate } from "@tanstack/react-query";
import { startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, RouterProvider } from "react-router";
import { AppProviders } from "./app-providers";
import { startOfflineSync } from "./features/offline-queue";
import { replayEarlyInput } from "./lib/early-input";
import { isNativeApp } from "./lib/native/platform";
import { createQueryClient } from "./lib/query-client";
import { routerFlushSync } from "./lib/router-flush-sync";
import { whenIdle } from "./lib/when-idle";
import { createRouter, routes } from "./router";
import { forgetBroughtByPage, keepBroughtByPage, readSsrState } from "./ssr-state";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const queryClient = createQueryClient();
// A page the server rendered (docs/ssr.md) brings its data: the screens find it in the cache, unfetched.
const ssrState = readSsrState(document);
if (ssrState) {
  hydrate(queryClient, ssrState.queries);
  keepBroughtByPage(ssrState.queries);
}
// Actions made offline are sent when the network returns, whichever screen is open.
startOfflineSync(queryClient);

/** Hydration must render what the server did, so the page's lazy screens are loaded first, not their fallback. */
async function loadMatchedScreens(): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * `data-app-started` on <html> once the app has taken the page over (the Chromium tests wait for it): before that
 * a server-rendered page is markup only, whose taps and typing `start-after-paint.js` notes, replayed here.
 */
function AppStarted() {
  useEffect(() => {
    document.documentElement.setAttribute("data-app-started", "");
    void replayEarlyInput();
  }, []);
  return null;
}

function start(root: HTMLElement): ReturnType<typeof createRouter> {
  const router = createRouter(ssrState?.router);
  // What the page brought was read for this page: once the reader goes elsewhere it is read again as usual.
  const arrival = router.state.location.key;
  const stopWatching = router.subscribe(({ location }) => {
    if (location.key === arrival) return;
    forgetBroughtByPage();
    stopWatching();
  });
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
      <AppStarted />
    </AppProviders>
  );
  // A transition lets hydration yield to the browser every few milliseconds instead of one long task.
  if (ssrState) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  return router;
}

// No top-level await: it would split the entry into many chunks and cost the home route ~9 KB gzip.
const routerReady = (ssrState ? loadMatchedScreens() : Promise.resolve()).then(() => start(container));

// SPEC §4: detect the reader's country at start, off the entry chunk and without holding up the first render:
// once the app has started and the browser is idle.
void routerReady.then(() =>
  whenIdle(() => void import("./features/locale").then(({ startRegionDetection }) => startRegionDetection()), 2000),
);

// The native app: its links and tapped notifications open inside it, push follows the session. A phone's browser
// that landed here from another site may be offered the app (SPEC §2). Both lazy: docs/native-bridge.md.
if (isNativeApp()) {
  void import("./native-app").then(({ startNativeApp }) =>
    startNativeApp((path) => void routerReady.then((router) => router.navigate(path)), queryClient),
  );
} else if (document.referrer) {
  void Promise.all([import("./lib/native/open-in-app"), routerReady]).then(([{ offerAppOnLanding }, router]) =>
    offerAppOnLanding(router),
  );
}
