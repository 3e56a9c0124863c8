import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { ACCOUNT_ERRORS } from "./auth.contract";
import { defineContract } from "./define-contract";

/** Which captcha the server checks: ALTCHA (self-hosted proof of work) unless configured otherwise. */
export const CAPTCHA_KINDS = ["altcha", "recaptcha", "turnstile"] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

/** An ALTCHA v2 challenge as altcha-lib creates it and the `<altcha-widget>` solves it (signed by the server). */
export const AltchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().int().optional(),
      parallelism: z.number().int().optional(),
      /** Unix time in seconds. */
      expiresAt: z.number().int().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: "AltchaChallenge" });
export type AltchaChallenge = z.infer<typeof AltchaChallengeSchema>;

/**
 * What the web needs to show the right widget: a fresh ALTCHA challenge, or the site key of the
 * third-party captcha the server verifies against.
 */
export const CaptchaChallengeSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("altcha"), challenge: AltchaChallengeSchema }),
    z.object({ kind: z.literal("recaptcha"), siteKey: z.string() }),
    z.object({ kind: z.literal("turnstile"), siteKey: z.string() }),
  ])
  .meta({ id: "CaptchaChallenge" });
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const AccountDeletionRequestedSchema = z.object({
  status: z.literal("email-sent"),
  /** Where the link went: the account's email. */
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type AccountDeletionRequested = z.infer<typeof AccountDeletionRequestedSchema>;

/**
 * The emailed token alone says which account goes (not the session, which may be another user's or
 * none); `captcha` is the widget's answer: an ALTCHA payload, or a reCAPTCHA / Turnstile response token.
 */
export const ConfirmAccountDeletionSchema = z.object({
  token: z.string().min(16).max(256),
  captcha: z.string().min(1).max(8192),
});
export type ConfirmAccountDeletion = z.infer<typeof ConfirmAccountDeletionSchema>;

export const AccountDeletedSchema = z.object({ status: z.literal("deleted") });

export const accountDeletionContract = defineContract({
  "captcha.challenge": { method: "GET", path: P["captcha.challenge"], response: CaptchaChallengeSchema, errors: [429] },
  "accountDeletion.request": {
    method: "POST",
    path: P["accountDeletion.request"],
    response: AccountDeletionRequestedSchema,
    errors: ACCOUNT_ERRORS,
  },
  "accountDeletion.confirm": {
    method: "POST",
    path: P["accountDeletion.confirm"],
    body: ConfirmAccountDeletionSchema,
    response: AccountDeletedSchema,
    errors: ACCOUNT_ERRORS,
  },
});
