import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/errors";
import { useResendVerification } from "../session";

export interface ResendVerificationProps {
  email: string;
  label?: string;
  variant?: "primary" | "secondary";
}

/** "Resend verification email": sends the link again and says so (or why not) right under the button. */
export function ResendVerification({
  email,
  label = "Resend verification email",
  variant = "secondary",
}: ResendVerificationProps) {
  const resend = useResendVerification();
  return (
    <div className="flex flex-col items-start gap-2">
      <SubmitButton
        type="button"
        variant={variant}
        size="sm"
        pending={resend.isPending}
        pendingLabel="Sending…"
        onClick={() => resend.mutate(email)}
        testId="resend-verification"
      >
        {label}
      </SubmitButton>
      <p role="status" className="text-sm empty:hidden" data-testid="resend-status">
        {resend.isSuccess ? `We sent a new verification link to ${email}.` : ""}
      </p>
      {resend.isError ? (
        <p role="alert" className="font-medium text-sm">
          {errorMessage(resend.error)}
        </p>
      ) : null}
    </div>
  );
}
