import { stat } from "node:fs/promises";
import { join } from "node:path";
import { solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { useTestDatabase } from "../../../test/test-db";
import { ALTCHA_KEY_FILE } from "../../infra/captcha/captcha";

const challengeOf = (t: ReturnType<typeof useTestApp>) =>
  t.app.inject({ method: "GET", url: "/api/v1/captcha/challenge" });

describe("captcha challenge with ALTCHA (the default)", () => {
  const t = useTestApp(useTestDatabase("sqlite"));

  it("hands out a fresh, uncached challenge signed with a key kept in the data directory", async () => {
    const first = await challengeOf(t);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const body = first.json();
    expect(body.kind).toBe("altcha");
    expect(body.challenge.parameters.algorithm).toBe("SHA-256");
    expect(body.challenge.signature).not.toBe((await challengeOf(t)).json().challenge.signature);
    expect((await stat(join(t.ctx.config.dataDir, ALTCHA_KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it("needs no remote script or frame in the Content-Security-Policy", async () => {
    const csp = String((await challengeOf(t)).headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("frame-src");
  });
});

describe("captcha challenge with a configured ALTCHA key", () => {
  const hmacKey = "k".repeat(40);
  const t = useTestApp(useTestDatabase("sqlite"), { env: () => ({ ALTCHA_HMAC_KEY: hmacKey }) });

  it("signs with that key and writes no key file", async () => {
    const { challenge } = (await challengeOf(t)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("unsolved");
    expect((await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: hmacKey })).verified).toBe(
      true,
    );
    await expect(stat(join(t.ctx.config.dataDir, ALTCHA_KEY_FILE))).rejects.toThrow(/ENOENT/);
  });
});

describe.each([
  { kind: "recaptcha", prefix: "RECAPTCHA", origin: "https://www.google.com/recaptcha/" },
  { kind: "turnstile", prefix: "TURNSTILE", origin: "https://challenges.cloudflare.com" },
])("captcha challenge with $kind", ({ kind, prefix, origin }) => {
  const t = useTestApp(useTestDatabase("sqlite"), {
    env: () => ({ QUIRE_CAPTCHA: kind, [`${prefix}_SITE_KEY`]: "public-site-key", [`${prefix}_SECRET_KEY`]: "secret" }),
  });

  it("names the widget and its site key, never the secret", async () => {
    const response = await challengeOf(t);
    expect(response.json()).toEqual({ kind, siteKey: "public-site-key" });
  });

  it("lets the page load the service's script and frame, and nothing else remote", async () => {
    const csp = String((await challengeOf(t)).headers["content-security-policy"]);
    expect(csp).toMatch(new RegExp(`script-src 'self' [^;]*${origin.replaceAll(".", "\\.")}`));
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${origin.replaceAll(".", "\\.")}`));
  });
});
