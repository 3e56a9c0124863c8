import { useSearchParams } from "react-router";
import { useScreenTitle } from "../../../lib/screen-title";
import { AuthPlaceholder } from "./auth-placeholder";

/** SPEC §2: hands a social sign-in result (mode, token, nonce) to the native app. Placeholder for now. */
export function AuthActionScreen() {
  useScreenTitle("Signing in");
  const [params] = useSearchParams();
  const mode = params.get("mode");
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
