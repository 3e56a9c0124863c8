import { useParams } from "react-router";
import { useScreenTitle } from "../../../lib/screen-title";
import { AuthPlaceholder } from "./auth-placeholder";

/** "first-name" → "First name". */
export function humanizeStep(step: string): string {
  const words = step.replace(/[-_]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Welcome";
}

export function OnboardingScreen() {
  const { step = "" } = useParams();
  const stepName = humanizeStep(step);
  const title = step === "sign-in" ? "Sign in" : stepName;
  useScreenTitle(title);
  return <AuthPlaceholder title={step === "sign-in" ? "Sign in to Quire" : `Onboarding: ${stepName}`} />;
}
