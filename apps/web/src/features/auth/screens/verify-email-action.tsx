import { EmailRequestSchema } from "@quire/core";
import { CircleCheck, MailWarning } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { EMAIL_FIELD, TextField } from "../../../components/text-field";
import { errorMessage } from "../../../lib/errors";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AuthCard, AuthCardSkeleton } from "../components/auth-card";
import { useResendVerification, useVerifyEmail } from "../session";

const LABELS = { email: "Email" };

/** mode=verifyEmail: spends the link's token, then says so — or why not, with a way to get a new link. */
export function VerifyEmailAction({ token }: { token: string }) {
  useScreenTitle("Verify email");
  if (!token) return <VerificationFailed message="This verification link is incomplete. Ask for a new one below." />;
  return <VerifyToken token={token} />;
}

function VerifyToken({ token }: { token: string }) {
  const verify = useVerifyEmail(token);
  if (verify.isPending) return <AuthCardSkeleton label="Verifying your email…" />;
  if (verify.isError) return <VerificationFailed message={errorMessage(verify.error)} />;
  const { email } = verify.data;
  return (
    <AuthCard
      icon={<CircleCheck aria-hidden="true" className="size-6" />}
      title="Your email is verified"
      focusHeading
      testId="email-verified"
      description={
        <p>
          <strong className="break-all font-semibold text-ink">{email}</strong> is confirmed. Sign in to start reading.
        </p>
      }
    >
      <Link to="/auth/sign-in" state={{ email }} className={buttonClasses("primary", "md", "w-full")}>
        Sign in
      </Link>
    </AuthCard>
  );
}

function VerificationFailed({ message }: { message: string }) {
  const resend = useResendVerification();
  const [email, setEmail] = useState("");
  const form = useFormErrors(LABELS, EmailRequestSchema.shape);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resend.isPending) return;
    const body = form.check(EmailRequestSchema, { email: email.trim() });
    if (body) resend.mutate(body.email, { onError: form.refuse });
  };
  const failure = resend.isError ? form.alert(resend.error) : undefined;

  return (
    <AuthCard
      icon={<MailWarning aria-hidden="true" className="size-6" />}
      title="We couldn't verify your email"
      focusHeading
      testId="verification-failed"
    >
      <FormAlert>{message}</FormAlert>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="resend-heading">
        <div className="flex flex-col gap-1">
          <h2 id="resend-heading" className="font-semibold font-serif text-ink text-lg">
            Get a new link
          </h2>
          <p className="text-ink-muted text-sm">Enter the email you signed up with and we'll send a fresh one.</p>
        </div>
        <TextField
          {...EMAIL_FIELD}
          {...form.field("email")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton pending={resend.isPending} pendingLabel="Sending…" className="w-full">
          Resend verification email
        </SubmitButton>
        <div role="status" className="empty:-mt-4">
          {resend.isSuccess ? (
            <FormAlert tone="success" live={false} testId="resend-status">
              We sent a new verification link to <strong className="break-all">{resend.variables}</strong>.
            </FormAlert>
          ) : null}
        </div>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
      </form>
    </AuthCard>
  );
}
