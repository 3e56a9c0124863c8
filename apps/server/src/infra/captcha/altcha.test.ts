import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { MemoryOneTimeTokens } from "../shared-state/memory-shared-state";
import { AltchaVerifier } from "./altcha";

const KEY = "a".repeat(64);

/** What `<altcha-widget>` sends: base64 of the challenge it was given and the solution it found. */
async function solve(challenge: object): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function challengeOf(verifier: AltchaVerifier) {
  const answer = await verifier.challenge();
  if (answer.kind !== "altcha") throw new Error("not an ALTCHA challenge");
  return answer.challenge;
}

describe("AltchaVerifier", () => {
  it("signs a SHA-256 challenge that expires within minutes, with the answer inside the configured range", async () => {
    const verifier = new AltchaVerifier({ hmacKey: KEY, usedChallenges: new MemoryOneTimeTokens(), maxCounter: 2_000 });
    const challenge = await challengeOf(verifier);
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", cost: 1 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = (challenge.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(60_000);
    expect(expiresInMs).toBeLessThanOrEqual(5 * 60_000);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeGreaterThanOrEqual(200);
    expect(solution?.counter).toBeLessThanOrEqual(2_000);
  });

  it("accepts a solved challenge once and refuses its replay", async () => {
    const verifier = new AltchaVerifier({ hmacKey: KEY, usedChallenges: new MemoryOneTimeTokens(), maxCounter: 1_000 });
    const token = await solve(await challengeOf(verifier));
    expect(await verifier.verify(token)).toBe(true);
    expect(await verifier.verify(token)).toBe(false);
    // A second challenge is its own: still accepted.
    expect(await verifier.verify(await solve(await challengeOf(verifier)))).toBe(true);
  });

  it("refuses a wrong solution, a tampered challenge, another key's challenge, and garbage", async () => {
    const verifier = new AltchaVerifier({ hmacKey: KEY, usedChallenges: new MemoryOneTimeTokens(), maxCounter: 1_000 });
    const challenge = await challengeOf(verifier);
    const solution = await solveChallenge({ challenge, deriveKey });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64");
    const wrongKey = { ...solution, derivedKey: "00".repeat(32) };
    expect(await verifier.verify(encode({ challenge, solution: wrongKey }))).toBe(false);
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 2 } };
    expect(await verifier.verify(encode({ challenge: easier, solution }))).toBe(false);
    const foreign = await challengeOf(
      new AltchaVerifier({ hmacKey: "b".repeat(64), usedChallenges: new MemoryOneTimeTokens(), maxCounter: 1_000 }),
    );
    expect(await verifier.verify(await solve(foreign))).toBe(false);
    for (const garbage of ["", "not base64 at all", encode({}), encode({ challenge, solution: null })]) {
      expect(await verifier.verify(garbage)).toBe(false);
    }
    // The genuine answer still works: failed attempts did not use it up.
    expect(await verifier.verify(encode({ challenge, solution }))).toBe(true);
  });

  it("refuses an expired challenge and one signed without an expiry", async () => {
    const expired = new AltchaVerifier({
      hmacKey: KEY,
      usedChallenges: new MemoryOneTimeTokens(),
      maxCounter: 1_000,
      ttlMs: -60_000,
    });
    expect(await expired.verify(await solve(await challengeOf(expired)))).toBe(false);
    const verifier = new AltchaVerifier({ hmacKey: KEY, usedChallenges: new MemoryOneTimeTokens(), maxCounter: 1_000 });
    const endless = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 50,
      deriveKey,
      hmacSignatureSecret: KEY,
    });
    expect(await verifier.verify(await solve(endless))).toBe(false);
  });
});
