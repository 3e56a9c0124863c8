import { OnboardingAnswerSchemas, SignUpRequestSchema } from "@quire/core";
import { UserRoundPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { CheckboxField, EMAIL_FIELD, PasswordField, TextField } from "../../../components/text-field";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { TermsLinks } from "../../legal";
import { AUTH_LINK, AuthCard } from "../components/auth-card";
import { CheckInbox } from "../components/check-inbox";
import { SocialSignInButtons } from "../components/social-sign-in-buttons";
import { safeNextPath } from "../next-path";
import { useResendVerification, useSignUp } from "../session";
import { PASSWORD_RULE_HINT } from "../validation";

/** The contract's body with SPEC §5's rule that the terms are accepted (the server checks it in its service). */
const SignUpFormSchema = SignUpRequestSchema.extend({
  acceptedTerms: OnboardingAnswerSchemas.terms.shape.acceptedTerms,
});
const LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  password: "Password",
  acceptedTerms: "Terms of use",
};

/** SPEC §4: the account is created and a verification email sent; the user is not signed in yet. */
export function SignUpScreen() {
  const signUp = useSignUp();
  const resend = useResendVerification();
  useScreenTitle(signUp.isSuccess ? "Check your inbox" : "Create account");
  if (signUp.isSuccess) {
    return (
      <CheckInbox email={signUp.data.email} resend={resend} testId="sign-up-sent">
        Open the link in it to verify your email address, then sign in.
      </CheckInbox>
    );
  }
  return <SignUpForm signUp={signUp} />;
}

function SignUpForm({ signUp }: { signUp: ReturnType<typeof useSignUp> }) {
  const [params] = useSearchParams();
  const rawNext = params.get("next");
  const next = safeNextPath(rawNext);
  const signInLink = rawNext ? `/auth/sign-in?next=${encodeURIComponent(next)}` : "/auth/sign-in";

  const [values, setValues] = useState({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    acceptedTerms: false,
    acceptedTracking: false,
    // The Quire Plus page sends visitors here with ?beta=1.
    signUpForBeta: params.get("beta") === "1",
  });
  const form = useFormErrors(LABELS, SignUpFormSchema.shape);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: "firstName" | "lastName" | "email" | "password") => ({
    ...form.field(key),
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  const checkbox = (key: "acceptedTerms" | "acceptedTracking" | "signUpForBeta") => ({
    name: key,
    checked: values[key],
    onChange: (event: { target: { checked: boolean } }) => set(key, event.target.checked),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending) return;
    const body = form.check(SignUpFormSchema, { ...values, email: values.email.trim() });
    if (body) signUp.mutate(body, { onError: form.refuse });
  };

  const failure = signUp.isError ? form.alert(signUp.error) : undefined;

  return (
    <AuthCard
      icon={<UserRoundPlus aria-hidden="true" className="size-6" />}
      title="Create your account"
      description="Star books, keep reading lists and follow other readers."
      testId="sign-up-screen"
      footer={
        <p>
          Already have an account?{" "}
          <Link to={signInLink} className={AUTH_LINK}>
            Sign in
          </Link>
        </p>
      }
    >
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <SocialSignInButtons returnTo={next} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create account">
        <div className="grid gap-4 xs:grid-cols-2">
          <TextField label={LABELS.firstName} autoComplete="given-name" {...text("firstName")} />
          <TextField label={LABELS.lastName} autoComplete="family-name" {...text("lastName")} />
        </div>
        <TextField {...EMAIL_FIELD} {...text("email")} />
        <PasswordField
          label={LABELS.password}
          autoComplete="new-password"
          {...text("password")}
          hint={PASSWORD_RULE_HINT}
        />
        <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-paper/60 p-4">
          <legend className="sr-only">Terms and preferences</legend>
          <CheckboxField
            {...form.field("acceptedTerms")}
            {...checkbox("acceptedTerms")}
            label="I accept the terms of use"
            description={<TermsLinks />}
          />
          <CheckboxField
            {...checkbox("acceptedTracking")}
            label="Help improve Quire with usage analytics"
            description="Optional. Lets Quire measure how the app is used."
          />
          <CheckboxField
            {...checkbox("signUpForBeta")}
            label="Sign me up for the beta"
            description="Optional. Try new features before everyone else."
          />
        </fieldset>
        <SubmitButton pending={signUp.isPending} pendingLabel="Creating account…" className="mt-1 w-full">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
