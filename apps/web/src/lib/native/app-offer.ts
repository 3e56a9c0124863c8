import { isAppLinkPath } from "./app-links";
import { isNativeApp } from "./platform";
import { isMobileUserAgent } from "./screen";

/** Set once the visitor closed the offer or the app did not open: this browser is not asked again. */
export const APP_OFFER_DISMISSED_KEY = "quire.app-offer-dismissed";

/**
 * SPEC §2 in a phone's browser: a book, reader or profile page reached from another site or app offers to open
 * in the app. Browsing within Quire never does, nor does a browser that said no (docs/native-bridge.md).
 */
export function shouldOfferApp(location: Pick<Location, "pathname" | "origin"> = window.location): boolean {
  if (isNativeApp() || !isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints)) return false;
  if (!isAppLinkPath(location.pathname) || !cameFromElsewhere(document.referrer, location.origin)) return false;
  try {
    return window.localStorage.getItem(APP_OFFER_DISMISSED_KEY) === null;
  } catch {
    return false;
  }
}

function cameFromElsewhere(referrer: string, origin: string): boolean {
  try {
    return new URL(referrer).origin !== origin;
  } catch {
    return false;
  }
}
