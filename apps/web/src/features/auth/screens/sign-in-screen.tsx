import { SignInRequestSchema } from "@quire/core";
import { LogIn } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { EMAIL_FIELD, PasswordField, TextField } from "../../../components/text-field";
import { isAppError } from "../../../lib/errors";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard } from "../components/auth-card";
import { ResendVerification } from "../components/resend-verification";
import { SocialSignInButtons } from "../components/social-sign-in-buttons";
import { safeNextPath } from "../next-path";
import { useSession, useSignIn } from "../session";
import { socialSignInErrorMessage } from "../social-sign-in";
import { emailFromState } from "../validation";

/** SPEC §8: sign-in refused until the email is verified. */
export const VERIFICATION_PENDING_REASON = "auth/user-verification-pending";

const LABELS = { email: "Email", password: "Password" };

export function SignInScreen() {
  useScreenTitle("Sign in");
  const [params] = useSearchParams();
  const location = useLocation();
  const next = safeNextPath(params.get("next"));
  const session = useSession();
  const signIn = useSignIn();

  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [password, setPassword] = useState("");
  const form = useFormErrors(LABELS, SignInRequestSchema.shape);

  // Signed in (just now, or already when arriving): carry on to where the user was going.
  if (session.status === "signed-in") return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const body = form.check(SignInRequestSchema, { email: email.trim(), password });
    if (body) signIn.mutate(body, { onError: form.refuse });
  };

  const failure = signIn.isError ? signIn.error : null;
  // A social sign-in that failed comes back here with the reason (until the form is tried instead).
  const socialFailure = failure || signIn.isPending ? undefined : socialSignInErrorMessage(params.get("error"));
  const verificationPending = isAppError(failure) && failure.reason === VERIFICATION_PENDING_REASON;
  const alert = failure ? form.alert(failure) : undefined;
  const signUpLink = params.get("next") ? `/auth/sign-up?next=${encodeURIComponent(next)}` : "/auth/sign-up";

  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" className="size-6" />}
      title="Sign in to Quire"
      description="Pick up your books where you left off."
      testId="sign-in-screen"
      footer={
        <p>
          New to Quire?{" "}
          <Link to={signUpLink} className={AUTH_LINK}>
            Create an account
          </Link>
        </p>
      }
    >
      {alert ? (
        <FormAlert
          testId={verificationPending ? "verification-pending" : "form-alert"}
          action={
            verificationPending && signIn.variables ? <ResendVerification email={signIn.variables.email} /> : undefined
          }
        >
          {alert}
        </FormAlert>
      ) : null}
      {socialFailure ? <FormAlert testId="social-sign-in-error">{socialFailure}</FormAlert> : null}
      <SocialSignInButtons returnTo={next} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
        <TextField
          {...EMAIL_FIELD}
          {...form.field("email")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <PasswordField
            {...form.field("password")}
            label={LABELS.password}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Link to="/auth/forgot-password" state={{ email: email.trim() }} className={`self-end text-sm ${AUTH_LINK}`}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={signIn.isPending} pendingLabel="Signing in…" className="mt-1 w-full">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
