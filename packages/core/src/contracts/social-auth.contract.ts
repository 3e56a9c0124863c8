import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import type { ErrorKey } from "../errors";
import { sameSitePath } from "../rules/same-site-path";
import { SessionResponseSchema } from "./auth.contract";
import { defineContract } from "./define-contract";

export const SOCIAL_PROVIDERS = ["google", "apple"] as const;
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** The web app's `/auth/action` mode that hands a social sign-in to the native app (SPEC §2). */
export const SOCIAL_HANDOFF_MODE = "socialSignIn";

/**
 * The failures a social sign-in callback reports as `/auth/sign-in?error=<key>` (a page, not JSON):
 * the web shows the catalogue's message for the key.
 */
export const SOCIAL_SIGN_IN_ERRORS = [
  "googleSignInOff",
  "appleSignInOff",
  "socialProviderUnavailable",
  "socialSignInFailed",
  "socialSignInCancelled",
  "socialSignInExpired",
  "socialEmailUnverified",
  "userEmailMissing",
] as const satisfies readonly ErrorKey[];
export type SocialSignInErrorKey = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

/**
 * A path on this site, also once normalised (see sameSitePath). Where a finished sign-in lands, so
 * anything else would make the server an open redirect.
 */
export function isSameSitePath(value: string): boolean {
  return sameSitePath(value) !== undefined;
}

export const SocialProvidersResponseSchema = z.object({
  /** Which providers this server has a client for; the others' buttons are not shown. */
  providers: z.object({ google: z.boolean(), apple: z.boolean() }),
  /** The native app's custom URL scheme, for `/auth/action` to hand a sign-in over (`quire://…`). */
  appScheme: z.string(),
});
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponseSchema>;

/** better-auth's request shape; `native` sends the result to the app instead of setting a cookie. */
export const SocialSignInRequestSchema = z.object({
  provider: SocialProviderSchema,
  callbackURL: z.string().refine(isSameSitePath, "callbackURL must be a path on this site.").default("/"),
  native: z.boolean().default(false),
});
export type SocialSignInRequest = z.input<typeof SocialSignInRequestSchema>;

/** better-auth's answer: the provider's authorization URL, for the client to open. */
export const SocialSignInResponseSchema = z.object({ url: z.url(), redirect: z.literal(true) });
export type SocialSignInResponse = z.infer<typeof SocialSignInResponseSchema>;

export const SocialCallbackParamsSchema = z.object({ provider: SocialProviderSchema });

/** The authorization response (RFC 6749 §4.1.2, RFC 9207's `iss`); other parameters are ignored. */
export const SocialCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/** Apple posts its answer as a form (`response_mode=form_post`), with the user's name on the first sign-in only. */
export const SocialCallbackFormSchema = SocialCallbackQuerySchema.extend({ user: z.string().max(4096).optional() });

export const SocialExchangeRequestSchema = z.object({
  token: z.string().min(16).max(256),
  nonce: z.string().min(16).max(256),
});
export type SocialExchangeRequest = z.infer<typeof SocialExchangeRequestSchema>;

const SOCIAL_ERRORS = [400, 401, 403, 412, 429, 503] as const;

export const socialAuthContract = defineContract({
  "auth.providers": { method: "GET", path: P["auth.providers"], response: SocialProvidersResponseSchema },
  "auth.socialSignIn": {
    method: "POST",
    path: P["auth.socialSignIn"],
    body: SocialSignInRequestSchema,
    response: SocialSignInResponseSchema,
    errors: SOCIAL_ERRORS,
  },
  /** Answers with a redirect: to the return path (signed in), `/auth/action` (native) or `/auth/sign-in?error=…`. */
  "auth.socialCallback": {
    method: "GET",
    path: P["auth.socialCallback"],
    params: SocialCallbackParamsSchema,
    query: SocialCallbackQuerySchema,
  },
  "auth.socialCallbackForm": {
    method: "POST",
    path: P["auth.socialCallback"],
    params: SocialCallbackParamsSchema,
    body: SocialCallbackFormSchema,
    consumes: ["application/x-www-form-urlencoded"],
  },
  /** Spends a native hand-off token from `/auth/action?mode=socialSignIn` for a session. */
  "auth.socialExchange": {
    method: "POST",
    path: P["auth.socialExchange"],
    body: SocialExchangeRequestSchema,
    response: SessionResponseSchema,
    errors: SOCIAL_ERRORS,
  },
});
