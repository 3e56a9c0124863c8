import type { CaptchaChallenge } from "@quire/core";
import type { Logger } from "pino";
import type { CaptchaVerifier } from "./captcha";

/** Both services verify the same way: POST the secret and the widget's token, read `success`. */
export const SITEVERIFY_URLS = {
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
} as const;

export interface SiteverifyOptions {
  kind: keyof typeof SITEVERIFY_URLS;
  siteKey: string;
  secretKey: string;
  /** The service's endpoint; tests point it at a local stand-in. */
  verifyUrl: string;
  logger: Logger;
  timeoutMs?: number;
}

/**
 * reCAPTCHA (v2 checkbox) or Cloudflare Turnstile. The service itself refuses a token used twice or
 * too old, so no replay memory is kept here. An unreachable service counts as a failed check: the
 * account stays, and the person can try again.
 */
export class SiteverifyVerifier implements CaptchaVerifier {
  constructor(private readonly options: SiteverifyOptions) {}

  async challenge(): Promise<CaptchaChallenge> {
    return { kind: this.options.kind, siteKey: this.options.siteKey };
  }

  async verify(token: string, remoteIp: string | undefined): Promise<boolean> {
    const { kind, secretKey, verifyUrl, logger, timeoutMs = 10_000 } = this.options;
    const body = new URLSearchParams({ secret: secretKey, response: token });
    if (remoteIp) body.set("remoteip", remoteIp);
    try {
      const response = await fetch(verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        logger.error({ kind, status: response.status }, "captcha service answered with an error");
        return false;
      }
      const answer = (await response.json()) as { success?: unknown; "error-codes"?: unknown };
      if (answer.success === true) return true;
      logger.info({ kind, errorCodes: answer["error-codes"] }, "captcha refused");
      return false;
    } catch (error) {
      logger.error({ kind, err: error }, "captcha service unreachable");
      return false;
    }
  }
}
