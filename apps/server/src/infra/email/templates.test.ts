import { describe, expect, it } from "vitest";
import { extractLinks } from "../../../test/smtp";
import { escapeHtml } from "../html";
import {
  deletionConfirmationEmail,
  deletionRequestEmail,
  type EmailContent,
  passwordResetEmail,
  verificationEmail,
  welcomeEmail,
} from "./templates";

const LINK = "https://quire.example/auth/action?mode=verifyEmail&token=abc_DEF-123";
const HOSTILE = `<script>alert("x")</script> & 'Bob'`;

const withLink: Array<[string, (firstName: string) => EmailContent, string]> = [
  ["verification", (firstName) => verificationEmail({ firstName, link: LINK }), LINK],
  ["welcome", (firstName) => welcomeEmail({ firstName, appUrl: "https://quire.example/" }), "https://quire.example/"],
  ["password reset", (firstName) => passwordResetEmail({ firstName, link: LINK, expiresInMinutes: 60 }), LINK],
  ["deletion request", (firstName) => deletionRequestEmail({ firstName, link: LINK, expiresInHours: 24 }), LINK],
];
const all: Array<[string, (firstName: string) => EmailContent]> = [
  ...withLink.map(([name, build]) => [name, build] as [string, (firstName: string) => EmailContent]),
  ["deletion confirmation", (firstName) => deletionConfirmationEmail({ firstName })],
];

describe("email templates", () => {
  it.each(all)("%s: never puts a name into the HTML unescaped", (_name, build) => {
    const { subject, text, html } = build(HOSTILE);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(`"x"`);
    expect(html).toContain("Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bob&#39;,");
    // The plain-text version shows the name as typed; the subject never carries user data.
    expect(text).toContain(`Hi ${HOSTILE},`);
    expect(subject).not.toContain("script");
  });

  it.each(all)("%s: greets 'Hi there,' without a first name", (_name, build) => {
    for (const firstName of ["", "   "]) {
      const { text, html } = build(firstName);
      expect(text.startsWith("Hi there,\n")).toBe(true);
      expect(html).toContain(">Hi there,</p>");
    }
    expect(build("Zoë").text.startsWith("Hi Zoë,\n")).toBe(true);
  });

  it.each(all)("%s: is a complete, branded HTML document with a matching text version", (_name, build) => {
    const { subject, text, html } = build("Ada");
    expect(subject.length).toBeGreaterThan(5);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("#f7f1e8");
    expect(html).toContain("Quire");
    expect(html).toContain(`<title>${escapeHtml(subject)}</title>`);
    expect(text).not.toMatch(/<[a-z]/i);
    expect(text).toContain("Quire");
  });

  it.each(withLink)("%s: has the link as a button and as copyable text, in both versions", (_name, build, link) => {
    const { text, html } = build("Ada");
    expect(text.split("\n")).toContain(link);
    expect(extractLinks(text)).toEqual([link]);
    expect(extractLinks(html)).toEqual([link]);
    const escaped = escapeHtml(link);
    expect(html).toContain(`href="${escaped}"`);
    expect(html).toContain(`>${escaped}</a>`);
    expect(html).toContain("#a3411f");
  });

  it("escapes a link's own special characters in the HTML", () => {
    const link = `https://quire.example/a?x="><img src=x onerror=alert(1)>&y=1`;
    const { html } = verificationEmail({ firstName: "Ada", link });
    expect(html).not.toContain("<img");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;y=1");
  });

  it("refuses links that are not absolute http(s) URLs", () => {
    expect(() => verificationEmail({ firstName: "Ada", link: "javascript:alert(1)" })).toThrow(/http/);
    expect(() => verificationEmail({ firstName: "Ada", link: "/auth/action?token=x" })).toThrow(/absolute/);
  });

  it("states how long links last", () => {
    expect(passwordResetEmail({ firstName: "", link: LINK, expiresInMinutes: 60 }).text).toContain("1 hour");
    expect(passwordResetEmail({ firstName: "", link: LINK, expiresInMinutes: 30 }).text).toContain("30 minutes");
    const deletion = deletionRequestEmail({ firstName: "", link: LINK, expiresInHours: 24 });
    expect(deletion.text).toContain("24 hours");
    expect(deletion.html).toContain("24 hours");
  });

  it("keeps control characters in a name from reshaping the text", () => {
    const { text } = welcomeEmail({ firstName: "Ada\r\nSubject: hi", appUrl: "https://quire.example/" });
    expect(text.startsWith("Hi Ada Subject: hi,\n")).toBe(true);
  });
});
