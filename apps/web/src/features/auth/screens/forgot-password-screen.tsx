import { EmailRequestSchema, RESET_TOKEN_TTL_MINUTES } from "@quire/core";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { EMAIL_FIELD, TextField } from "../../../components/text-field";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard } from "../components/auth-card";
import { CheckInbox } from "../components/check-inbox";
import { useRequestPasswordReset } from "../session";
import { emailFromState } from "../validation";

const LABELS = { email: "Email" };

export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const resend = useRequestPasswordReset();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const form = useFormErrors(LABELS, EmailRequestSchema.shape);
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
    const body = form.check(EmailRequestSchema, { email: email.trim() });
    // SPEC §8 "No user found with that email" is about the field, so it is shown under it.
    if (body) request.mutate(body.email, { onError: form.refuse });
  };

  const failure = request.isError ? form.alert(request.error) : undefined;

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
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
        <TextField
          {...EMAIL_FIELD}
          {...form.field("email")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton pending={request.isPending} pendingLabel="Sending…" className="w-full">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
