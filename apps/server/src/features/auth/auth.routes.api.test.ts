import { describe, expect, it } from "vitest";
import { uniqueId } from "../../../test/factories";
import { extractLinks, useTestSmtpServer } from "../../../test/smtp";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const PASSWORD = "correct horse battery";

describe.each(dialectsUnderTest())("accounts API on %s", (dialect) => {
  const smtp = useTestSmtpServer();
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, {
    env: () => ({
      SMTP_URL: smtp.server.url,
      QUIRE_AUTH_PER_IP_PER_MINUTE: "1000",
      QUIRE_SIGN_IN_ATTEMPTS_PER_ACCOUNT: "5",
    }),
  });

  let ipCounter = 0;
  /** Each call comes from its own address, so per-IP limits only bite in the test about them. */
  const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { host: "localhost", ...headers },
      remoteAddress: remoteAddress ?? `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { host: "localhost", ...headers } });

  const newEmail = () => `${uniqueId("reader")}@example.test`;
  const signUp = (email: string, extra: object = {}) =>
    post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      firstName: "Ada",
      lastName: "Reader",
      acceptedTerms: true,
      ...extra,
    });
  const tokenFromMail = async (email: string, mode: "verifyEmail" | "resetPassword") => {
    const mail = await smtp.server.waitForMail(email, (m) => m.text.includes(`mode=${mode}`));
    const link = extractLinks(mail.text).find((l) => l.includes(`mode=${mode}`));
    expect(link, mail.text).toBeDefined();
    const url = new URL(link as string);
    expect(url.pathname).toBe("/auth/action");
    return url.searchParams.get("token") as string;
  };
  const verifiedAccount = async () => {
    const email = newEmail();
    expect((await signUp(email)).statusCode).toBe(201);
    expect(
      (await post("/api/auth/verify-email", { token: await tokenFromMail(email, "verifyEmail") })).statusCode,
    ).toBe(200);
    return email;
  };
  const signIn = (email: string, password = PASSWORD, remoteAddress?: string) =>
    post("/api/auth/sign-in/email", { email, password }, {}, remoteAddress);
  const cookieOf = (response: Awaited<ReturnType<typeof post>>) => {
    const cookie = response.cookies.find((c) => c.name === "quire_session");
    expect(cookie).toBeDefined();
    return `quire_session=${cookie?.value}`;
  };

  it("signs up a signed-out reader, creates the profile, and mails a verification link", async () => {
    const email = newEmail();
    const response = await signUp(email.toUpperCase(), { acceptedTracking: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: "verification-sent", email });
    expect(response.cookies.find((c) => c.name === "quire_session")).toBeUndefined();
    const profile = await testDb.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      firstName: "Ada",
      roles: '["reader"]',
      emailVerified: 0,
      acceptedTerms: 1,
      acceptedTracking: 1,
      location: "",
    });
    expect(profile.username).toMatch(new RegExp(`^${email.split("@")[0]?.replace(/[^a-z0-9_]/g, "")}_[a-z0-9]{5}$`));
    const token = await tokenFromMail(email, "verifyEmail");
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await testDb.db
      .selectFrom("emailTokens")
      .select("tokenHash")
      .where("userId", "=", profile.id)
      .execute();
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    const credentials = await testDb.db
      .selectFrom("credentials")
      .select("passwordHash")
      .where("userId", "=", profile.id)
      .executeTakeFirstOrThrow();
    expect(credentials.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses sign-up without accepted terms or with a weak password", async () => {
    const refused = await signUp(newEmail(), { acceptedTerms: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: "invalid-argument", message: "acceptedTerms must be true" });
    const weak = await post("/api/auth/sign-up/email", { email: newEmail(), password: "short", acceptedTerms: true });
    expect(weak.statusCode).toBe(400);
  });

  it("answers a sign-up for a taken email exactly like a new one, and tells the owner instead", async () => {
    const email = await verifiedAccount();
    const fresh = await signUp(newEmail());
    const taken = await signUp(email.toUpperCase(), { firstName: "Mallory", password: "another long password" });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual({ status: "verification-sent", email });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const notice = await smtp.server.waitForMail(email, (m) => /tried to sign up/i.test(m.subject));
    expect(notice.text).toContain("already belongs to your account");
    expect(notice.text).not.toContain("mode=verifyEmail");
    // Nothing about the account changed: the first name and the password are the owner's.
    const owner = await testDb.db.selectFrom("users").select("firstName").where("email", "=", email).executeTakeFirst();
    expect(owner?.firstName).toBe("Ada");
    expect((await signIn(email)).statusCode).toBe(200);
    expect((await signIn(email, "another long password")).statusCode).toBe(401);
  });

  it("needs a verified email to sign in, then marks the profile verified and welcomes once", async () => {
    const email = newEmail();
    await signUp(email);
    const early = await signIn(email);
    expect(early.statusCode).toBe(412);
    expect(early.json().error).toEqual({
      code: "failed-precondition",
      message: "Your email is not verified. Please check your email for the verification link!",
      reason: "auth/user-verification-pending",
    });
    const token = await tokenFromMail(email, "verifyEmail");
    expect((await post("/api/auth/verify-email", { token })).json()).toEqual({ email });
    const reused = await post("/api/auth/verify-email", { token });
    expect(reused.statusCode).toBe(412);
    expect(reused.json().error.message).toBe("This link is invalid or has expired.");

    const response = await signIn(email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email,
      emailVerified: true,
      roles: ["reader"],
      systemLists: { reading: [], finished: [], "want-to-read": [] },
    });
    // The web gets the session as an HttpOnly cookie only; a script on the page never sees the token.
    expect(body).not.toHaveProperty("token");
    const cookie = response.cookies.find((c) => c.name === "quire_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    await smtp.server.waitForMail(email, (m) => /welcome/i.test(m.subject));

    await signIn(email);
    // Mail sent after the second sign-in: once it is in, a welcome email that sign-in started would be in too.
    expect((await post("/api/auth/request-password-reset", { email })).statusCode).toBe(202);
    await tokenFromMail(email, "resetPassword");
    expect(smtp.server.messages.filter((m) => m.to.includes(email) && /welcome/i.test(m.subject))).toHaveLength(1);
  });

  it("marks session cookies Secure outside localhost", async () => {
    const email = await verifiedAccount();
    const response = await post("/api/auth/sign-in/email", { email, password: PASSWORD }, { host: "quire.example" });
    expect(response.cookies.find((c) => c.name === "quire_session")?.secure).toBe(true);
  });

  it("answers /me by cookie or bearer token, and 'No user logged in.' without a session", async () => {
    const email = await verifiedAccount();
    const response = await post("/api/auth/sign-in/email", { email, password: PASSWORD, native: true });
    expect(response.json().token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const byCookie = await get("/api/v1/me", { cookie: cookieOf(response) });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().user.email).toBe(email);
    const byToken = await get("/api/v1/me", { authorization: `Bearer ${response.json().token}` });
    expect((await get("/api/auth/get-session", { cookie: cookieOf(response) })).json().user.email).toBe(email);
    expect(byToken.json().user.id).toBe(byCookie.json().user.id);
    const visitors: Record<string, string>[] = [
      {},
      { cookie: "quire_session=forged" },
      { authorization: "Bearer forged-token" },
    ];
    for (const headers of visitors) {
      const probe = await get("/api/auth/get-session", headers);
      expect(probe.statusCode).toBe(200);
      expect(probe.json()).toEqual({ user: null });
      const anonymous = await get("/api/v1/me", headers);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toEqual({ code: "unauthenticated", message: "No user logged in." });
    }
  });

  it("gives one answer for a wrong password and an unknown email", async () => {
    const email = await verifiedAccount();
    const wrong = await signIn(email, "not the password");
    const unknown = await signIn(newEmail());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe("Incorrect email or password.");
  });

  it("signs out: the session stops working and the cookie is cleared", async () => {
    const email = await verifiedAccount();
    const cookie = cookieOf(await signIn(email));
    const out = await post("/api/auth/sign-out", undefined, { cookie });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "quire_session")?.value).toBe("");
    expect((await get("/api/v1/me", { cookie })).statusCode).toBe(401);
  });

  it("resets a forgotten password by emailed link, ending every session", async () => {
    const unknown = await post("/api/auth/request-password-reset", { email: newEmail() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "not-found", message: "No user found with that email" });

    const email = await verifiedAccount();
    const oldCookie = cookieOf(await signIn(email));
    expect((await post("/api/auth/request-password-reset", { email })).statusCode).toBe(202);
    const token = await tokenFromMail(email, "resetPassword");
    expect((await post("/api/auth/reset-password/check", { token })).json()).toEqual({ email });
    expect((await post("/api/auth/reset-password", { token, password: "a brand new secret" })).statusCode).toBe(204);
    expect((await post("/api/auth/reset-password", { token, password: "another secret!" })).statusCode).toBe(412);
    expect((await get("/api/v1/me", { cookie: oldCookie })).statusCode).toBe(401);
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await signIn(email, "a brand new secret")).statusCode).toBe(200);
  });

  it("changes a password only with the current one, keeping this session and ending the others", async () => {
    const email = await verifiedAccount();
    const here = cookieOf(await signIn(email));
    const elsewhere = cookieOf(await signIn(email));
    const wrong = await post(
      "/api/auth/change-password",
      { currentPassword: "nope", newPassword: "fresh password 1" },
      { cookie: here },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({
      code: "permission-denied",
      message: "Invalid password!",
      reason: "invalid_password",
    });
    const ok = await post(
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "fresh password 1" },
      { cookie: here },
    );
    expect(ok.statusCode).toBe(204);
    expect((await get("/api/v1/me", { cookie: here })).statusCode).toBe(200);
    expect((await get("/api/v1/me", { cookie: elsewhere })).statusCode).toBe(401);
    const anonymous = await post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "fresh password 2",
    });
    expect(anonymous.json().error.message).toBe("No user logged in.");
  });

  it("limits sign-in attempts per account, whatever the address, with Retry-After", async () => {
    const email = await verifiedAccount();
    for (let i = 0; i < 5; i++) expect((await signIn(email, "wrong password")).statusCode).toBe(401);
    const limited = await signIn(email, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("resource-exhausted");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses state-changing calls from another site's pages", async () => {
    const response = await post(
      "/api/auth/sign-up/email",
      { email: newEmail(), password: PASSWORD, acceptedTerms: true },
      { origin: "https://evil.example" },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe("Cross-site request refused.");
    const same = await post(
      "/api/auth/sign-up/email",
      { email: newEmail(), password: PASSWORD, acceptedTerms: true },
      { origin: "http://localhost" },
    );
    expect(same.statusCode).toBe(201);
  });
});

describe("per-address limits on account endpoints", () => {
  const testDb = useTestDatabase("sqlite");
  const t = useTestApp(testDb, { env: () => ({ QUIRE_AUTH_PER_IP_PER_MINUTE: "3" }) });

  it("answers 429 with Retry-After once an address goes over its limit", async () => {
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "10.9.9.9",
        payload: { email: "x@example.test", password: "whatever" },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("resource-exhausted");
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
