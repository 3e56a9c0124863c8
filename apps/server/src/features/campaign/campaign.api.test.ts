import { describe, expect, it } from "vitest";
import { uniqueId } from "../../../test/factories";
import { useTestSmtpServer } from "../../../test/smtp";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const NOW = new Date("2026-11-21T12:00:00.000Z");

describe.each(dialectsUnderTest())("campaign attribution on %s", (dialect) => {
  const smtp = useTestSmtpServer();
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { clock: () => NOW, env: () => ({ SMTP_URL: smtp.server.url }) });
  const visit = (url: string, host = "localhost") => t.app.inject({ method: "GET", url, headers: { host } });

  it("sets a 30-day cookie on the page request that carries source and medium", async () => {
    const response = await visit(
      "/books/anything?utm_source=newsletter&utm_medium=email&utm_campaign=launch%20week&term=x",
    );
    const cookie = response.cookies.find((c) => c.name === "quire_campaign");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    const value = JSON.parse(Buffer.from(cookie?.value ?? "", "base64url").toString("utf8"));
    expect(value).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "launchweek",
      term: "x",
      capturedAt: "2026-11-21T12:00:00.000Z",
      expiresAt: "2026-12-21T12:00:00.000Z",
    });
    const secure = await visit("/?source=ads&medium=cpc", "quire.example");
    expect(secure.cookies.find((c) => c.name === "quire_campaign")?.secure).toBe(true);
  });

  it("sets nothing without both source and medium, or for API calls", async () => {
    for (const url of [
      "/?utm_source=newsletter",
      `/?utm_source=${"a".repeat(101)}&utm_medium=email`,
      "/api/v1/genres?utm_source=a&utm_medium=b",
    ]) {
      expect(
        (await visit(url)).cookies.find((c) => c.name === "quire_campaign"),
        url,
      ).toBeUndefined();
    }
  });

  it("carries the campaign into a new account's utm, and ignores a tampered cookie", async () => {
    const landing = await visit("/?utm_source=friends&utm_medium=referral");
    const cookie = landing.cookies.find((c) => c.name === "quire_campaign");
    const signUp = (cookieHeader: string) => {
      const email = `${uniqueId("utm")}@example.test`;
      return t.app
        .inject({
          method: "POST",
          url: "/api/auth/sign-up/email",
          headers: { host: "localhost", cookie: cookieHeader },
          payload: { email, password: "a long password", acceptedTerms: true },
        })
        .then(async (response) => {
          expect(response.statusCode).toBe(201);
          return testDb.db.selectFrom("users").select("utm").where("email", "=", email).executeTakeFirstOrThrow();
        });
    };
    const attributed = await signUp(`quire_campaign=${cookie?.value}`);
    expect(JSON.parse(attributed.utm ?? "null")).toMatchObject({ source: "friends", medium: "referral" });
    const tampered = await signUp("quire_campaign=not-json");
    expect(tampered.utm).toBeNull();
  });
});
