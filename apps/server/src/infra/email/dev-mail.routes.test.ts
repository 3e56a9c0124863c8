import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../http-errors";
import { registerSecurityHeaders } from "../../security-headers";
import { devMailRoutes, linkify } from "./dev-mail.routes";
import { OutboxMailer } from "./mailer";
import { verificationEmail } from "./templates";

const LINK = "https://quire.example/auth/action?mode=verifyEmail&token=abc_DEF-123";

describe("development mail routes", () => {
  let app: FastifyInstance;
  let outboxDir: string;

  beforeAll(async () => {
    outboxDir = await mkdtemp(join(tmpdir(), "quire-dev-mail-"));
    const mailer = new OutboxMailer(outboxDir, "Quire <no-reply@quire.local>", pino({ level: "silent" }));
    const content = verificationEmail({ firstName: "<b>Ada</b>", link: LINK });
    await mailer.send({ to: "ada@example.com", ...content });
    await mailer.send({
      to: "mallory@example.com",
      subject: `<script>alert(1)</script>`,
      text: `Hello </pre><script>alert(2)</script>\nSee https://quire.example/x?a=1&b="2" now.`,
      html: `<p onclick="x">hi</p>`,
    });
    app = Fastify();
    registerErrorHandling(app);
    registerSecurityHeaders(app, { secure: false });
    await app.register(devMailRoutes, { outboxDir, localOnly: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it("lists messages as JSON, newest first, filtered by recipient", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mail.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { items } = response.json();
    expect(items.map((m: { to: string }) => m.to)).toEqual(["mallory@example.com", "ada@example.com"]);
    expect(Object.keys(items[0]).sort()).toEqual(["from", "html", "id", "links", "sentAt", "subject", "text", "to"]);

    const filtered = await app.inject({ method: "GET", url: "/dev/mail.json?to=ADA%40example.com" });
    const [only, ...rest] = filtered.json().items;
    expect(rest).toEqual([]);
    expect(only.subject).toBe("Confirm your email for Quire");
    expect(only.text).toContain(LINK);
    expect(only.links).toEqual([LINK]);

    const blank = await app.inject({ method: "GET", url: "/dev/mail.json?to=" });
    expect(blank.json().items).toHaveLength(2);
    const tooLong = await app.inject({ method: "GET", url: `/dev/mail.json?to=${"a".repeat(400)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe("invalid-argument");
  });

  it("renders an HTML page with everything escaped and links clickable, under the app's CSP", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mail" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    const page = response.body;
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("Hello &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(page).toContain("Hi &lt;b&gt;Ada&lt;/b&gt;,");
    expect(page).toContain(`<a href="${LINK.replace("&", "&amp;")}">${LINK.replace("&", "&amp;")}</a>`);
    // The quote ends the URL, the trailing text stays text.
    expect(page).toContain(
      `<a href="https://quire.example/x?a=1&amp;b=">https://quire.example/x?a=1&amp;b=</a>&quot;2&quot; now.`,
    );
    expect(page).toContain("Confirm your email for Quire");
    expect(page).toMatch(/<pre>/);
    expect(page).toContain("<style>");

    const filtered = await app.inject({ method: "GET", url: "/dev/mail?to=%22%3E%3Cscript%3Ex" });
    expect(filtered.body).not.toMatch(/<script/i);
    expect(filtered.body).toContain('value="&quot;&gt;&lt;script&gt;x"');
    expect(filtered.body).toContain("No mail to &quot;&gt;&lt;script&gt;x yet.");
  });

  it("shows one message's HTML in a sandbox, and 404s for unknown or malformed ids", async () => {
    const { items } = (await app.inject({ method: "GET", url: "/dev/mail.json?to=ada@example.com" })).json();
    const response = await app.inject({ method: "GET", url: `/dev/mail/${items[0].id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none';.*sandbox/);
    expect(response.body).toBe(items[0].html);
    for (const id of ["0000000000000-0000-00000000", "..%2F..%2Fetc%2Fpasswd", "x"]) {
      expect((await app.inject({ method: "GET", url: `/dev/mail/${id}` })).statusCode).toBe(404);
    }
  });

  it("linkify escapes text and trims trailing punctuation from links", () => {
    expect(linkify("a <b> https://x.example/p?q=1&r=2. end")).toBe(
      'a &lt;b&gt; <a href="https://x.example/p?q=1&amp;r=2">https://x.example/p?q=1&amp;r=2</a>. end',
    );
    expect(linkify("javascript:alert(1)")).toBe("javascript:alert(1)");
  });

  it("shows the outbox only to this machine in production mode", async () => {
    const local = Fastify();
    registerErrorHandling(local);
    await local.register(devMailRoutes, { outboxDir, localOnly: true });
    await local.ready();
    for (const remoteAddress of ["10.0.0.5", "192.168.1.20", "2001:db8::1"]) {
      const response = await local.inject({ method: "GET", url: "/dev/mail", remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(404);
      expect(response.body).not.toContain("mallory");
    }
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await local.inject({ method: "GET", url: "/dev/mail.json", remoteAddress })).statusCode).toBe(200);
    }
    await local.close();
  });
});
