import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { UserSchema } from "../domain/user";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Links in verification and reset emails stay valid this long. */
export const VERIFICATION_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Sessions last this long without use, and are renewed as they are used. */
export const SESSION_TTL_DAYS = 30;
export const SESSION_COOKIE_NAME = "quire_session";

export const EmailSchema = z
  .email()
  .max(254)
  .transform((email) => email.trim().toLowerCase());
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
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
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
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
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});

export const authContract = {
  "auth.signUp": { method: "POST", path: P["auth.signUp"], body: SignUpRequestSchema, response: SignUpResponseSchema },
  "auth.signIn": { method: "POST", path: P["auth.signIn"], body: SignInRequestSchema, response: SessionResponseSchema },
  "auth.signOut": { method: "POST", path: P["auth.signOut"] },
  "auth.verifyEmail": {
    method: "POST",
    path: P["auth.verifyEmail"],
    body: TokenRequestSchema,
    response: z.object({ email: z.string() }),
  },
  "auth.resendVerification": { method: "POST", path: P["auth.resendVerification"], body: EmailRequestSchema },
  "auth.requestPasswordReset": { method: "POST", path: P["auth.requestPasswordReset"], body: EmailRequestSchema },
  "auth.checkPasswordReset": {
    method: "POST",
    path: P["auth.checkPasswordReset"],
    body: TokenRequestSchema,
    response: z.object({ email: z.string() }),
  },
  "auth.resetPassword": { method: "POST", path: P["auth.resetPassword"], body: ResetPasswordRequestSchema },
  "auth.changePassword": { method: "POST", path: P["auth.changePassword"], body: ChangePasswordRequestSchema },
  "me.get": { method: "GET", path: P["me.get"], response: z.object({ user: MeSchema }) },
  /** The web app's session probe: a visitor is an answer (user null), not an error. */
  "auth.session": { method: "GET", path: P["auth.session"], response: z.object({ user: MeSchema.nullable() }) },
} as const;
