import { AlertTriangle, KeyRound, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { errorMessage } from "../../../lib/errors";
import { watchAppHandOff } from "../../../lib/native/app-links";
import { isNativeApp } from "../../../lib/native/platform";
import { useScreenTitle } from "../../../lib/screen-title";
import { AUTH_LINK, AuthCard, AuthCardSkeleton } from "../components/auth-card";
import { useSocialExchange, useSocialProviders } from "../social-sign-in";

export interface SocialSignInActionProps {
  token: string;
  nonce: string;
  /** Where to go once signed in (already checked to be a path of this site). */
  next: string;
  /** The whole query, passed to the app's link unchanged. */
  query: string;
}

/**
 * mode=socialSignIn (SPEC §2): a Google or Apple sign-in the native app started, finished in the
 * system browser. The app's custom link is tried first; if the page is still showing after 2 s,
 * the app did not open, and this browser spends the token itself and carries on signed in.
 */
export function SocialSignInAction(props: SocialSignInActionProps) {
  useScreenTitle("Signing in");
  if (!props.token || !props.nonce) return <HandOffFailed message="This sign-in link is incomplete." />;
  return <HandOff {...props} />;
}

type Phase = "opening-app" | "app-opened" | "in-browser";

function HandOff({ token, nonce, next, query }: SocialSignInActionProps) {
  const providers = useSocialProviders();
  // Inside the app already (the link opened it): nothing to hand over.
  const [phase, setPhase] = useState<Phase>(() => (isNativeApp() ? "in-browser" : "opening-app"));
  const attempted = useRef(false);
  const appScheme = providers.data?.appScheme;

  useEffect(() => {
    if (phase !== "opening-app") return;
    if (providers.isError) {
      setPhase("in-browser");
      return;
    }
    if (!appScheme) return;
    // Once, even when React runs the effect twice in development.
    if (!attempted.current) {
      attempted.current = true;
      window.location.assign(`${appScheme}://auth/action?${query}`);
    }
    // The app came to the front: it spends the token, so this page must not.
    return watchAppHandOff({ onOpened: () => setPhase("app-opened"), onNotOpened: () => setPhase("in-browser") });
  }, [phase, appScheme, providers.isError, query]);

  const exchange = useSocialExchange({ token, nonce }, phase === "in-browser");

  if (phase === "app-opened") {
    return (
      <AuthCard
        icon={<Smartphone aria-hidden="true" className="size-6" />}
        title="Continue in the Quire app"
        focusHeading
        testId="social-hand-off-app"
        description={<p>You're being signed in to the Quire app. You can close this page.</p>}
      >
        <button
          type="button"
          className={buttonClasses("secondary", "md", "w-full")}
          onClick={() => setPhase("in-browser")}
        >
          Continue in this browser instead
        </button>
      </AuthCard>
    );
  }
  if (phase === "opening-app") return <AuthCardSkeleton label="Opening the Quire app…" />;
  if (exchange.isError) return <HandOffFailed message={errorMessage(exchange.error)} />;
  if (exchange.isSuccess) return <Navigate to={next} replace />;
  return <AuthCardSkeleton label="Signing you in…" />;
}

function HandOffFailed({ message }: { message: string }) {
  return (
    <AuthCard
      icon={<AlertTriangle aria-hidden="true" className="size-6" />}
      title="We couldn't sign you in"
      focusHeading
      testId="social-hand-off-failed"
      footer={
        <p>
          <Link to="/" className={AUTH_LINK}>
            Back to the books
          </Link>
        </p>
      }
    >
      <FormAlert>{message}</FormAlert>
      <Link to="/auth/sign-in" className={buttonClasses("primary", "md", "w-full")}>
        <KeyRound aria-hidden="true" className="size-4" />
        Sign in again
      </Link>
    </AuthCard>
  );
}
