import { createHash, randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** The package's const enum value for argon2id (const enums cannot be imported as values here). */
const ARGON2ID = 2 as Algorithm.Argon2id;

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Verified against when the account does not exist, so the answer takes as long either way. */
const DECOY_HASH = hash("quire-decoy-password", ARGON2_OPTIONS);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DECOY_HASH), password);
  } catch {
    return false;
  }
}

/** A 256-bit random token for links and sessions; only its hash is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
