import { escapeHtml } from "../html";
/**
 * Quire's transactional emails: pure functions from data to `{ subject, text, html }`.
 * Links arrive complete (origin, path, token) from the caller; every value is HTML-escaped here.
 * The HTML is table-based with inline styles, because that is what email clients render reliably.
 */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const BRAND = {
  paper: "#f7f1e8",
  card: "#fffdf9",
  line: "#e6dccb",
  ink: "#231f1a",
  muted: "#6b6158",
  rust: "#a3411f",
  serif: "Georgia, 'Iowan Old Style', 'Palatino Linotype', Palatino, 'Times New Roman', serif",
  sans: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif",
} as const;

export function verificationEmail(input: { firstName: string; link: string }): EmailContent {
  return render({
    subject: "Confirm your email for Quire",
    preheader: "One click and your Quire account is ready.",
    greeting: greeting(input.firstName),
    heading: "Confirm your email",
    paragraphs: ["Thanks for joining Quire. Please confirm this is your email address, then sign in to start reading."],
    action: { label: "Confirm my email", url: input.link },
    footnote: "If you didn't create a Quire account, you can safely ignore this email.",
  });
}

export function welcomeEmail(input: { firstName: string; appUrl: string }): EmailContent {
  return render({
    subject: "Welcome to Quire",
    preheader: "Your shelf is ready. Find your next favourite book.",
    greeting: greeting(input.firstName),
    heading: "Welcome to Quire",
    paragraphs: [
      "Your email is confirmed and your account is ready.",
      "Browse the catalogue, keep your place in every book, and follow readers whose taste you trust.",
    ],
    action: { label: "Start reading", url: input.appUrl },
    footnote: "Happy reading! The Quire team",
  });
}

export function signUpAttemptEmail(input: { firstName: string; signInUrl: string; resetUrl: string }): EmailContent {
  return render({
    subject: "Someone tried to sign up to Quire with your email",
    preheader: "You already have a Quire account with this address.",
    greeting: greeting(input.firstName),
    heading: "You already have an account",
    paragraphs: [
      "Someone just tried to create a Quire account with this email address. It already belongs to your account, so nothing was changed.",
      `If it was you, sign in instead. Forgot your password? Reset it here: ${input.resetUrl}`,
    ],
    action: { label: "Sign in", url: input.signInUrl },
    footnote: "If it wasn't you, you can ignore this email: your account stays just as it is.",
  });
}

export function passwordResetEmail(input: { firstName: string; link: string; expiresInMinutes: number }): EmailContent {
  const expiry = formatMinutes(input.expiresInMinutes);
  return render({
    subject: "Reset your Quire password",
    preheader: `Choose a new password. The link works for ${expiry}.`,
    greeting: greeting(input.firstName),
    heading: "Reset your password",
    paragraphs: [`We received a request to reset your Quire password. This link works for ${expiry}.`],
    action: { label: "Choose a new password", url: input.link },
    footnote: "If you didn't ask for this, you can ignore this email: your password stays the same.",
  });
}

export function deletionRequestEmail(input: { firstName: string; link: string; expiresInHours: number }): EmailContent {
  const expiry = formatMinutes(input.expiresInHours * 60);
  return render({
    subject: "Confirm your Quire account deletion",
    preheader: `Confirm within ${expiry} to delete your account.`,
    greeting: greeting(input.firstName),
    heading: "Delete your account?",
    paragraphs: [
      "We received a request to delete your Quire account. Deleting it removes your profile, shelves and reading progress for good.",
      `To go ahead, confirm within ${expiry}.`,
    ],
    action: { label: "Confirm deletion", url: input.link },
    footnote: "If you didn't ask for this, ignore this email and your account stays just as it is.",
  });
}

