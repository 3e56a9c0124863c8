import { nextOnboardingStep } from "@quire/core/onboarding";
import { Navigate, useLocation } from "react-router";
import { isNativeApp } from "../../lib/native/platform";
import { useSession } from "../auth/session";

/** Pages an unfinished user may still see: the auth screens (onboarding itself) and leaving for good. */
const EXEMPT_PREFIXES = ["/auth/", "/account/delete"];

export function onboardingPath(step: string, next?: string): string {
  return `/auth/onboarding/${step}${next && next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`;
}

/**
 * SPEC §2: a signed-in user is sent to the first incomplete onboarding step, wherever they land
 * (after email, Google or Apple sign-in alike), and returns to that page when done.
 */
export function OnboardingGate() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  if (!user || EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const step = nextOnboardingStep(user.onboarding, user, isNativeApp() ? "native" : "web");
  return step ? <Navigate to={onboardingPath(step, `${pathname}${search}`)} replace /> : null;
}
