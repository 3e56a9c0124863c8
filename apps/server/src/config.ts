import { resolve } from "node:path";
import { z } from "zod";
import { type DialectName, dialectOf } from "./db/dialect";

/**
 * Every setting Quire reads from the environment, with its embedded default.
 * README's configuration table mirrors this list.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  QUIRE_DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  QUIRE_PUBLIC_URL: z.url().optional(),
  QUIRE_WEB_DIST: z.string().optional(),
  QUIRE_SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
  QUIRE_TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  QUIRE_PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  QUIRE_PUBLIC_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Quire <no-reply@quire.local>"),
  QUIRE_AUTH_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  QUIRE_SIGN_IN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  QUIRE_RESET_REQUESTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
});

export interface Config {
  port: number;
  host: string;
  env: "development" | "production" | "test";
  logLevel: string;
  dataDir: string;
  database: { url: string; dialect: DialectName };
  filesDir: string;
  /** Absolute origin used in Open Graph tags; without it the request's own origin is used. */
  publicUrl: string | undefined;
  webDistDir: string;
  seedDemo: "auto" | "never";
  trustProxy: boolean;
  /** Anonymous catalogue reads are served from memory for this long (0 turns the cache off). */
  publicCache: { ttlMs: number; maxEntries: number };
  /** Without an SMTP URL, mail goes to an outbox folder that developers read at /dev/mail. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Account endpoints' limits: per IP per minute, sign-in attempts per account per 15 min, resets per hour. */
  auth: { requestsPerIpPerMinute: number; signInAttemptsPerAccount: number; resetRequestsPerAccount: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(cwd, e.QUIRE_DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? resolve(dataDir, "quire.sqlite");
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: { url: databaseUrl, dialect: dialectOf(databaseUrl) },
    filesDir: resolve(dataDir, "files"),
    publicUrl: e.QUIRE_PUBLIC_URL?.replace(/\/$/, ""),
    webDistDir: resolve(cwd, e.QUIRE_WEB_DIST ?? resolve(import.meta.dirname, "../../web/dist")),
    seedDemo: e.QUIRE_SEED_DEMO,
    trustProxy: e.QUIRE_TRUST_PROXY === "true",
    publicCache: { ttlMs: e.QUIRE_PUBLIC_CACHE_TTL_MS, maxEntries: e.QUIRE_PUBLIC_CACHE_ENTRIES },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: resolve(dataDir, "outbox") },
    auth: {
      requestsPerIpPerMinute: e.QUIRE_AUTH_PER_IP_PER_MINUTE,
      signInAttemptsPerAccount: e.QUIRE_SIGN_IN_ATTEMPTS_PER_ACCOUNT,
      resetRequestsPerAccount: e.QUIRE_RESET_REQUESTS_PER_ACCOUNT,
    },
  };
}