export function deletionConfirmationEmail(input: { firstName: string }): EmailContent {
  return render({
    subject: "Your Quire account has been deleted",
    preheader: "Your account and its data are gone.",
    greeting: greeting(input.firstName),
    heading: "Your account has been deleted",
    paragraphs: [
      "As you asked, your Quire account and its data have been deleted.",
      "Thank you for reading with us. You're always welcome back.",
    ],
    footnote: "If you didn't ask for this, please reply to this email right away.",
  });
}

// ---------------------------------------------------------------------------------------------------------------

interface Layout {
  subject: string;
  preheader: string;
  greeting: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
}

function greeting(firstName: string): string {
  // Control characters (a newline in a name) must not reshape the text version.
  const name = firstName.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").trim();
  return name ? `Hi ${name},` : "Hi there,";
}

function formatMinutes(totalMinutes: number): string {
  const minutes = Math.max(1, Math.round(totalMinutes));
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "1 hour" : `${hours} hours`;
  }
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Only http(s) links go into a button: a `javascript:` or relative link is a programming error. */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Email links must be absolute URLs, got ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`Email links must be http(s) URLs, got ${JSON.stringify(url)}`);
  }
  return url;
}

function render(layout: Layout): EmailContent {
  const url = layout.action ? checkedUrl(layout.action.url) : undefined;
  return { subject: layout.subject, text: renderText(layout, url), html: renderHtml(layout, url) };
}

function renderText(layout: Layout, url: string | undefined): string {
  const lines = [layout.greeting, "", ...layout.paragraphs.flatMap((p) => [p, ""])];
  if (layout.action && url) lines.push(`${layout.action.label}:`, url, "");
  lines.push(layout.footnote, "", "-- ", "Quire · read, track and share books", "");
  return lines.join("\n");
}

function renderHtml(layout: Layout, url: string | undefined): string {
  const e = escapeHtml;
  const paragraphs = layout.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px 0;font-family:${BRAND.sans};font-size:16px;line-height:1.6;color:${BRAND.ink};">${e(p)}</p>`,
    )
    .join("\n");
  const action =
    layout.action && url
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
<tr><td align="center" bgcolor="${BRAND.rust}" style="border-radius:6px;background-color:${BRAND.rust};">
<a href="${e(url)}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${BRAND.sans};font-size:16px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px;">${e(layout.action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 8px 0;font-family:${BRAND.sans};font-size:13px;line-height:1.5;color:${BRAND.muted};">Button not working? Copy and paste this link into your browser:</p>
<p style="margin:0 0 24px 0;font-family:${BRAND.sans};font-size:13px;line-height:1.5;word-break:break-all;"><a href="${e(url)}" target="_blank" style="color:${BRAND.rust};text-decoration:underline;">${e(url)}</a></p>`
      : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${BRAND.paper};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${e(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${BRAND.paper}" style="background-color:${BRAND.paper};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 20px 8px;font-family:${BRAND.serif};font-size:28px;font-weight:bold;letter-spacing:0.5px;color:${BRAND.ink};">Quire<span style="color:${BRAND.rust};">.</span></td></tr>
<tr><td bgcolor="${BRAND.card}" style="background-color:${BRAND.card};border:1px solid ${BRAND.line};border-radius:10px;padding:32px;">
<h1 style="margin:0 0 20px 0;font-family:${BRAND.serif};font-size:24px;font-weight:normal;line-height:1.3;color:${BRAND.ink};">${e(layout.heading)}</h1>
<p style="margin:0 0 16px 0;font-family:${BRAND.sans};font-size:16px;line-height:1.6;color:${BRAND.ink};">${e(layout.greeting)}</p>
${paragraphs}
${action}
<p style="margin:0;padding-top:16px;border-top:1px solid ${BRAND.line};font-family:${BRAND.sans};font-size:13px;line-height:1.5;color:${BRAND.muted};">${e(layout.footnote)}</p>
</td></tr>
<tr><td align="center" style="padding:20px 8px 0 8px;font-family:${BRAND.serif};font-size:13px;font-style:italic;color:${BRAND.muted};">Quire · read, track and share books</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
