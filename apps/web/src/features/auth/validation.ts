import { EmailSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@quire/core";
import { ERRORS } from "@quire/core/errors";

/*
 * Client-side checks, so the common mistakes are explained before a round trip. The server checks
 * everything again; its answer wins.
 */

export const PASSWORD_RULE_HINT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** SPEC §5's exact text; the server answers it too. */
export const TERMS_REQUIRED_MESSAGE = ERRORS.acceptedTermsRequired.message;

export function validateEmail(value: string): string | undefined {
  if (value.trim() === "") return "Enter your email address.";
  if (!EmailSchema.safeParse(value.trim()).success) return "Enter a valid email address, like name@example.com.";
  return undefined;
}

export function validateNewPassword(value: string): string | undefined {
  if (value.length === 0) return "Enter a password.";
  if (value.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}

export function validateRequired(value: string, message: string): string | undefined {
  return value.length === 0 ? message : undefined;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first field, in form order, that has an error. */
export function firstInvalid<K extends string>(errors: FieldErrors<K>, order: readonly K[]): K | undefined {
  return order.find((key) => errors[key] !== undefined);
}

export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some((value) => value !== undefined);
}

/** The email a previous screen handed over (router state), for a pre-filled field. */
export function emailFromState(state: unknown): string {
  if (typeof state === "object" && state !== null && "email" in state) {
    const { email } = state as { email: unknown };
    if (typeof email === "string") return email;
  }
  return "";
}
