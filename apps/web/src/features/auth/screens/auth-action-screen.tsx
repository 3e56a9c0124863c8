import { useSearchParams } from "react-router";
import { useScreenTitle } from "../../../lib/screen-title";
import { AuthPlaceholder } from "./auth-placeholder";
import { ResetPasswordAction } from "./reset-password-action";
import { VerifyEmailAction } from "./verify-email-action";

/**
 * The target of the links in Quire's emails (`mode=verifyEmail|resetPassword&token=…`). SPEC §2 also
 * hands a social sign-in result (mode, token, nonce) to the native app here; that mode and any other
 * is still the placeholder.
 */
export function AuthActionScreen() {
  const [params] = useSearchParams();
  const mode = params.get("mode");
  const token = params.get("token") ?? "";
  if (mode === "verifyEmail") return <VerifyEmailAction token={token} />;
  if (mode === "resetPassword") return <ResetPasswordAction token={token} />;
  return <PendingHandOff mode={mode} />;
}

function PendingHandOff({ mode }: { mode: string | null }) {
  useScreenTitle("Signing in");
  return (
    <AuthPlaceholder title="Signing you in">
      {mode ? (
        <p className="text-ink-muted text-sm">
          We received a <span className="font-medium text-ink">{mode}</span> request, but the app hand-off isn't ready
          yet.
        </p>
      ) : null}
    </AuthPlaceholder>
  );
}
