import { SOCIAL_HANDOFF_MODE } from "@quire/core";
import { ERRORS } from "@quire/core/errors";
import { Link2Off } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { useScreenTitle } from "../../../lib/screen-title";
import { AuthCard } from "../components/auth-card";
import { safeNextPath } from "../next-path";
import { ResetPasswordAction } from "./reset-password-action";
import { SocialSignInAction } from "./social-sign-in-action";
import { VerifyEmailAction } from "./verify-email-action";

/**
 * The target of the links in Quire's emails (`mode=verifyEmail|resetPassword&token=…`) and of a
 * native social sign-in's hand-off (SPEC §2: `mode=socialSignIn&token=…&nonce=…`).
 */
export function AuthActionScreen() {
  const [params] = useSearchParams();
  const mode = params.get("mode");
  const token = params.get("token") ?? "";
  if (mode === "verifyEmail") return <VerifyEmailAction token={token} />;
  if (mode === "resetPassword") return <ResetPasswordAction token={token} />;
  if (mode === SOCIAL_HANDOFF_MODE) {
    return (
      <SocialSignInAction
        token={token}
        nonce={params.get("nonce") ?? ""}
        next={safeNextPath(params.get("next"))}
        query={params.toString()}
      />
    );
  }
  return <UnknownAction />;
}

function UnknownAction() {
  useScreenTitle("Link not recognised");
  return (
    <AuthCard
      icon={<Link2Off aria-hidden="true" className="size-6" />}
      title="This link doesn't work"
      testId="unknown-action"
    >
      <FormAlert>{ERRORS.invalidLink.message}</FormAlert>
      <Link to="/" className={buttonClasses("primary", "md", "w-full")}>
        Back to the books
      </Link>
    </AuthCard>
  );
}
