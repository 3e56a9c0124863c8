import type { CaptchaChallenge } from "@quire/core";
import { lazy, Suspense } from "react";
import { Skeleton } from "../../../components/skeleton";
import { RemoteCaptcha } from "./remote-captcha";

/** ALTCHA's widget (and its stylesheet) is only downloaded when ALTCHA is the configured captcha. */
const AltchaCaptcha = lazy(async () => ({ default: (await import("./altcha-captcha")).AltchaCaptcha }));

/** The configured captcha; `onToken` gets its answer when solved, and null when that answer lapses. */
export function CaptchaWidget({ config, onToken }: { config: CaptchaChallenge; onToken(token: string | null): void }) {
  if (config.kind === "altcha") {
    return (
      <Suspense fallback={<CaptchaSkeleton />}>
        <AltchaCaptcha onToken={onToken} />
      </Suspense>
    );
  }
  return <RemoteCaptcha kind={config.kind} siteKey={config.siteKey} onToken={onToken} />;
}

export function CaptchaSkeleton() {
  return <Skeleton className="h-[74px] w-full rounded-xl" />;
}
