import { AltchaChallengeSchema, type CaptchaChallenge } from "@quire/core";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { z } from "zod";
import type { OneTimeTokens } from "../shared-state/shared-state";
import type { CaptchaVerifier } from "./captcha";

/**
 * The browser tries counters from 0 upwards until one derives the challenge's key prefix; the server
 * picks the answer in [max / 10, max]. About 27 500 SHA-256 rounds on average, split over the
 * widget's workers: well under a second on a phone, a real cost for anyone sending thousands.
 */
export const ALTCHA_DEFAULT_MAX_COUNTER = 50_000;
/** Long enough to solve and press the button (the widget fetches a new one after), short enough that the replay memory stays small. */
export const ALTCHA_DEFAULT_TTL_MS = 5 * 60_000;

export interface AltchaOptions {
  /** Signs challenges: ALTCHA_HMAC_KEY, or the random key kept in the data directory. */
  hmacKey: string;
  /** Solved challenges already accepted: this process's memory, or Redis shared by every process. */
  usedChallenges: OneTimeTokens;
  /** Tests lower it to solve fast. */
  maxCounter?: number;
  ttlMs?: number;
}

/** The widget's answer: base64 of `{ challenge: { parameters, signature }, solution }`. */
const PayloadSchema = z.object({
  challenge: AltchaChallengeSchema,
  solution: z.object({ counter: z.number().int(), derivedKey: z.string(), time: z.number().optional() }),
});

/**
 * ALTCHA, self-hosted proof of work (altcha-lib v2, SHA-256). Time is the wall clock, not the app's
 * clock: altcha-lib checks expiry against `Date.now()`.
 *
 * A solved challenge is accepted once, by whichever process sees it first when they share Redis.
 */
export class AltchaVerifier implements CaptchaVerifier {
  private readonly hmacKey: string;
  private readonly maxCounter: number;
  private readonly ttlMs: number;
  private readonly usedChallenges: OneTimeTokens;

  constructor(options: AltchaOptions) {
    this.hmacKey = options.hmacKey;
    this.maxCounter = options.maxCounter ?? ALTCHA_DEFAULT_MAX_COUNTER;
    this.ttlMs = options.ttlMs ?? ALTCHA_DEFAULT_TTL_MS;
    this.usedChallenges = options.usedChallenges;
  }

  async challenge(): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: randomInt(this.maxCounter, Math.max(1, Math.floor(this.maxCounter / 10))),
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      expiresAt: new Date(Date.now() + this.ttlMs),
    });
    return { kind: "altcha", challenge: AltchaChallengeSchema.parse(challenge) };
  }

  async verify(token: string): Promise<boolean> {
    const payload = decodePayload(token);
    if (!payload) return false;
    const { challenge, solution } = payload;
    const { expiresAt } = challenge.parameters;
    // Every challenge we sign expires; one that does not was not made here.
    if (!expiresAt) return false;
    try {
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: this.hmacKey });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    return this.usedChallenges.claim(challenge.signature, (expiresAt + 1) * 1000);
  }
}

/**
 * The payload as sent, shape-checked. The parsed object itself is verified (not a zod copy of it): the
 * signature covers the parameters exactly as received, so a stripped or added key must fail it.
 */
function decodePayload(token: string): z.infer<typeof PayloadSchema> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  return PayloadSchema.safeParse(parsed).success ? (parsed as z.infer<typeof PayloadSchema>) : undefined;
}
