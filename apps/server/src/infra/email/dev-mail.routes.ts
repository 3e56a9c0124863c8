import { AppError } from "@quire/core";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { escapeHtml } from "../html";
import { type OutboxMessage, readOutbox, readOutboxMessage } from "./mailer";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The outbox, for people and tests when no SMTP server is configured: what the `OutboxMailer` wrote,
 * newest first. Messages hold sign-in and deletion tokens, so with `localOnly` (production mode) only
 * the machine itself may read them: someone trying Quire with `npm start` on their own computer.
 *
 * - `GET /dev/mail.json?to=…` → `{ items: (OutboxMessage & { links })[] }` (at most 50), each with the
 *   http(s) links of its text body so a script can follow a verification link without parsing
 * - `GET /dev/mail?to=…` → an HTML page listing them, text bodies with clickable links
 * - `GET /dev/mail/:id` → one message's HTML version as the recipient would see it (sandboxed, no script)
 */
export const devMailRoutes: FastifyPluginAsync<{ outboxDir: string; localOnly: boolean }> = async (
  app,
  { outboxDir, localOnly },
) => {
  if (localOnly) {
    app.addHook("onRequest", async (request) => {
      // The socket's peer, never request.ip: a forwarded header must not make a remote caller look local.
      if (!LOOPBACK.test(request.socket.remoteAddress ?? "")) throw AppError.of("routeNotFound");
    });
  }

  app.get("/dev/mail.json", { schema: { hide: true } }, async (request, reply) => {
    const { to } = parseQuery(request.query);
    const items = await readOutbox(outboxDir, { to, limit: MAX_ITEMS });
    noStore(reply);
    return { items: items.map((message) => ({ ...message, links: linksIn(message.text) })) };
  });

  app.get("/dev/mail", { schema: { hide: true } }, async (request, reply) => {
    const { to } = parseQuery(request.query);
    const items = await readOutbox(outboxDir, { to, limit: MAX_ITEMS });
    noStore(reply);
    return reply.type("text/html; charset=utf-8").send(renderPage(items, to));
  });

  app.get<{ Params: { id: string } }>("/dev/mail/:id", { schema: { hide: true } }, async (request, reply) => {
    const message = await readOutboxMessage(outboxDir, request.params.id);
    if (!message) throw AppError.of("routeNotFound");
    noStore(reply);
    // The email's own HTML, in a sandbox: no script, nothing loaded from elsewhere, links open a new tab.
    reply.header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-popups-to-escape-sandbox",
    );
    return reply.type("text/html; charset=utf-8").send(message.html);
  });
};

const MAX_ITEMS = 50;

// An empty `to` (the filter form submitted blank) means every recipient.
const QuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((to) => to || undefined),
});

function parseQuery(query: unknown): { to: string | undefined } {
  const parsed = QuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw new AppError("invalid-argument", "Invalid query: to must be an email address");
  return { to: parsed.data.to };
}

function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The http(s) URLs of a text, trailing punctuation trimmed. */
function urlsIn(text: string): { url: string; start: number }[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => ({
    url: match[0].replace(/[.,;:!?)\]]+$/, ""),
    start: match.index,
  }));
}

function linksIn(text: string): string[] {
  return [...new Set(urlsIn(text).map(({ url }) => url))];
}

/** Escapes `text` and turns each http(s) URL in it into a link. */
export function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const { url, start } of urlsIn(text)) {
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function renderPage(items: OutboxMessage[], to: string | undefined): string {
  const e = escapeHtml;
  const list = items.length
    ? items
        .map(
          (m) => `<article>
  <header>
    <h2>${e(m.subject)}</h2>
    <p class="meta"><span>To <strong>${e(m.to)}</strong></span> <span>From ${e(m.from)}</span> <time datetime="${e(m.sentAt)}">${e(formatTime(m.sentAt))}</time> <a href="/dev/mail/${encodeURIComponent(m.id)}">View HTML</a></p>
  </header>
  <pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join("\n")
    : `<p class="empty">${to ? `No mail to ${e(to)} yet.` : "The outbox is empty."}</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox · Quire (development)</title>
<style>
  :root { color-scheme: light; }
  body { margin: 0; background: #f7f1e8; color: #231f1a; font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; }
  main { max-width: 860px; margin: 0 auto; padding: 32px 16px 64px; }
  h1 { font: normal 28px/1.2 Georgia, "Times New Roman", serif; margin: 0 0 4px; }
  h1 span { color: #a3411f; }
  .intro { color: #6b6158; margin: 0 0 20px; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin: 0 0 24px; }
  input { flex: 1 1 260px; padding: 8px 10px; border: 1px solid #d8ccb8; border-radius: 6px; font: inherit; background: #fffdf9; }
  button, .reset { padding: 8px 14px; border: 0; border-radius: 6px; background: #a3411f; color: #fff; font: inherit; cursor: pointer; text-decoration: none; }
  .reset { background: transparent; color: #a3411f; }
  article { background: #fffdf9; border: 1px solid #e6dccb; border-radius: 10px; padding: 20px; margin: 0 0 16px; }
  h2 { font: normal 20px/1.3 Georgia, "Times New Roman", serif; margin: 0 0 6px; }
  .meta { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 12px; color: #6b6158; font-size: 13px; }
  pre { margin: 0; padding: 12px; background: #f7f1e8; border-radius: 6px; white-space: pre-wrap; word-break: break-word; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  a { color: #a3411f; }
  .empty { color: #6b6158; }
</style>
</head>
<body>
<main>
  <h1>Quire<span>.</span> outbox</h1>
  <p class="intro">Mail kept here because no SMTP server is configured, newest first (at most ${MAX_ITEMS}).</p>
  <form method="get" action="/dev/mail">
    <input type="search" name="to" placeholder="Filter by recipient, e.g. reader@example.com" value="${e(to ?? "")}" aria-label="Recipient">
    <button type="submit">Filter</button>
    <a class="reset" href="/dev/mail">Show all</a>
  </form>
${list}
</main>
</body>
</html>
`;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC");
}
