import { useQuery } from "@tanstack/react-query";
import { HeartHandshake, LinkIcon, ShieldAlert } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage, hasErrorCode } from "../../../lib/errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard } from "../../auth";
import { CaptchaSkeleton, CaptchaWidget } from "../components/captcha-widget";
import { captchaQuery, useConfirmAccountDeletion } from "../queries";

const SETTINGS_PATH = "/settings";

/**
 * The target of the deletion email (`/account/delete?token=…`): a captcha, then the deletion. Works
 * signed out too: the token alone names the account.
 */
export function DeleteAccountScreen() {
  useScreenTitle("Delete account");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  if (!token) return <LinkProblem message="This deletion link is incomplete. Ask for a new one in your settings." />;
  return <ConfirmDeletion token={token} />;
}

function ConfirmDeletion({ token }: { token: string }) {
  const captchaConfig = useQuery(captchaQuery());
  const confirm = useConfirmAccountDeletion();
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A new widget (and a fresh challenge) after each refused attempt: the server spends an answer when it checks it.
  const [attempt, setAttempt] = useState(0);
  const onToken = useCallback((token: string | null) => setCaptcha(token), []);

  if (confirm.isSuccess) return <Goodbye />;
  // The link itself is spent or expired: solving the captcha again would not help.
  if (hasErrorCode(confirm.error, "not-found") || hasErrorCode(confirm.error, "failed-precondition")) {
    return <LinkProblem message={errorMessage(confirm.error)} />;
  }

  const onConfirm = () => {
    if (!captcha) return;
    confirm.mutate(
      { token, captcha },
      {
        onError: () => {
          setCaptcha(null);
          setAttempt((count) => count + 1);
        },
      },
    );
  };

  return (
    <AuthCard
      icon={<ShieldAlert aria-hidden="true" className="size-6" />}
      title="Delete your account?"
      testId="delete-account-screen"
      description={
        <p>
          Your profile, shelves, reading progress, stars and follows will be deleted for good. This can't be undone.
        </p>
      }
      footer={
        <Link to={SETTINGS_PATH} className={AUTH_LINK}>
          Keep my account
        </Link>
      }
    >
      {confirm.isError ? <FormAlert>{errorMessage(confirm.error)}</FormAlert> : null}
      <div className="flex flex-col gap-2">
        <p id="captcha-label" className="font-medium text-ink text-sm">
          First, a quick check that you're a person:
        </p>
        {captchaConfig.isPending ? (
          <CaptchaSkeleton />
        ) : captchaConfig.isError ? (
          <FormAlert
            action={
              <Button variant="secondary" size="sm" className="self-start" onClick={() => captchaConfig.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(captchaConfig.error)}
          </FormAlert>
        ) : (
          <CaptchaWidget key={attempt} config={captchaConfig.data} onToken={onToken} />
        )}
      </div>
      {captcha ? (
        <SubmitButton
          type="button"
          pending={confirm.isPending}
          pendingLabel="Deleting your account…"
          onClick={onConfirm}
          className="w-full"
          testId="confirm-deletion"
        >
          Delete my account
        </SubmitButton>
      ) : (
        <Button disabled aria-describedby="captcha-label" className="w-full" data-testid="confirm-deletion">
          Delete my account
        </Button>
      )}
    </AuthCard>
  );
}

function Goodbye() {
  return (
    <AuthCard
      icon={<HeartHandshake aria-hidden="true" className="size-6" />}
      title="Your account has been deleted"
      focusHeading
      testId="account-deleted"
      description={<p>We've sent a confirmation to your email. Thank you for reading with us.</p>}
    >
      <Link to="/" className={buttonClasses("primary", "md", "w-full")}>
        Go to the home page
      </Link>
    </AuthCard>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthCard
      icon={<LinkIcon aria-hidden="true" className="size-6" />}
      title="This link can't be used"
      focusHeading
      testId="deletion-link-problem"
    >
      <FormAlert>{message}</FormAlert>
      <p className="text-center text-ink-muted text-sm">
        You can ask for a new link in your{" "}
        <Link to={SETTINGS_PATH} className={AUTH_LINK}>
          account settings
        </Link>
        .
      </p>
    </AuthCard>
  );
}
