/**
 * SPEC §2 onboarding: `/auth/onboarding/{step}`, in this order. After sign-in the user goes to the
 * first incomplete step; once every step is done onboarding never shows again.
 */
export const ONBOARDING_STEPS = ["first-name", "username", "terms", "genres", "follow"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function isOnboardingStep(value: string): value is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(value);
}

export interface OnboardingState {
  /** Steps the user has completed explicitly. */
  completedSteps: OnboardingStep[];
  finished: boolean;
}

/**
 * The step to show next, or null when onboarding is over. On the web a first name already given
 * (at sign-up, or by Google or Apple) completes the first step; in the native app the first-name
 * step is enforced first (SPEC §2), so only an explicit completion counts there. Terms accepted at sign-up
 * (or by continuing with Google or Apple) complete the terms step everywhere: nobody accepts them twice.
 */
export function nextOnboardingStep(
  state: OnboardingState,
  user: { firstName: string; acceptedTerms?: boolean },
  platform: "web" | "native" = "web",
): OnboardingStep | null {
  if (state.finished) return null;
  const done = new Set<OnboardingStep>(state.completedSteps);
  if (platform === "web" && user.firstName.trim()) done.add("first-name");
  if (user.acceptedTerms) done.add("terms");
  return ONBOARDING_STEPS.find((step) => !done.has(step)) ?? null;
}
