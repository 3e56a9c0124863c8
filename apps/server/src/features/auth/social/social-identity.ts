import type { IDToken } from "openid-client";
import { z } from "zod";

const NAME_MAX_LENGTH = 100;

/** Who the provider says signed in. */
export interface SocialIdentity {
  subject: string;
  /** Lower-cased, as Quire stores emails. */
  email: string | undefined;
  /** Only a provider-verified email may be matched to an existing account or mark a profile verified. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * Apple's `user` form field: the name (and email) on the first authorization only, as JSON.
 * Apple never puts the name in the ID token.
 */
const AppleUserSchema = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

function appleName(appleUser: string | undefined): { firstName?: string; lastName?: string } {
  if (!appleUser) return {};
  try {
    return AppleUserSchema.parse(JSON.parse(appleUser)).name ?? {};
  } catch {
    // A name is a nicety: a malformed field must not fail the sign-in.
    return {};
  }
}

export function identityFromClaims(claims: IDToken, appleUser?: string): SocialIdentity {
  const fromApple = appleName(appleUser);
  const firstName = text(claims.given_name) ?? text(fromApple.firstName) ?? text(claims.name) ?? "";
  const lastName = text(claims.family_name) ?? text(fromApple.lastName) ?? "";
  return {
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase(),
    // Apple sends the claim as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: firstName.slice(0, NAME_MAX_LENGTH),
    lastName: lastName.slice(0, NAME_MAX_LENGTH),
  };
}
