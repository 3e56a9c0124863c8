import { describe, expect, it } from "vitest";
import { createBook, uniqueId } from "../../../test/factories";
import { extractLinks, useTestSmtpServer } from "../../../test/smtp";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { loadConfig } from "../../config";

const PASSWORD = "correct horse battery";
const FORGED = { host: "evil.example:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe.each(dialectsUnderTest())("absolute links and client addresses on %s", (dialect) => {
  const smtp = useTestSmtpServer();
  const testDb = useTestDatabase(dialect);

  /** Every route that mails a link, driven with the given headers; returns each mail's links. */
  const mailedLinks = async (app: ReturnType<typeof useTestApp>, headers: Record<string, string>) => {
    const post = (url: string, payload?: object, extra: Record<string, string> = {}) =>
      app.app.inject({ method: "POST", url, payload, headers: { ...headers, ...extra } });
    const linksOf = async (to: string, subject: RegExp) =>
      extractLinks((await smtp.server.waitForMail(to, (m) => subject.test(m.subject))).text);

    const newcomer = `${uniqueId("newcomer")}@example.test`;
    const signUp = (email: string) =>
      post("/api/auth/sign-up/email", { email, password: PASSWORD, firstName: "Ada", acceptedTerms: true });
    expect((await signUp(newcomer)).statusCode).toBe(201);
    const verification = await linksOf(newcomer, /confirm your email/i);
    expect((await post("/api/auth/send-verification-email", { email: newcomer })).statusCode).toBe(202);
    const resent = await linksOf(newcomer, /confirm your email/i);

    // Resending replaced the first token.
    const verifyLink = resent.find((link) => link.includes("mode=verifyEmail")) as string;
    const verified = await post("/api/auth/verify-email", { token: new URL(verifyLink).searchParams.get("token") });
    expect(verified.statusCode, verified.body).toBe(200);
    const signIn = await post("/api/auth/sign-in/email", { email: newcomer, password: PASSWORD, native: true });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const welcome = await linksOf(newcomer, /welcome/i);
    expect((await post("/api/auth/request-password-reset", { email: newcomer })).statusCode).toBe(202);
    const reset = await linksOf(newcomer, /reset your/i);
    expect((await signUp(newcomer)).statusCode).toBe(201);
    const signUpAttempt = await linksOf(newcomer, /tried to sign up/i);
    const session = { authorization: `Bearer ${signIn.json().token}` };
    expect((await post("/api/v1/account-deletion", undefined, session)).statusCode).toBe(200);
    const deletion = await linksOf(newcomer, /account deletion/i);

    const book = await createBook(testDb.db);
    const page = await app.app.inject({ method: "GET", url: `/books/${book.id}`, headers });
    const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(page.body)?.[1];

    return { verification, resent, welcome, reset, signUpAttempt, deletion, openGraph: [ogUrl ?? "missing og:url"] };
  };

  const expectAllOn = (links: Record<string, string[]>, origin: string) => {
    for (const [route, found] of Object.entries(links)) {
      expect(found.length, route).toBeGreaterThan(0);
      for (const link of found) expect(new URL(link).origin, `${route}: ${link}`).toBe(origin);
    }
  };

  describe("without a public URL (development)", () => {
    const t = useTestApp(testDb, {
      env: () => ({ SMTP_URL: smtp.server.url, QUIRE_AUTH_PER_IP_PER_MINUTE: "1000", PORT: "3456" }),
    });

    it("never builds a link on a forged Host: every mail and page uses this server's own origin", async () => {
      expectAllOn(await mailedLinks(t, FORGED), "http://localhost:3456");
    });

    it("keeps the request's own origin for loopback names", async () => {
      expectAllOn(await mailedLinks(t, { host: "127.0.0.1:5173" }), "http://127.0.0.1:5173");
    });
  });

  describe("with allowed hosts", () => {
    const t = useTestApp(testDb, {
      env: () => ({
        SMTP_URL: smtp.server.url,
        QUIRE_AUTH_PER_IP_PER_MINUTE: "1000",
        QUIRE_ALLOWED_HOSTS: "books.lan:8080",
      }),
    });

    it("uses an allowed Host and refuses any other", async () => {
      expectAllOn(await mailedLinks(t, { host: "books.lan:8080" }), "http://books.lan:8080");
      expectAllOn(await mailedLinks(t, FORGED), "http://localhost:3000");
    });
  });

  describe("with QUIRE_PUBLIC_URL", () => {
    const t = useTestApp(testDb, {
      env: () => ({
        SMTP_URL: smtp.server.url,
        QUIRE_AUTH_PER_IP_PER_MINUTE: "1000",
        QUIRE_PUBLIC_URL: "https://quire.example/",
      }),
    });

    it("builds every link on the configured origin whatever the Host says", async () => {
      expectAllOn(await mailedLinks(t, FORGED), "https://quire.example");
    });
  });

  describe("in production behind one trusted proxy", () => {
    const t = useTestApp(testDb, {
      env: () => ({
        NODE_ENV: "production",
        QUIRE_PUBLIC_URL: "https://quire.example",
        QUIRE_TRUST_PROXY: "1",
        QUIRE_DEV_MAIL: "on",
        QUIRE_AUTH_PER_IP_PER_MINUTE: "8",
      }),
    });
    const fromProxy = (url: string, forwardedFor: string, method: "GET" | "POST" = "GET", payload?: object) =>
      t.app.inject({
        method,
        url,
        payload,
        remoteAddress: "127.0.0.1",
        headers: { host: "quire.example", "x-forwarded-for": forwardedFor },
      });

    it("does not let a forwarded header make a remote caller look local to the outbox", async () => {
      const spoofed = await t.app.inject({
        method: "GET",
        url: "/dev/mail.json",
        remoteAddress: "203.0.113.9",
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(spoofed.statusCode).toBe(404);
      // Through the proxy the peer is loopback, but the client is not: the socket decides, and it is the proxy's.
      expect((await fromProxy("/dev/mail.json", "127.0.0.1, 203.0.113.9")).statusCode).toBe(200);
    });

    it("takes the client address from the proxy's hop only, so rotating the header does not reset limits", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const forwardedFor = `198.51.100.${i}, 203.0.113.77`;
        const response = await fromProxy("/api/auth/sign-in/email", forwardedFor, "POST", {
          email: `${uniqueId("nobody")}@example.test`,
          password: PASSWORD,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    });
  });

  describe("production without the outbox asked for", () => {
    const t = useTestApp(testDb, {
      env: () => ({ NODE_ENV: "production", QUIRE_PUBLIC_URL: "https://quire.example" }),
    });

    it("serves no /dev/mail, even to the machine itself", async () => {
      const local = await t.app.inject({ method: "GET", url: "/dev/mail.json", remoteAddress: "127.0.0.1" });
      expect(local.statusCode).toBe(404);
    });
  });
});

describe("configuration of origins and proxies", () => {
  it("refuses to start production without QUIRE_PUBLIC_URL", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/QUIRE_PUBLIC_URL is required in production/);
    expect(loadConfig({ NODE_ENV: "production", QUIRE_PUBLIC_URL: "https://quire.example/" }).publicUrl).toBe(
      "https://quire.example",
    );
  });

  it("trusts a hop count or named proxies, never every hop", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ QUIRE_TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ QUIRE_TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
    for (const value of ["true", "everyone", "10.0.0.0/8,*"]) {
      expect(() => loadConfig({ QUIRE_TRUST_PROXY: value }), value).toThrow(/QUIRE_TRUST_PROXY takes the number/);
    }
  });

  it("serves the outbox by default only outside production, and never with SMTP", () => {
    expect(loadConfig({}).devMail).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", QUIRE_PUBLIC_URL: "https://q.example" }).devMail).toBe(false);
    expect(
      loadConfig({ NODE_ENV: "production", QUIRE_PUBLIC_URL: "https://q.example", QUIRE_DEV_MAIL: "on" }).devMail,
    ).toBe(true);
    expect(loadConfig({ SMTP_URL: "smtp://mail.example:25", QUIRE_DEV_MAIL: "on" }).devMail).toBe(false);
  });
});
