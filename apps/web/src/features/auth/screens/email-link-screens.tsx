import { useSearchParams } from "react-router";
import { ResetPasswordAction } from "./reset-password-action";
import { VerifyEmailAction } from "./verify-email-action";

/** `/auth/verify-email?token=…`: the same check as the email link's `/auth/action?mode=verifyEmail`. */
export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  return <VerifyEmailAction token={params.get("token") ?? ""} />;
}

/** `/auth/reset-password?token=…`: the same form as the email link's `/auth/action?mode=resetPassword`. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  return <ResetPasswordAction token={params.get("token") ?? ""} />;
}
