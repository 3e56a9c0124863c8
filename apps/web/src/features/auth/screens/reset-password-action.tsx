import { ResetPasswordRequestSchema } from "@quire/core";
import { CircleCheck, KeyRound, LinkIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { PasswordField } from "../../../components/text-field";
import { errorMessage } from "../../../lib/errors";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard, AuthCardSkeleton } from "../components/auth-card";
import { useCheckPasswordReset, useResetPassword } from "../session";
import { PASSWORD_RULE_HINT } from "../validation";

const LABELS = { password: "New password" };

/** mode=resetPassword: checks the link, asks for a new password, then leads to sign-in. */
export function ResetPasswordAction({ token }: { token: string }) {
  useScreenTitle("Reset password");
  if (!token) return <LinkUnusable message="This password reset link is incomplete." />;
  return <CheckedReset token={token} />;
}

function CheckedReset({ token }: { token: string }) {
  const check = useCheckPasswordReset(token);
  const reset = useResetPassword();
  if (check.isPending) return <AuthCardSkeleton label="Checking your link…" />;
  if (check.isError) return <LinkUnusable message={errorMessage(check.error)} />;
  const { email } = check.data;
  if (reset.isSuccess) {
    return (
      <AuthCard
        icon={<CircleCheck aria-hidden="true" className="size-6" />}
        title="Your password has been changed"
        focusHeading
        testId="password-reset-done"
        description={<p>Sign in with your new password.</p>}
      >
        <Link to="/auth/sign-in" state={{ email }} className={buttonClasses("primary", "md", "w-full")}>
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} email={email} reset={reset} />;
}

function NewPasswordForm({
  token,
  email,
  reset,
}: {
  token: string;
  email: string;
  reset: ReturnType<typeof useResetPassword>;
}) {
  const [password, setPassword] = useState("");
  const form = useFormErrors(LABELS, ResetPasswordRequestSchema.shape);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const body = form.check(ResetPasswordRequestSchema, { token, password });
    if (body) reset.mutate(body, { onError: form.refuse });
  };

  const failure = reset.isError ? form.alert(reset.error) : undefined;

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title="Choose a new password"
      testId="new-password-screen"
      description={
        <p>
          For <strong className="break-all font-semibold text-ink">{email}</strong>
        </p>
      }
    >
      {failure ? (
        <FormAlert
          action={
            <Link to="/auth/forgot-password" state={{ email }} className={`text-sm ${AUTH_LINK}`}>
              Request a new link
            </Link>
          }
        >
          {failure}
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Choose a new password">
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <PasswordField
          {...form.field("password")}
          label={LABELS.password}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={PASSWORD_RULE_HINT}
        />
        <SubmitButton pending={reset.isPending} pendingLabel="Saving…" className="w-full">
          Save new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

function LinkUnusable({ message }: { message: string }) {
  return (
    <AuthCard
      icon={<LinkIcon aria-hidden="true" className="size-6" />}
      title="This link can't be used"
      focusHeading
      testId="reset-link-unusable"
    >
      <FormAlert>{message}</FormAlert>
      <p className="text-center text-ink-muted text-sm">Reset links work once, for a limited time.</p>
      <Link to="/auth/forgot-password" className={buttonClasses("primary", "md", "w-full")}>
        Request a new link
      </Link>
    </AuthCard>
  );
}
