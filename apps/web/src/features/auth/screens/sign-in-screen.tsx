import { LogIn } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { EMAIL_FIELD, PasswordField, TextField } from "../../../components/text-field";
import { errorMessage, isAppError } from "../../../lib/errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard } from "../components/auth-card";
import { ResendVerification } from "../components/resend-verification";
import { SocialSignInButtons } from "../components/social-sign-in-buttons";
import { safeNextPath } from "../next-path";
import { useSession, useSignIn } from "../session";
import { socialSignInErrorMessage } from "../social-sign-in";
import {
  emailFromState,
  type FieldErrors,
  firstInvalid,
  hasErrors,
  validateEmail,
  validateRequired,
} from "../validation";

/** SPEC §8: sign-in refused until the email is verified. */
export const VERIFICATION_PENDING_REASON = "auth/user-verification-pending";

type Field = "email" | "password";
const FIELD_ORDER: readonly Field[] = ["email", "password"];

export function SignInScreen() {
  useScreenTitle("Sign in");
  const [params] = useSearchParams();
  const location = useLocation();
  const next = safeNextPath(params.get("next"));
  const session = useSession();
  const signIn = useSignIn();

  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  // Signed in (just now, or already when arriving): carry on to where the user was going.
  if (session.status === "signed-in") return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const found: FieldErrors<Field> = {
      email: validateEmail(email),
      password: validateRequired(password, "Enter your password."),
    };
    setErrors(found);
    if (hasErrors(found)) {
      const first = firstInvalid(found, FIELD_ORDER);
      if (first) refs[first].current?.focus();
      return;
    }
    signIn.mutate({ email: email.trim(), password });
  };

  const failure = signIn.isError ? signIn.error : null;
  // A social sign-in that failed comes back here with the reason (until the form is tried instead).
  const socialFailure = failure || signIn.isPending ? undefined : socialSignInErrorMessage(params.get("error"));
  const verificationPending = isAppError(failure) && failure.reason === VERIFICATION_PENDING_REASON;
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
      {failure ? (
        <FormAlert
          testId={verificationPending ? "verification-pending" : "form-alert"}
          action={
            verificationPending && signIn.variables ? <ResendVerification email={signIn.variables.email} /> : undefined
          }
        >
          {errorMessage(failure)}
        </FormAlert>
      ) : null}
      {socialFailure ? <FormAlert testId="social-sign-in-error">{socialFailure}</FormAlert> : null}
      <SocialSignInButtons returnTo={next} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
        <TextField
          ref={refs.email}
          {...EMAIL_FIELD}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <div className="flex flex-col gap-1.5">
          <PasswordField
            ref={refs.password}
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
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
