import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, a free port, no auth, no TLS) and a small MIME
 * parser for what it receives: headers with folding and RFC 2047 encoded words, multipart bodies,
 * quoted-printable and base64, any charset TextDecoder knows.
 *
 *   const smtp = await startTestSmtpServer();
 *   // … point the mailer at smtp.url, trigger an email …
 *   const mail = await smtp.waitForMail("reader@example.com", (m) => m.subject.includes("Confirm"));
 *   const [link] = extractLinks(mail.text);
 */

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The decoded From header, e.g. `Quire <no-reply@quire.local>`. */
  from: string;
  subject: string;
  /** The text/plain part, line breaks normalised to `\n`. */
  text: string;
  /** The text/html part, line breaks normalised to `\n`. */
  html: string;
  /** The whole message as received (headers and encoded body). */
  raw: string;
  /** Decoded headers by lower-case name (the first occurrence of each). */
  headers: Record<string, string>;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for `config.mail.smtpUrl`. */
  url: string;
  /** Every message received so far, in arrival order. */
  messages: ReceivedMail[];
  /**
   * Resolves with the earliest message to `to` (matching `predicate`) that no earlier call returned, waiting
   * for it if needed. So consecutive calls return consecutive messages; read `messages` to look again.
   */
  waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets every message received so far. */
  clear(): void;
  close(): Promise<void>;
}

interface Waiter {
  matches(mail: ReceivedMail): boolean;
  resolve(mail: ReceivedMail): void;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let waiters: Waiter[] = [];

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const waiter = waiters.find((w) => w.matches(mail));
    if (waiter) {
      waiters = waiters.filter((w) => w !== waiter);
      taken.add(mail);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
          return;
        }
        try {
          const parsed = parseMessage(Buffer.concat(chunks));
          deliver({ ...parsed, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
          callback(null);
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, predicate = () => true, timeoutMs = 5000) {
      const address = to.trim().toLowerCase();
      const matches = (mail: ReceivedMail) => !taken.has(mail) && mail.to.includes(address) && predicate(mail);
      const existing = messages.find(matches);
      if (existing) {
        taken.add(existing);
        return Promise.resolve(existing);
      }
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          matches,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          const seen = messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ") || "none";
          reject(new Error(`No mail to ${address} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    clear() {
      messages.length = 0;
      taken.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every distinct http(s) URL in a text or HTML body, in order; HTML entities in them (`&amp;`) are decoded. */
export function extractLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`]+/g)) {
    const link = decodeEntities(match[0].replace(/[.,;:!?)\]]+$/, ""));
    if (!links.includes(link)) links.push(link);
  }
  return links;
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    return named[lower] ?? entity;
  });
}

// --- MIME ------------------------------------------------------------------------------------------------------
// Structure is parsed on a "binary" string (latin1: one char per byte), so 8bit bodies survive until each part
// is decoded with its own charset.

export function parseMessage(raw: Buffer): Omit<ReceivedMail, "to"> {
  const entity = parseEntity(raw.toString("latin1"));
  const bodies = { text: "", html: "" };
  collectBodies(entity, bodies);
  return {
    from: entity.headers.from ?? "",
    subject: entity.headers.subject ?? "",
    text: bodies.text,
    html: bodies.html,
    raw: raw.toString("utf8"),
    headers: entity.headers,
  };
}

interface Entity {
  headers: Record<string, string>;
  contentType: { type: string; params: Record<string, string> };
  body: string;
}

function parseEntity(binary: string): Entity {
  const split = /\r?\n\r?\n/.exec(binary);
  const head = split ? binary.slice(0, split.index) : binary;
  const body = split ? binary.slice(split.index + split[0].length) : "";
  const headers: Record<string, string> = {};
  // Unfold: a line starting with white space continues the previous one.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Raw (unencoded) 8-bit header text is taken as UTF-8.
    const value = Buffer.from(line.slice(colon + 1).trim(), "latin1").toString("utf8");
    if (!(name in headers)) headers[name] = decodeHeaderValue(value);
  }
  return { headers, contentType: parseContentType(headers["content-type"]), body };
}

