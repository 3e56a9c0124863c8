import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/errors";
import { AUTH_LINK, AuthCard } from "./auth-card";

/** The part of a mutation the resend button needs (useResendVerification, useRequestPasswordReset). */
export interface ResendAction {
  mutate: (email: string) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

export interface CheckInboxProps {
  email: string;
  /** What the email is for, after "We sent … to <email>." */
  children: ReactNode;
  resend: ResendAction;
  testId?: string;
}

/** "Check your inbox": names the address, offers to send the email again, and leads back to sign-in. */
export function CheckInbox({ email, children, resend, testId = "check-inbox" }: CheckInboxProps) {
  return (
    <AuthCard
      icon={<MailCheck aria-hidden="true" className="size-6" />}
      title="Check your inbox"
      focusHeading
      testId={testId}
      description={
        <>
          <p>
            We sent an email to <strong className="break-all font-semibold text-ink">{email}</strong>.
          </p>
          <p className="mt-2">{children}</p>
        </>
      }
      footer={
        <Link to="/auth/sign-in" state={{ email }} className={AUTH_LINK}>
          Back to sign in
        </Link>
      }
    >
      <div className="flex flex-col">
        <p className="mb-3 text-center text-ink-muted text-sm">Nothing there? Check your spam folder, or:</p>
        <SubmitButton
          type="button"
          variant="secondary"
          pending={resend.isPending}
          pendingLabel="Sending…"
          onClick={() => resend.mutate(email)}
          testId="resend-email"
        >
          Resend the email
        </SubmitButton>
        <div role="status">
          {resend.isSuccess && !resend.isPending ? (
            <div className="mt-3">
              <FormAlert tone="success" live={false} testId="resend-status">
                Sent again. It can take a minute to arrive.
              </FormAlert>
            </div>
          ) : null}
        </div>
        {resend.isError ? (
          <div className="mt-3">
            <FormAlert>{errorMessage(resend.error)}</FormAlert>
          </div>
        ) : null}
      </div>
    </AuthCard>
  );
}
