import { useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { ANALYTICS_FLUSH_INTERVAL_MS, analytics, track } from "../../../lib/analytics";
import { useSession } from "../../auth";
import { browserOptsOut, type ConsentChoice, permissionFor, storeChoice, storedChoice } from "../consent";
import { routePattern } from "../route-pattern";
import { ConsentBanner } from "./consent-banner";

/**
 * The app's analytics (loaded lazily by the shell): tells the tracker who may be counted, counts page
 * views by route pattern, sends the queue every few seconds and when the page is hidden, and asks
 * visitors once.
 */
export function AnalyticsShell() {
  const session = useSession();
  const [choice, setChoice] = useState<ConsentChoice | null>(storedChoice);
  const optedOut = browserOptsOut();
  const { status } = session;
  const acceptedTracking = session.user?.acceptedTracking ?? false;

  useEffect(() => {
    const user = status === "signed-in" ? { acceptedTracking } : null;
    const permission = permissionFor({ status, user }, choice, optedOut);
    if (permission) analytics.configure(permission);
  }, [status, acceptedTracking, choice, optedOut]);
  useFlushing();
  usePageViews();

  const choose = (allowed: boolean) => {
    const next: ConsentChoice = allowed ? "granted" : "denied";
    storeChoice(next);
    setChoice(next);
  };
  const asking = !optedOut && session.status === "signed-out" && choice === null;
  return asking ? <ConsentBanner onChoose={choose} /> : null;
}

function usePageViews() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const pattern = routePattern(pathname, params);
  // One view per address reached: /books/a then /books/b are two views of one pattern.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pattern follows the pathname.
  useEffect(() => analytics.pageView(pattern), [pathname]);
}

function useFlushing() {
  useEffect(() => {
    const timer = setInterval(() => analytics.flush(), ANALYTICS_FLUSH_INTERVAL_MS);
    const onHidden = () => {
      if (document.visibilityState === "hidden") analytics.flush("beacon");
    };
    const onPageHide = () => analytics.flush("beacon");
    const onInstallPrompt = () => track("install_prompt");
    const onInstalled = () => track("app_installed");
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("beforeinstallprompt", onInstallPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("beforeinstallprompt", onInstallPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);
}
