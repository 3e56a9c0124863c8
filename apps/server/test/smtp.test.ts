import { createTransport } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeHeaderValue, extractLinks, parseMessage, startTestSmtpServer, type TestSmtpServer } from "./smtp";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n"), "latin1");

describe("test SMTP server: MIME parsing", () => {
  it("decodes RFC 2047 encoded words (Q and B, joined across words) and unfolds headers", () => {
    expect(decodeHeaderValue("=?UTF-8?Q?V=C3=A9rifiez_votre_adresse?=")).toBe("Vérifiez votre adresse");
    expect(decodeHeaderValue("=?utf-8?B?VsOpcmlmaWV6?=")).toBe("Vérifiez");
    // A two-byte character split between two words, and the white space between words dropped.
    expect(decodeHeaderValue("=?UTF-8?Q?V=C3?= =?UTF-8?Q?=A9rifiez?=")).toBe("Vérifiez");
    expect(decodeHeaderValue("Hello =?ISO-8859-1?Q?Zo=EB?= and friends")).toBe("Hello Zoë and friends");
    expect(decodeHeaderValue("plain text")).toBe("plain text");

    const mail = parseMessage(
      crlf([
        "From: =?UTF-8?Q?Qu=C3=AEre?= <no-reply@quire.local>",
        "Subject: =?UTF-8?Q?V=C3=A9rifiez?=",
        " =?UTF-8?Q?_votre_adresse?=",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Body",
      ]),
    );
    expect(mail.subject).toBe("Vérifiez votre adresse");
    expect(mail.from).toBe("Quîre <no-reply@quire.local>");
    expect(mail.text).toBe("Body");
  });

  it("reads multipart/mixed around multipart/alternative, quoted-printable and base64, and skips attachments", () => {
    const html = Buffer.from('<p>Caf\u00e9 <a href="https://q.example/?a=1&amp;b=2">go</a></p>', "utf8");
    const mail = parseMessage(
      crlf([
        "Subject: Test",
        'Content-Type: multipart/mixed; boundary="outer;1"',
        "",
        "preamble",
        "--outer;1",
        "Content-Type: multipart/alternative; boundary=inner",
        "",
        "--inner",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Caf=C3=A9 https://q.example/auth?mode=3DverifyEmail&token=3Dabc_DEF-1=",
        "23&more=3D=",
        "xyz  ",
        "second line",
        "--inner",
        'Content-Type: text/html; charset="UTF-8"',
        "Content-Transfer-Encoding: base64",
        "",
        html.toString("base64").slice(0, 40),
        html.toString("base64").slice(40),
        "--inner--",
        "--outer;1",
        "Content-Type: text/plain",
        "Content-Disposition: attachment; filename=notes.txt",
        "",
        "not the body",
        "--outer;1--",
        "epilogue",
      ]),
    );
    expect(mail.text).toBe("Café https://q.example/auth?mode=verifyEmail&token=abc_DEF-123&more=xyz\nsecond line");
    expect(mail.html).toBe(html.toString("utf8"));
    expect(extractLinks(mail.text)).toEqual(["https://q.example/auth?mode=verifyEmail&token=abc_DEF-123&more=xyz"]);
    expect(extractLinks(mail.html)).toEqual(["https://q.example/?a=1&b=2"]);
  });

  it("extractLinks keeps order, drops duplicates and trailing punctuation", () => {
    expect(extractLinks("See https://a.example/x, then (https://b.example/y). Again https://a.example/x.")).toEqual([
      "https://a.example/x",
      "https://b.example/y",
    ]);
    expect(extractLinks("no links here")).toEqual([]);
  });
});

describe("test SMTP server", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("receives mail from nodemailer, including 8bit and base64 bodies, and waits for it", async () => {
    const transport = createTransport(smtp.url);
    const waiting = smtp.waitForMail("reader@example.com", (m) => m.subject.startsWith("Base64"));
    await transport.sendMail({
      from: "Quire <no-reply@quire.local>",
      to: ["Reader@Example.com", "other@example.com"],
      subject: "Base64 ✓ ünïcödé",
      text: "Grüße aus Quire — ✓\nhttps://quire.example/?x=1",
      html: "<p>Grüße</p>",
      textEncoding: "base64",
    });
    const mail = await waiting;
    expect(mail.to).toEqual(["reader@example.com", "other@example.com"]);
    expect(mail.subject).toBe("Base64 ✓ ünïcödé");
    expect(mail.text).toBe("Grüße aus Quire — ✓\nhttps://quire.example/?x=1");
    expect(mail.html).toBe("<p>Grüße</p>");
    expect(mail.headers["message-id"]).toMatch(/^<.+>$/);

    // Consecutive waits return consecutive messages.
    await transport.sendMail({ from: "a@quire.local", to: "reader@example.com", subject: "Second", text: "2" });
    expect((await smtp.waitForMail("reader@example.com")).subject).toBe("Second");
    await expect(smtp.waitForMail("reader@example.com", undefined, 200)).rejects.toThrow(
      /No mail to reader@example.com within 200 ms/,
    );
    expect(smtp.messages).toHaveLength(2);
    smtp.clear();
    expect(smtp.messages).toHaveLength(0);
    transport.close();
  });
});
