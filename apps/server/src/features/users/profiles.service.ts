import { AppError, generateUsername, newId, type Role, type Utm } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import { toJson } from "../../db/json";
import type { Database } from "../../db/schema";
import { profilesRepository } from "./profiles.repository";

type Db = Kysely<Database> | Transaction<Database>;

const USERNAME_ATTEMPTS = 5;

export interface NewProfile {
  userId: string | undefined;
  email: string | undefined;
  acceptedTerms: boolean;
  firstName?: string;
  lastName?: string;
  acceptedTracking?: boolean;
  signUpForBeta?: boolean;
  utm?: Utm | null;
  /** The invite link's username: credited once, here, only if it names another existing user. */
  referrer?: string | null;
}

/**
 * SPEC §5 profile creation, shared by every way of signing up (email, Google, Apple):
 * a user id, accepted terms and an email are required; new profiles are readers; an existing
 * profile is never recreated.
 */
export async function createProfile(db: Db, input: NewProfile, now: Date): Promise<{ created: boolean }> {
  if (!input.userId) throw AppError.of("userUidRequired");
  if (!input.acceptedTerms) throw AppError.of("acceptedTermsRequired");
  if (!input.email) throw AppError.of("userEmailMissing");
  if (await profilesRepository.exists(db, input.userId)) return { created: false };
  const timestamp = now.toISOString();
  await profilesRepository.insert(db, {
    id: input.userId,
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
    username: await freeUsername(db, input.email),
    email: input.email,
    roles: toJson(["reader"] satisfies Role[]),
    signUpForBeta: input.signUpForBeta ? 1 : 0,
    social: "{}",
    createdAt: timestamp,
    updatedAt: timestamp,
    avatarUrl: null,
    coverUrl: null,
    description: "",
    location: "",
    acceptedTerms: 1,
    acceptedTracking: input.acceptedTracking ? 1 : 0,
    emailVerified: 0,
    searchUserId: newId(),
    utm: input.utm ? toJson(input.utm) : null,
  });
  if (input.referrer) await profilesRepository.creditReferrer(db, input.userId, input.referrer);
  return { created: true };
}

/** SPEC §5: no other user may hold the username; the email prefix gets a fresh suffix until it is free. */
async function freeUsername(db: Db, email: string): Promise<string> {
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
    const candidate = generateUsername(email);
    if (!(await profilesRepository.usernameTaken(db, candidate))) return candidate;
  }
  throw AppError.of("internal");
}
