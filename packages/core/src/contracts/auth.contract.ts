import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { UserSchema } from "../domain/user";
import { defineContract } from "./define-contract";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Links in verification and reset emails stay valid this long. */
export const VERIFICATION_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Sessions last this long without use, and are renewed as they are used. */
export const SESSION_TTL_DAYS = 30;
export const SESSION_COOKIE_NAME = "quire_session";

export const EmailSchema = z
  .email({
    error: (issue) =>
      issue.input === "" ? "Enter your email address." : "Enter a valid email address, like name@example.com.",
  })
  .max(254, "An email address can be up to 254 characters.")
  .transform((email) => email.trim().toLowerCase());
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    error: (issue) => (issue.input === "" ? "Enter a password." : `Use at least ${PASSWORD_MIN_LENGTH} characters.`),
  })
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const SignUpRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  /** SPEC §5: must be true ("acceptedTerms must be true"); checked by the service for the exact message. */
  acceptedTerms: z.boolean(),
  acceptedTracking: z.boolean().default(false),
  signUpForBeta: z.boolean().default(false),
});
export type SignUpRequest = z.input<typeof SignUpRequestSchema>;

export const SignUpResponseSchema = z.object({ status: z.literal("verification-sent"), email: z.string() });

export const SignInRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX_LENGTH),
  /** The native app asks for the bearer token; the web keeps it out of reach of scripts (cookie only). */
  native: z.boolean().optional(),
});
export type SignInRequest = z.input<typeof SignInRequestSchema>;

/** The signed-in user's own profile: everything, including email and consents. */
export const MeSchema = UserSchema.meta({ id: "Me" });
export type Me = z.infer<typeof MeSchema>;

/** `token` only for the native app (bearer); the web uses the HttpOnly session cookie set on the same answer. */
export const SessionResponseSchema = z.object({ user: MeSchema, token: z.string().optional() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const TokenRequestSchema = z.object({ token: z.string().min(16).max(256) });
export const EmailRequestSchema = z.object({ email: EmailSchema });
export const ResetPasswordRequestSchema = z.object({ token: z.string().min(16).max(256), password: PasswordSchema });
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});

/** What an account route may refuse with. */
export const ACCOUNT_ERRORS = [400, 401, 403, 404, 409, 412, 429, 503] as const;

export const authContract = defineContract({
  "auth.signUp": {
    method: "POST",
    path: P["auth.signUp"],
    body: SignUpRequestSchema,
    response: SignUpResponseSchema,
    status: 201,
    errors: ACCOUNT_ERRORS,
  },
  "auth.signIn": {
    method: "POST",
    path: P["auth.signIn"],
    body: SignInRequestSchema,
    response: SessionResponseSchema,
    errors: ACCOUNT_ERRORS,
  },
  "auth.signOut": { method: "POST", path: P["auth.signOut"], status: 204 },
  "auth.verifyEmail": {
    method: "POST",
    path: P["auth.verifyEmail"],
    body: TokenRequestSchema,
    response: z.object({ email: z.string() }),
    errors: ACCOUNT_ERRORS,
  },
  "auth.resendVerification": {
    method: "POST",
    path: P["auth.resendVerification"],
    body: EmailRequestSchema,
    status: 202,
    errors: ACCOUNT_ERRORS,
  },
  "auth.requestPasswordReset": {
    method: "POST",
    path: P["auth.requestPasswordReset"],
    body: EmailRequestSchema,
    status: 202,
    errors: ACCOUNT_ERRORS,
  },
  "auth.checkPasswordReset": {
    method: "POST",
    path: P["auth.checkPasswordReset"],
    body: TokenRequestSchema,
    response: z.object({ email: z.string() }),
    errors: ACCOUNT_ERRORS,
  },
  "auth.resetPassword": {
    method: "POST",
    path: P["auth.resetPassword"],
    body: ResetPasswordRequestSchema,
    status: 204,
    errors: ACCOUNT_ERRORS,
  },
  "auth.changePassword": {
    method: "POST",
    path: P["auth.changePassword"],
    body: ChangePasswordRequestSchema,
    status: 204,
    errors: ACCOUNT_ERRORS,
  },
  "me.get": { method: "GET", path: P["me.get"], response: z.object({ user: MeSchema }), errors: ACCOUNT_ERRORS },
  /** The web app's session probe: a visitor is an answer (user null), not an error. */
  "auth.session": { method: "GET", path: P["auth.session"], response: z.object({ user: MeSchema.nullable() }) },
});
