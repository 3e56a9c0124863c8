import type { Me } from "@quire/core";
import type { TrackingPermission } from "../../lib/analytics";

export const CONSENT_STORAGE_KEY = "quire.analytics.consent";
export const VISITOR_ID_STORAGE_KEY = "quire.analytics.visitor";

export type ConsentChoice = "granted" | "denied";

/** Do-Not-Track or Global Privacy Control: no banner and no collection, whatever else was chosen. */
export function browserOptsOut(nav: Navigator = navigator): boolean {
  const withGpc = nav as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || withGpc.globalPrivacyControl === true;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function storedChoice(): ConsentChoice | null {
  const value = storage()?.getItem(CONSENT_STORAGE_KEY);
  return value === "granted" || value === "denied" ? value : null;
}

/** A visitor's choice; declining also forgets the random id kept for counting unique visitors. */
export function storeChoice(choice: ConsentChoice): void {
  storage()?.setItem(CONSENT_STORAGE_KEY, choice);
  if (choice === "denied") storage()?.removeItem(VISITOR_ID_STORAGE_KEY);
}

function visitorId(): string {
  const existing = storage()?.getItem(VISITOR_ID_STORAGE_KEY);
  if (existing) return existing;
  const id = crypto.randomUUID();
  storage()?.setItem(VISITOR_ID_STORAGE_KEY, id);
  return id;
}

/**
 * Who may be counted: a signed-in reader by their account's acceptedTracking, a visitor by their banner
 * choice; nobody under DNT/GPC. `undefined` while the session is still being checked.
 */
export function permissionFor(
  session: { status: "loading" | "signed-in" | "signed-out" | "error"; user: Pick<Me, "acceptedTracking"> | null },
  choice: ConsentChoice | null,
  optedOut: boolean,
): TrackingPermission | undefined {
  if (optedOut) return { collect: false };
  if (session.status === "loading") return undefined;
  if (session.status === "error") return { collect: false };
  if (session.user)
    return session.user.acceptedTracking
      ? { collect: true, consentFlag: false, visitorId: visitorId() }
      : { collect: false };
  return choice === "granted" ? { collect: true, consentFlag: true, visitorId: visitorId() } : { collect: false };
}
