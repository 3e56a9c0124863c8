import { RESET_TOKEN_TTL_MINUTES } from "@quire/core";
import { KeyRound } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { EMAIL_FIELD, TextField } from "../../../components/text-field";
import { errorMessage, hasErrorCode } from "../../../lib/errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard } from "../components/auth-card";
import { CheckInbox } from "../components/check-inbox";
import { useRequestPasswordReset } from "../session";
import { emailFromState, validateEmail } from "../validation";

export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const resend = useRequestPasswordReset();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  useScreenTitle(request.isSuccess ? "Check your inbox" : "Reset password");

  if (request.isSuccess) {
    return (
      <CheckInbox email={request.variables} resend={resend} testId="reset-sent">
        Open the link in it to choose a new password. It works for {RESET_TOKEN_TTL_MINUTES} minutes.
      </CheckInbox>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const error = validateEmail(email);
    setFieldError(error);
    if (error) {
      emailRef.current?.focus();
      return;
    }
    request.mutate(email.trim(), {
      onError: (error) => {
        // SPEC §8 "No user found with that email": about the field, so shown under it.
        if (hasErrorCode(error, "not-found")) {
          setFieldError(errorMessage(error));
          emailRef.current?.focus();
        }
      },
    });
  };

  const failure = request.isError && !hasErrorCode(request.error, "not-found") ? request.error : null;

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      testId="forgot-password-screen"
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/auth/sign-in" state={{ email: email.trim() }} className={AUTH_LINK}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {failure ? <FormAlert>{errorMessage(failure)}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
        <TextField
          ref={emailRef}
          {...EMAIL_FIELD}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
        />
        <SubmitButton pending={request.isPending} pendingLabel="Sending…" className="w-full">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
