import { join } from "node:path";
import type { CaptchaChallenge, CaptchaKind } from "@quire/core";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { OneTimeTokens } from "../shared-state/shared-state";
import { AltchaVerifier } from "./altcha";
import { loadOrCreateSecretKey } from "./secret-key-file";
import { SITEVERIFY_URLS, SiteverifyVerifier } from "./siteverify";

/** The captcha that guards account deletion (SPEC §5: it needs a valid captcha token). */
export interface CaptchaVerifier {
  /** What the web needs to show the widget: the kind, a site key, or for ALTCHA a fresh signed challenge. */
  challenge(): Promise<CaptchaChallenge>;
  /** Whether the widget's answer is genuine, unexpired and not used before. Never throws: a failure is `false`. */
  verify(token: string, remoteIp: string | undefined): Promise<boolean>;
}

/** File in the data directory holding ALTCHA's generated HMAC key when ALTCHA_HMAC_KEY is not set. */
export const ALTCHA_KEY_FILE = "altcha.key";

export async function createCaptchaVerifier(
  config: Config,
  logger: Logger,
  usedChallenges: OneTimeTokens,
): Promise<CaptchaVerifier> {
  const captcha = config.captcha;
  if (captcha.kind === "altcha") {
    const hmacKey = captcha.hmacKey ?? (await loadOrCreateSecretKey(join(config.dataDir, ALTCHA_KEY_FILE)));
    return new AltchaVerifier({ hmacKey, usedChallenges });
  }
  return new SiteverifyVerifier({
    kind: captcha.kind,
    siteKey: captcha.siteKey,
    secretKey: captcha.secretKey,
    verifyUrl: SITEVERIFY_URLS[captcha.kind],
    logger,
  });
}

/**
 * What the Content-Security-Policy must allow for the configured captcha. ALTCHA needs nothing: its
 * widget script, stylesheet and worker are our own files. reCAPTCHA and Turnstile load a script from
 * their site and show their challenge in a frame from it (their documented CSP requirements).
 */
export function captchaContentSources(kind: CaptchaKind): { script: string[]; frame: string[] } {
  switch (kind) {
    case "altcha":
      return { script: [], frame: [] };
    case "recaptcha":
      return {
        script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
        frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
      };
    case "turnstile":
      return { script: ["https://challenges.cloudflare.com"], frame: ["https://challenges.cloudflare.com"] };
  }
}
