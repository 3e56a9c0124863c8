import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractLinks, startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { createMailer, OutboxMailer, readOutbox } from "./mailer";
import { verificationEmail } from "./templates";

const FROM = "Quire <no-reply@quire.local>";
const silent = pino({ level: "silent" });

// Long enough that quoted-printable has to break the line inside the link.
const LINK =
  "https://quire.example/auth/action?mode=verifyEmail&token=abc_DEF-123&continueUrl=https%3A%2F%2Fquire.example%2Fbooks%2Fthe-long-way-home&lang=fr";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "quire-mail-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("SMTP mailer", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("delivers a verification email that decodes back to the exact subject, text, html and link", async () => {
    const outboxDir = join(dir, "unused-outbox");
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir }, silent);
    const content = verificationEmail({ firstName: "Zoë", link: LINK });
    const subject = `Vérifiez votre adresse — ${content.subject}`;

    await mailer.send({ to: "Zoe@Example.com", subject, text: content.text, html: content.html });
    const mail = await smtp.waitForMail("zoe@example.com");

    expect(mail.to).toEqual(["zoe@example.com"]);
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(content.text);
    expect(mail.html).toBe(content.html);
    expect(extractLinks(mail.text)).toEqual([LINK]);
    expect(extractLinks(mail.html)).toEqual([LINK]);
    // The encodings were really exercised: an encoded-word subject, and a link that QP split and escaped.
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?[QB]\?/im);
    expect(mail.raw).toMatch(/multipart\/alternative/i);
    expect(mail.raw).toMatch(/quoted-printable/i);
    expect(mail.raw).toContain("mode=3DverifyEmail");
    expect(mail.raw).not.toContain(LINK);
    await expect(readdir(outboxDir)).rejects.toThrow();
  });

  it("rejects within seconds when nothing listens", async () => {
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: FROM, outboxDir: dir }, silent);
    const started = Date.now();
    await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("rejects when the server accepts the connection but never greets", async () => {
    const sockets: Socket[] = [];
    const silentServer: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, "127.0.0.1", resolve));
    const address = silentServer.address();
    if (!address || typeof address === "string") throw new Error("no port");
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${address.port}`, from: FROM, outboxDir: dir }, silent, {
        timeouts: { greetingMs: 300 },
      });
      const started = Date.now();
      await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow(
        /greeting/i,
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silentServer.close(() => resolve()));
    }
  });
});

describe("outbox mailer", () => {
  it("writes one JSON file per message and reads them back newest first, filtered by recipient", async () => {
    const outboxDir = join(dir, "outbox-read");
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir }, logger);
    expect(mailer).toBeInstanceOf(OutboxMailer);

    await mailer.send({ to: "ada@example.com", subject: "First", text: "token=one", html: "<p>one</p>" });
    await mailer.send({ to: "bob@example.com", subject: "Second", text: "token=two", html: "<p>two</p>" });
    await mailer.send({ to: "ada@example.com", subject: "Third", text: "token=three", html: "<p>three</p>" });

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(3);
    expect(files.every((f) => /^\d{13}-\d{4}-[0-9a-f]{8}\.json$/.test(f))).toBe(true);
    const stored = JSON.parse(await readFile(join(outboxDir, files[0] ?? ""), "utf8"));
    expect(Object.keys(stored).sort()).toEqual(["from", "html", "id", "sentAt", "subject", "text", "to"]);
    expect(stored).toMatchObject({ to: "ada@example.com", from: FROM, subject: "First", text: "token=one" });
    expect(new Date(stored.sentAt).toISOString()).toBe(stored.sentAt);

    const everything = await readOutbox(outboxDir);
    expect(everything.map((m) => m.subject)).toEqual(["Third", "Second", "First"]);
    expect((await readOutbox(outboxDir, { to: "ADA@example.com" })).map((m) => m.subject)).toEqual(["Third", "First"]);
    expect((await readOutbox(outboxDir, { to: "Ada <ada@example.com>", limit: 1 })).map((m) => m.subject)).toEqual([
      "Third",
    ]);
    expect(await readOutbox(outboxDir, { to: "nobody@example.com" })).toEqual([]);

    const logged = lines.map((line) => JSON.parse(line));
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: "mail written to outbox",
      to: "ada@example.com",
      subject: "First",
    });
    expect(lines.join("")).not.toContain("token=");
  });

  it("orders by send time even within one millisecond, and uses the given clock", async () => {
    const outboxDir = join(dir, "outbox-clock");
    const fixed = new Date("2030-01-02T03:04:05.678Z");
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir }, silent, { clock: () => fixed });
    for (let i = 0; i < 5; i++) await mailer.send({ to: "a@example.com", subject: `#${i}`, text: "", html: "" });
    const messages = await readOutbox(outboxDir);
    expect(messages.map((m) => m.subject)).toEqual(["#4", "#3", "#2", "#1", "#0"]);
    expect(messages.every((m) => m.sentAt === fixed.toISOString())).toBe(true);
  });

  it("treats a missing folder as empty and skips temp, foreign and broken files", async () => {
    expect(await readOutbox(join(dir, "does-not-exist"))).toEqual([]);
    const outboxDir = join(dir, "outbox-mess");
    const mailer = new OutboxMailer(outboxDir, FROM, silent);
    await mailer.send({ to: "a@example.com", subject: "Real", text: "", html: "" });
    await writeFile(join(outboxDir, ".9999999999999-0000-00000000.json.tmp"), "{");
    await writeFile(join(outboxDir, "9999999999999-0000-00000000.json"), "{ not json");
    await writeFile(join(outboxDir, "9999999999998-0000-00000000.json"), JSON.stringify({ id: 1 }));
    await writeFile(join(outboxDir, "notes.txt"), "hello");
    expect((await readOutbox(outboxDir)).map((m) => m.subject)).toEqual(["Real"]);
  });
});
