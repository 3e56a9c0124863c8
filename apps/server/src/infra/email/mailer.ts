import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import type { Logger } from "pino";
import { z } from "zod";
import type { Config } from "../../config";

/** One transactional email; build `subject`, `text` and `html` with the functions of `templates.ts`. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail or fails: `send` rejects when the message was not handed over (callers map it to SPEC §8). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A message as the outbox stores it (one JSON file each) and as `/dev/mail.json` returns it. */
export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface MailerOptions {
  /** Time source for `sentAt` in the outbox (the AppContext clock). */
  clock?: () => Date;
  /** SMTP timeouts in milliseconds; the defaults make an unreachable server fail within seconds. */
  timeouts?: Partial<SmtpTimeouts>;
}

export interface SmtpTimeouts {
  /** Establishing the TCP (or TLS) connection. */
  connectionMs: number;
  /** Waiting for the server's greeting once connected. */
  greetingMs: number;
  /** Inactivity on an open connection. */
  socketMs: number;
}

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 15_000 };

/**
 * With `smtpUrl` mail goes out over SMTP (`smtp://host:port`, `smtps://user:pass@host:465`, nodemailer's query
 * options such as `?tls.rejectUnauthorized=false`); without it each message becomes a JSON file in `outboxDir`,
 * which developers read at `/dev/mail`.
 */
export function createMailer(config: Config["mail"], logger: Logger, options: MailerOptions = {}): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.from, logger, options.timeouts);
  return new OutboxMailer(config.outboxDir, config.from, logger, options.clock);
}

/** Mail over SMTP, one connection per message (transactional volume does not need a pool to close on exit). */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
    timeouts: Partial<SmtpTimeouts> = {},
  ) {
    const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
    const { pool: _pool, ...fromUrl } = parseConnectionUrl(smtpUrl);
    this.transport = createTransport({
      connectionTimeout: t.connectionMs,
      greetingTimeout: t.greetingMs,
      socketTimeout: t.socketMs,
      dnsTimeout: t.connectionMs,
      ...fromUrl,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject } = message;
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to,
        subject,
        text: message.text,
        html: message.html,
      });
      if (info.rejected.length > 0) throw new Error(`The SMTP server rejected the recipient: ${info.response}`);
      this.logger.info({ to, subject, messageId: info.messageId }, "mail sent");
    } catch (error) {
      // Never the body: it holds tokens.
      this.logger.warn({ to, subject, err: error }, "mail could not be sent");
      throw error;
    }
  }
}

/** Development and tests without SMTP: one JSON file per message, newest read first by `readOutbox`. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly outboxDir: string,
    private readonly from: string,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const now = this.clock();
    const stored: OutboxMessage = {
      id: nextOutboxId(now.getTime()),
      to: message.to,
      from: this.from,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sentAt: now.toISOString(),
    };
    await mkdir(this.outboxDir, { recursive: true });
    const file = join(this.outboxDir, `${stored.id}.json`);
    // Readers skip dot-files, so they never see a half-written message.
    const temp = join(this.outboxDir, `.${stored.id}.json.tmp`);
    try {
      await writeFile(temp, `${JSON.stringify(stored, null, 2)}\n`, { encoding: "utf8", mode: 0o600 });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    this.logger.info({ to: message.to, subject: message.subject, id: stored.id }, "mail written to outbox");
  }
}

const OUTBOX_FILE = /^(\d{13}-\d{4}-[0-9a-f]{8})\.json$/;

/** Ids are `<ms since epoch>-<sequence>-<random>`: they sort by time as strings, and by send order in one process. */
export const OUTBOX_ID = /^\d{13}-\d{4}-[0-9a-f]{8}$/;

let lastMs = 0;
let sequence = 0;

function nextOutboxId(nowMs: number): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    sequence = 0;
  } else {
    sequence = (sequence + 1) % 10_000;
  }
  const ms = String(Math.max(0, Math.min(lastMs, 9_999_999_999_999))).padStart(13, "0");
  return `${ms}-${String(sequence).padStart(4, "0")}-${randomBytes(4).toString("hex")}`;
}

const OutboxFileSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

export interface ReadOutboxOptions {
  /** Only messages to this address (case-insensitive; `Name <a@b>` matches `a@b`). */
  to?: string;
  /** At most this many messages (the newest). */
  limit?: number;
}

/** The outbox's messages, newest first. A missing folder is an empty outbox; unreadable files are skipped. */
export async function readOutbox(outboxDir: string, options: ReadOutboxOptions = {}): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const wanted = options.to === undefined ? undefined : addressOf(options.to);
  const files = names.filter((name) => OUTBOX_FILE.test(name)).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const result: OutboxMessage[] = [];
  for (const name of files) {
    if (result.length >= limit) break;
    const message = await readOutboxFile(join(outboxDir, name));
    if (!message) continue;
    if (wanted !== undefined && addressOf(message.to) !== wanted) continue;
    result.push(message);
  }
  return result;
}

/** One message by id, or undefined. */
export async function readOutboxMessage(outboxDir: string, id: string): Promise<OutboxMessage | undefined> {
  if (!OUTBOX_ID.test(id)) return undefined;
  return readOutboxFile(join(outboxDir, `${id}.json`));
}

async function readOutboxFile(path: string): Promise<OutboxMessage | undefined> {
  try {
    const parsed = OutboxFileSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Deleted between listing and reading, or not JSON: not a message.
    return undefined;
  }
}

function addressOf(recipient: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(recipient);
  return (angle?.[1] ?? recipient).trim().toLowerCase();
}
