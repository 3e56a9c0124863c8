import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@quire/core";

export const PASSWORD_RULE_HINT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** The email a previous screen handed over (router state), for a pre-filled field. */
export function emailFromState(state: unknown): string {
  if (typeof state === "object" && state !== null && "email" in state) {
    const { email } = state as { email: unknown };
    if (typeof email === "string") return email;
  }
  return "";
}
