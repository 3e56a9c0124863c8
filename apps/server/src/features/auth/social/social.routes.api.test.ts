import { createHash } from "node:crypto";
import { NONCE_LENGTH } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createUser, uniqueId } from "../../../../test/factories";
import { type TestAccount, useTestOidcProvider } from "../../../../test/oidc-provider";
import { RedirectBrowser } from "../../../../test/redirect-browser";
import { useTestSmtpServer } from "../../../../test/smtp";
import { useTestApp } from "../../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../../test/test-db";
import { hashPassword, hashToken } from "../secrets";

const PASSWORD = "correct horse battery";
const APP = "http://localhost";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const isCallback = (url: URL) => url.origin === APP && url.pathname.startsWith("/api/auth/callback/");

describe.each(dialectsUnderTest())("Google and Apple sign-in on %s", (dialect) => {
  const provider = useTestOidcProvider(APP);
  const smtp = useTestSmtpServer();
  const testDb = useTestDatabase(dialect);
  let clockOffsetMs = 0;
  const t = useTestApp(testDb, {
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: () => ({
      GOOGLE_CLIENT_ID: provider.google.clientId,
      GOOGLE_CLIENT_SECRET: provider.google.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
      APPLE_CLIENT_ID: provider.apple.clientId,
      APPLE_CLIENT_SECRET: provider.apple.clientSecret,
      APPLE_ISSUER: provider.issuer,
      QUIRE_AUTH_PER_IP_PER_MINUTE: "10000",
      SMTP_URL: smtp.server.url,
    }),
  });

  const newAccount = (overrides: Partial<TestAccount> = {}): TestAccount => {
    const sub = uniqueId("subject");
    return {
      sub,
      email: `${sub}@example.test`,
      email_verified: true,
      given_name: "Grace",
      family_name: "Hopper",
      ...overrides,
    };
  };

  /** Starts a flow in a fresh browser; returns the browser and the provider's authorization URL. */
  const start = async (body: object, browser = new RedirectBrowser(t.app, APP)) => {
    const response = await browser.api("POST", "/api/auth/sign-in/social", body);
    expect(response.status, JSON.stringify(response.json())).toBe(200);
    const answer = response.json() as { url: string; redirect: boolean };
    expect(answer.redirect).toBe(true);
    return { browser, url: new URL(answer.url) };
  };

  /** The whole round trip: the user signs in at the provider as `account` and comes back. */
  const signInWith = async (
    name: "google" | "apple",
    account: TestAccount | null,
    body: object = {},
    formFields: Record<string, string> = {},
  ) => {
    provider.signInAs(account);
    const { browser, url } = await start({ provider: name, ...body });
    const landed = await browser.follow(url, { formFields });
    return { browser, landed: landed.url, url };
  };

  const me = async (browser: RedirectBrowser) => browser.api("GET", "/api/v1/me");
  const userByEmail = (email: string) =>
    testDb.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  const errorOf = (landed: URL) => {
    expect(landed.pathname).toBe("/auth/sign-in");
    return landed.searchParams.get("error");
  };

  /** An email-and-password account, verified or not. */
  const passwordAccount = async (verified: boolean) => {
    const user = await createUser(testDb.db, { emailVerified: verified ? 1 : 0 });
    await testDb.db
      .insertInto("credentials")
      .values({
        userId: user.id,
        passwordHash: await hashPassword(PASSWORD),
        emailVerifiedAt: verified ? new Date().toISOString() : null,
        updatedAt: new Date().toISOString(),
      })
      .execute();
    return user;
  };

  it("says which providers are on, and the app's link scheme", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(response.json()).toEqual({ providers: { google: true, apple: true }, appScheme: "quire" });
  });

  it("signs up a brand-new reader with Google and returns to the same-site path", async () => {
    const account = newAccount();
    const { browser, landed, url } = await signInWith("google", account, {
      callbackURL: "/books/the-salt-lantern?x=1",
    });

    expect(`${landed.pathname}${landed.search}`).toBe("/books/the-salt-lantern?x=1");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const profile = await me(browser);
    expect(profile.status).toBe(200);
    expect((profile.json() as { user: object }).user).toMatchObject({
      email: account.email,
      firstName: "Grace",
      lastName: "Hopper",
      roles: ["reader"],
      emailVerified: true,
      acceptedTerms: true,
    });
    const user = await userByEmail(account.email as string);
    const links = await testDb.db
      .selectFrom("socialAccounts")
      .selectAll()
      .where("userId", "=", user?.id ?? "")
      .execute();
    expect(links).toMatchObject([{ provider: "google", subject: account.sub, email: account.email }]);
    // No password was ever set: there is nothing to sign in with but Google.
    const credentials = await testDb.db
      .selectFrom("credentials")
      .select("userId")
      .where("userId", "=", user?.id ?? "");
    expect(await credentials.execute()).toEqual([]);
    expect(browser.cookie(APP, "quire_social_state")).toBeUndefined();
    // A provider-verified email is a verified sign-in: the welcome email goes out as after email verification.
    await smtp.server.waitForMail(account.email as string, (mail) => mail.subject === "Welcome to Quire");
  });

  it("writes the campaign and invite link into a Google sign-up, once, and not into later sign-ins", async () => {
    const referrer = await createUser(testDb.db, { username: uniqueId("ref").replace("-", "_") });
    const account = newAccount();
    provider.signInAs(account);
    const browser = new RedirectBrowser(t.app, APP);
    await browser.follow(`${APP}/?utm_source=friends&utm_medium=invite&ref=${referrer.username}`);
    const { url } = await start({ provider: "google" }, browser);
    await browser.follow(url);

    const created = await userByEmail(account.email as string);
    expect(JSON.parse(created?.utm ?? "null")).toMatchObject({ source: "friends", medium: "invite" });
    expect(created?.referredBy).toBe(referrer.id);
    const count = async () =>
      (await testDb.db.selectFrom("users").select("nReferredUsers").where("id", "=", referrer.id).executeTakeFirst())
        ?.nReferredUsers;
    expect(await count()).toBe(1);

    // Signing in again through the same link finds the account: nothing is created, nothing counted.
    const again = await start({ provider: "google" }, browser);
    await browser.follow(again.url);
    expect(await count()).toBe(1);
  });

  it("keeps the attribution on the flow, for Apple's form post that arrives without Lax cookies", async () => {
    const referrer = await createUser(testDb.db, { username: uniqueId("ref").replace("-", "_") });
    const account = newAccount();
    provider.signInAs(account);
    const browser = new RedirectBrowser(t.app, APP);
    await browser.follow(`${APP}/?utm_source=ads&utm_medium=cpc&ref=${referrer.username}`);
    const { url } = await start({ provider: "apple" }, browser);
    const flow = await testDb.db
      .selectFrom("socialSignInFlows")
      .selectAll()
      .where("stateHash", "=", hashToken(url.searchParams.get("state") ?? ""))
      .executeTakeFirstOrThrow();
    expect(flow.referrer).toBe(referrer.username);
    expect(JSON.parse(flow.utm ?? "null")).toMatchObject({ source: "ads", medium: "cpc" });

    await browser.follow(url);
    const created = await userByEmail(account.email as string);
    expect(JSON.parse(created?.utm ?? "null")).toMatchObject({ source: "ads", medium: "cpc" });
    expect(created?.referredBy).toBe(referrer.id);
  });

  it("signs a returning user into the same account without creating another", async () => {
    const account = newAccount();
    const first = await signInWith("google", account);
    expect(first.landed.pathname).toBe("/");
    const firstId = ((await me(first.browser)).json() as { user: { id: string } }).user.id;

    const second = await signInWith("google", { ...account, email: `changed-${account.email}` });
    expect(((await me(second.browser)).json() as { user: { id: string } }).user.id).toBe(firstId);
    const rows = await testDb.db
      .selectFrom("socialAccounts")
      .select("userId")
      .where("subject", "=", account.sub)
      .execute();
    expect(rows).toEqual([{ userId: firstId }]);
    expect(await userByEmail(`changed-${account.email}`)).toBeUndefined();
  });

  it("links a provider-verified email to the existing password account, which keeps its password", async () => {
    const existing = await passwordAccount(true);
    const { browser } = await signInWith("google", newAccount({ email: existing.email.toUpperCase() }));
    expect(((await me(browser)).json() as { user: { id: string } }).user.id).toBe(existing.id);

    const password = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { host: "localhost" },
      payload: { email: existing.email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    expect(password.json().user.id).toBe(existing.id);
  });

  it("drops a never-verified password when the email's owner proves the address through a provider", async () => {
    const existing = await passwordAccount(false);
    const { browser } = await signInWith("google", newAccount({ email: existing.email }));
    const user = ((await me(browser)).json() as { user: { id: string; emailVerified: boolean } }).user;
    expect(user).toMatchObject({ id: existing.id, emailVerified: true });
    const password = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { host: "localhost" },
      payload: { email: existing.email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(401);
  });

  it("does not link an email the provider has not verified", async () => {
    const existing = await passwordAccount(true);
    const account = newAccount({ email: existing.email, email_verified: false });
    const { browser, landed } = await signInWith("google", account);
    expect(errorOf(landed)).toBe("socialEmailUnverified");
    expect((await me(browser)).status).toBe(401);
    const links = await testDb.db.selectFrom("socialAccounts").select("userId").where("subject", "=", account.sub);
    expect(await links.execute()).toEqual([]);
  });

  it("refuses a sign-up without an email with SPEC §5's message key", async () => {
    const account = newAccount({ email: undefined });
    const { browser, landed } = await signInWith("google", account);
    expect(errorOf(landed)).toBe("userEmailMissing");
    expect((await me(browser)).status).toBe(401);
  });

  it("sends Apple the SHA-256 of a 32-character nonce, reads Apple's form post and its name field", async () => {
    const account = newAccount({ given_name: undefined, family_name: undefined });
    provider.signInAs(account);
    const { browser, url } = await start({ provider: "apple", callbackURL: "/browse" });

    const flow = await testDb.db
      .selectFrom("socialSignInFlows")
      .selectAll()
      .where("stateHash", "=", hashToken(url.searchParams.get("state") ?? ""))
      .executeTakeFirstOrThrow();
    expect(flow.nonce).toHaveLength(NONCE_LENGTH);

    // Apple adds the name to its form post on the first authorization; the local provider does not, so the browser does.
    const name = JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: account.email });
    const landed = await browser.follow(url, { formFields: { user: name } });
    expect(landed.url.pathname).toBe("/browse");
    const received = provider.authorizationRequests.find((r) => r.get("state") === url.searchParams.get("state"));
    expect(received?.get("nonce")).toBe(sha256(flow.nonce));
    expect(received?.get("response_mode")).toBe("form_post");
    expect(received?.get("scope")).toBe("openid email name");
    expect((await me(browser)).json()).toMatchObject({
      user: { firstName: "Ada", lastName: "Lovelace", roles: ["reader"] },
    });
  });

  it("refuses a tampered state, and a state used once already", async () => {
    provider.signInAs(newAccount());
    const { browser, url } = await start({ provider: "google" });
    const callback = (await browser.follow(url, { stopBefore: isCallback })).url;
    const state = browser.cookie(APP, "quire_social_state");
    expect(state).toBe(callback.searchParams.get("state"));

    // A state the server never issued fails even with a cookie to match it.
    const tampered = new URL(callback);
    tampered.searchParams.set("state", `${state}x`);
    const forged = await new RedirectBrowser(t.app, APP).request("GET", tampered, undefined, {
      cookie: `quire_social_state=${state}x`,
    });
    expect(errorOf(new URL(forged.location ?? "", APP))).toBe("socialSignInExpired");

    // The genuine answer works once…
    expect((await browser.follow(callback)).url.pathname).toBe("/");
    expect((await me(browser)).status).toBe(200);
    // …and only once, even from a browser holding the flow's cookie.
    const replay = await new RedirectBrowser(t.app, APP).request("GET", callback, undefined, {
      cookie: `quire_social_state=${state}`,
    });
    expect(errorOf(new URL(replay.location ?? "", APP))).toBe("socialSignInExpired");
  });

  it("refuses an answer that comes back to another browser than the one that started", async () => {
    provider.signInAs(newAccount());
    const { browser, url } = await start({ provider: "google" });
    const callback = (await browser.follow(url, { stopBefore: isCallback })).url;
    const elsewhere = new RedirectBrowser(t.app, APP);
    expect(errorOf((await elsewhere.follow(callback)).url)).toBe("socialSignInExpired");
    expect((await me(elsewhere)).status).toBe(401);
  });

  it("refuses an ID token whose nonce is not the flow's", async () => {
    const account = newAccount();
    provider.signInAs(account);
    const { browser, url } = await start({ provider: "google" });
    url.searchParams.set("nonce", "a-nonce-the-server-never-made-0123456789");
    expect(errorOf((await browser.follow(url)).url)).toBe("socialSignInFailed");
    expect((await me(browser)).status).toBe(401);
    expect(await userByEmail(account.email as string)).toBeUndefined();
  });

  it("forgets a flow after 10 minutes", async () => {
    provider.signInAs(newAccount());
    const { browser, url } = await start({ provider: "google" });
    const callback = (await browser.follow(url, { stopBefore: isCallback })).url;
    clockOffsetMs = 10 * 60_000 + 1000;
    try {
      expect(errorOf((await browser.follow(callback)).url)).toBe("socialSignInExpired");
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("reports a sign-in cancelled at the provider", async () => {
    const { landed } = await signInWith("google", null);
    expect(errorOf(landed)).toBe("socialSignInCancelled");
  });

  it("returns only to paths of this site", async () => {
    for (const callbackURL of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        headers: { host: "localhost" },
        payload: { provider: "google", callbackURL },
      });
      expect(response.statusCode, callbackURL).toBe(400);
      expect(response.json().error).toMatchObject({ code: "invalid-argument" });
      expect(response.json().error.message).toContain("callbackURL must be a path on this site.");
    }
  });

  it("keeps the state cookie for Apple's cross-site form post on https (SameSite=None; Secure)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      headers: { host: "quire.example" },
      payload: { provider: "apple" },
    });
    const cookie = response.cookies.find((c) => c.name === "quire_social_state");
    expect(cookie).toMatchObject({ path: "/api/auth/callback", httpOnly: true, secure: true, sameSite: "None" });
  });

  it("hands a native sign-in to /auth/action with a one-time token bound to the nonce", async () => {
    const account = newAccount();
    const { browser, landed, url } = await signInWith("apple", account, { native: true, callbackURL: "/browse" });

    expect(landed.pathname).toBe("/auth/action");
    expect(landed.searchParams.get("mode")).toBe("socialSignIn");
    const token = landed.searchParams.get("token") as string;
    const nonce = landed.searchParams.get("nonce") as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // The app can tell the hand-off is for the flow it started: the nonce it sent the provider.
    expect(nonce).toBe(url.searchParams.get("nonce"));
    expect(landed.searchParams.get("next")).toBe("/browse");
    // The system browser gets no session: the app does.
    expect(browser.cookie(APP, "quire_session")).toBeUndefined();
    expect(browser.cookie(APP, "quire_social_state")).toBeUndefined();

    const app = new RedirectBrowser(t.app, APP);
    const wrongNonce = await app.api("POST", "/api/auth/social/exchange", { token, nonce: `${nonce.slice(1)}0` });
    expect(wrongNonce.status).toBe(412);
    expect(wrongNonce.json()).toMatchObject({ error: { message: "This link is invalid or has expired." } });

    const exchanged = await app.api("POST", "/api/auth/social/exchange", { token, nonce });
    expect(exchanged.status).toBe(200);
    const session = exchanged.json() as { user: { email: string }; token: string };
    expect(session.user.email).toBe(account.email);
    const bearer = await t.app.inject({
      method: "GET",
      url: "/api/v1/me",
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(bearer.json().user.email).toBe(account.email);
    expect((await me(app)).status).toBe(200);

    const twice = await new RedirectBrowser(t.app, APP).api("POST", "/api/auth/social/exchange", { token, nonce });
    expect(twice.status).toBe(412);
  });

  it("tells a social-only user that email sign-in and password change do not apply", async () => {
    const account = newAccount();
    const { browser } = await signInWith("google", account);
    const password = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { host: "localhost" },
      payload: { email: account.email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json().error.message).toBe("Incorrect email or password.");

    const change = await browser.api("POST", "/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "another long password",
    });
    expect(change.status).toBe(412);
    expect(change.json()).toMatchObject({
      error: { message: "This account signs in with Google or Apple and has no password to change." },
    });
  });

  describe("without provider settings", () => {
    const bare = useTestApp(testDb);

    it("turns both providers off with a clear message", async () => {
      const providers = await bare.app.inject({ method: "GET", url: "/api/auth/providers" });
      expect(providers.json().providers).toEqual({ google: false, apple: false });
      for (const [name, message] of [
        ["google", "Google sign-in is not configured on this server."],
        ["apple", "Apple sign-in is not configured on this server."],
      ]) {
        const response = await bare.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/social",
          headers: { host: "localhost" },
          payload: { provider: name },
        });
        expect(response.statusCode).toBe(412);
        expect(response.json()).toEqual({ error: { code: "failed-precondition", message } });
      }
      const callback = await bare.app.inject({ method: "GET", url: "/api/auth/callback/google?code=x&state=y" });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe("/auth/sign-in?error=googleSignInOff");
    });
  });
});