function parseContentType(value: string | undefined): Entity["contentType"] {
  if (!value) return { type: "text/plain", params: { charset: "us-ascii" } };
  const [type = "", ...rest] = splitParams(value);
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq <= 0) continue;
    let paramValue = param.slice(eq + 1).trim();
    if (paramValue.startsWith('"') && paramValue.endsWith('"') && paramValue.length >= 2) {
      paramValue = paramValue.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    params[param.slice(0, eq).trim().toLowerCase()] = paramValue;
  }
  return { type: type.trim().toLowerCase(), params };
}

/** Splits `a; b="x;y"; c` on semicolons outside quotes. */
function splitParams(value: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char === "\\" && quoted) {
      current += char + (value[i + 1] ?? "");
      i++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function collectBodies(entity: Entity, out: { text: string; html: string }): void {
  const { type, params } = entity.contentType;
  if (type.startsWith("multipart/")) {
    const boundary = params.boundary;
    if (!boundary) return;
    for (const part of splitMultipart(entity.body, boundary)) collectBodies(parseEntity(part), out);
    return;
  }
  const disposition = (entity.headers["content-disposition"] ?? "").toLowerCase();
  if (disposition.startsWith("attachment")) return;
  if (type !== "text/plain" && type !== "text/html") return;
  const bytes = decodeTransfer(entity.body, entity.headers["content-transfer-encoding"] ?? "7bit");
  const text = decodeCharset(bytes, params.charset ?? "us-ascii").replace(/\r\n/g, "\n");
  if (type === "text/plain" && !out.text) out.text = text;
  if (type === "text/html" && !out.html) out.html = text;
}

function splitMultipart(body: string, boundary: string): string[] {
  const lines = body.split(/\r?\n/);
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    const trimmed = line.replace(/[ \t]+$/, "");
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join("\r\n"));
      current = trimmed === delimiter ? [] : undefined;
      if (trimmed !== delimiter) break;
      continue;
    }
    current?.push(line);
  }
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, "latin1");
  }
}

function decodeQuotedPrintable(body: string): Buffer {
  const unwrapped = body
    .replace(/[ \t]+(?=\r?\n)/g, "") // trailing white space is not part of the data (RFC 2045 §6.7 rule 3)
    .replace(/=\r?\n/g, ""); // soft line breaks
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const char = unwrapped[i] ?? "";
    const hex = unwrapped.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const label = charset.trim().toLowerCase();
  try {
    return new TextDecoder(label === "us-ascii" || label === "ascii" ? "utf-8" : label).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/**
 * RFC 2047: `=?charset?Q?…?=` and `=?charset?B?…?=`; white space between two encoded words is dropped, and
 * adjacent words in one charset are joined as bytes before decoding (a character may be split between them).
 */
export function decodeHeaderValue(value: string): string {
  const word = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;
  let result = "";
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (pending) result += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(word)) {
    const [whole, rawCharset = "", encoding = "", encoded = ""] = match;
    const between = value.slice(last, match.index);
    const charset = (rawCharset.split("*")[0] ?? rawCharset).toLowerCase(); // RFC 2231 language suffix
    if (!pending || /\S/.test(between) || pending.charset !== charset) {
      flush();
      if (!(last > 0 && !/\S/.test(between))) result += between;
      pending = { charset, bytes: [] };
    }
    pending.bytes.push(
      encoding.toUpperCase() === "B"
        ? Buffer.from(encoded, "base64")
        : decodeQuotedPrintable(encoded.replace(/_/g, "=20")),
    );
    last = match.index + whole.length;
  }
  flush();
  return result + value.slice(last);
}

/** A real SMTP server for one test file, started before its tests and closed after them. */
export function useTestSmtpServer(): { readonly server: TestSmtpServer } {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startTestSmtpServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("The SMTP server is used before beforeAll ran");
      return server;
    },
  };
}
