import { errorMessage } from "../../lib/errors";
import { isNativeApp } from "../../lib/native/platform";

/** Every way turning push on, keeping it current or turning it off can fail in this browser (SPEC §8, Push). */
export type PushErrorKind =
  | "permissionBlocked"
  | "permissionDismissed"
  | "unsupportedBrowser"
  | "indexedDbUnsupported"
  | "serviceWorkerFailed"
  | "subscribeFailed"
  | "updateFailed"
  | "unsubscribeFailed"
  | "noTokenReturned"
  | "missingConfiguration";

/** The one place these texts live: the settings section, the opt-in offer and the tests all read them here. */
export const PUSH_ERROR_MESSAGES: Record<PushErrorKind, string> = {
  permissionBlocked:
    "Notifications are blocked for Quire in this browser. Allow them in your browser's site settings, then try again.",
  permissionDismissed: "You closed the notification prompt without choosing. Try again and choose Allow.",
  unsupportedBrowser: "This browser doesn't support push notifications.",
  indexedDbUnsupported:
    "This browser can't store what push notifications need (IndexedDB is unavailable, as in some private windows).",
  serviceWorkerFailed:
    "Quire couldn't start its background worker in this browser, so push notifications can't be turned on. Reload the page and try again.",
  subscribeFailed: "Your browser couldn't subscribe to push notifications. Try again later.",
  updateFailed: "Quire couldn't update this browser's push subscription. Try again later.",
  unsubscribeFailed: "Quire couldn't turn off push notifications for this browser. Try again.",
  noTokenReturned: "Your browser's push service didn't return a subscription. Try again later.",
  missingConfiguration: "Push notifications aren't set up on this Quire server yet.",
};

/** The native app's wording where the browser's would name a browser (docs/native-bridge.md, Push). */
export const APP_PUSH_ERROR_MESSAGES: Partial<Record<PushErrorKind, string>> = {
  permissionBlocked:
    "Notifications are blocked for Quire on this phone. Allow them in the phone's settings for Quire, then try again.",
  subscribeFailed: "This phone couldn't register for push notifications. Try again later.",
  unsubscribeFailed: "Quire couldn't turn off push notifications for this phone. Try again.",
  noTokenReturned: "This phone's push service didn't return a token. Try again later.",
};

export function pushErrorMessage(kind: PushErrorKind): string {
  return (isNativeApp() && APP_PUSH_ERROR_MESSAGES[kind]) || PUSH_ERROR_MESSAGES[kind];
}

export class PushError extends Error {
  constructor(
    readonly kind: PushErrorKind,
    options?: { cause?: unknown },
  ) {
    super(pushErrorMessage(kind), options);
    this.name = "PushError";
  }
}

export function isPushError(error: unknown): error is PushError {
  return error instanceof PushError;
}

/** What to tell the user about a failed push action: the PushError's text, or the API error's. */
export function pushFailureMessage(error: unknown): string {
  return isPushError(error) ? error.message : errorMessage(error);
}
