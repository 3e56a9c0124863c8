import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";
import { type DialectName, dialectOf } from "./db/dialect";
import type { S3StorageOptions } from "./infra/s3-storage";
import { HOUSE_ACCOUNT_USERNAMES } from "./seed/house-accounts";

const CERT_SHA256 = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/i;

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
  QUIRE_ALLOWED_HOSTS: z.string().default(""),
  QUIRE_TRUST_PROXY: z.string().default("false"),
  QUIRE_DEV_MAIL: z.enum(["auto", "on", "off"]).default("auto"),
  QUIRE_PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  QUIRE_PUBLIC_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Quire <no-reply@quire.local>"),
  QUIRE_AUTH_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  QUIRE_SEARCH_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  QUIRE_SIGN_IN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  QUIRE_RESET_REQUESTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_ISSUER: z.url().default("https://appleid.apple.com"),
  QUIRE_APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*$/)
    .default("quire"),
  QUIRE_ANDROID_APP_ID: z
    .string()
    .regex(/^[a-zA-Z]\w*(\.[a-zA-Z]\w*)+$/, "must be an Android application id, e.g. app.quire.reader")
    .optional(),
  QUIRE_ANDROID_CERT_SHA256: z
    .string()
    .refine(
      (value) => listOf(value).every((fingerprint) => CERT_SHA256.test(fingerprint)),
      "must be SHA-256 certificate fingerprints (AB:CD:…, 32 bytes each), separated by commas",
    )
    .optional(),
  QUIRE_IOS_APP_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, "must be TEAMID.bundle-id, e.g. ABCDE12345.app.quire.reader")
    .optional(),
  QUIRE_CAPTCHA: z.enum(["altcha", "recaptcha", "turnstile"]).default("altcha"),
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  QUIRE_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  QUIRE_MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(50_000_000),
  QUIRE_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  QUIRE_SUGGESTIONS_EXCLUDE: z.string().default(HOUSE_ACCOUNT_USERNAMES.join(",")),
  QUIRE_EVENT_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  QUIRE_LAUNCH_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: address or an https: URL")
    .optional(),
  QUIRE_PUSH_CA_FILE: z.string().min(1).optional(),
  QUIRE_PUSH_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  QUIRE_PUSH_HOSTS: z
    .string()
    .default("fcm.googleapis.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com,*.wns.windows.com"),
  QUIRE_PUSH_PRIVATE_HOSTS: z.string().default(""),
  QUIRE_FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
  QUIRE_FCM_BASE_URL: z.url({ protocol: /^https$/ }).default("https://fcm.googleapis.com"),
  QUIRE_APNS_KEY: z.string().min(1).optional(),
  QUIRE_APNS_KEY_ID: z.string().min(1).optional(),
  QUIRE_APNS_TEAM_ID: z.string().min(1).optional(),
  QUIRE_APNS_TOPIC: z.string().min(1).optional(),
  QUIRE_APNS_SANDBOX: z.enum(["true", "false"]).default("false"),
  QUIRE_APNS_HOST: z.string().min(1).optional(),
  QUIRE_FOLLOWS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  QUIRE_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  QUIRE_UNFINISHED_UPLOADS: z.coerce.number().int().min(1).default(3),
  QUIRE_ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(395),
  QUIRE_IP_COUNTRY_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => url.includes("{ip}"), "must contain {ip} where the address goes")
    .optional(),
  QUIRE_PLUS_PRICES: z
    .string()
    .regex(/^\s*monthly=\d+(\.\d{1,2})?\s*,\s*yearly=\d+(\.\d{1,2})?\s*$/, 'must look like "monthly=4.99,yearly=49.99"')
    .default("monthly=4.99,yearly=49.99"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  QUIRE_REDIS_PREFIX: z.string().min(1).default("quire:"),
});

export interface Config {
  port: number;
  host: string;
  env: "development" | "production" | "test";
  logLevel: string;
  dataDir: string;
  database: { url: string; dialect: DialectName };
  filesDir: string;
  /** The public origin of every absolute link; required in production (see infra/public-origin.ts). */
  publicUrl: string | undefined;
  /** Without a public URL: hosts besides loopback names whose Host header may be used for links. */
  allowedHosts: string[];
  webDistDir: string;
  seedDemo: "auto" | "never";
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs — never every hop. */
  trustProxy: false | number | string[];
  /** Anonymous catalogue reads are served from memory for this long (0 turns the cache off). */
  publicCache: { ttlMs: number; maxEntries: number };
  /** Without an SMTP URL, mail goes to an outbox folder that developers read at /dev/mail. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Serve the outbox at /dev/mail (never with SMTP; in production only when asked, and to loopback peers). */
  devMail: boolean;
  /** Account endpoints' limits: per IP per minute, sign-in attempts per account per 15 min, resets per hour. */
  auth: { requestsPerIpPerMinute: number; signInAttemptsPerAccount: number; resetRequestsPerAccount: number };
  /** Search and suggestion requests per IP per minute (suggestions arrive as a person types). */
  search: { requestsPerIpPerMinute: number };
  /** OpenID Connect clients; a provider without a client id is off and says so. */
  social: { google: SocialProviderConfig | undefined; apple: SocialProviderConfig | undefined; appScheme: string };
  /** The native apps this site vouches for at /.well-known (App Links, Universal Links); unset: not served. */
  appLinks: {
    android: { packageName: string; certFingerprints: string[] } | undefined;
    iosAppId: string | undefined;
  };
  /**
   * Captcha on account deletion. ALTCHA (self-hosted proof of work) needs no account; its HMAC key
   * defaults to a random one kept in the data directory, so set it when several processes serve.
   */
  captcha:
    | { kind: "altcha"; hmacKey: string | undefined }
    | { kind: "recaptcha"; siteKey: string; secretKey: string }
    | { kind: "turnstile"; siteKey: string; secretKey: string };
  /** Avatar and cover uploads: the largest file accepted (resumable above 256 KB) and decoded pixel count. */
  images: { maxBytes: number; maxPixels: number };
  /** Where uploaded and generated files live: the data directory's files folder, or an S3-compatible bucket. */
  storage: { kind: "local" } | ({ kind: "s3" } & S3StorageOptions);
  /** Usernames or ids never suggested to follow (SPEC §4 "two fixed accounts"). */
  suggestionsExclude: string[];
  /** How often the server process turns pending user events into notifications (0: only after writes). */
  eventWorker: { intervalMs: number };
  /** How often the server process launches scheduled books whose date has come (0: not in this process). */
  launchWorker: { intervalMs: number };
  /**
   * Web Push: the VAPID key pair (unset: generated once and kept in the data directory), the contact
   * push services see, an extra CA trusted for push endpoints (a private or test push service), and how
   * often the server process sends due push messages (0: only right after the event worker queues some).
   */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    caFile: string | undefined;
    senderIntervalMs: number;
    /** Push service hosts endpoints may name (`host`, `*.domain`, either with `:port`; no port means 443). */
    hosts: string[];
    /** Hosts allowed to be on private or loopback addresses: tests and push services on one's own network only. */
    privateHosts: string[];
    /** FCM HTTP v1: the service account (a path or its JSON) and the API's origin; unset: FCM is off. */
    fcm: { serviceAccount: string; baseUrl: string } | undefined;
    /** APNs token-based auth: the .p8 key (a path or its PEM), its id, the team, the app's bundle id; unset: off. */
    apns: { key: string; keyId: string; teamId: string; topic: string; host: string } | undefined;
  };
  /**
   * Per signed-in user (across processes with Redis): follows and unfollows per minute, image uploads
   * started per minute (resumable creations; avatar and cover saves), and resumable uploads left
   * unfinished at once (always per process).
   */
  perUser: { followsPerMinute: number; uploadsPerMinute: number; unfinishedUploads: number };
  /** Days of analytics events kept (whole days; older partitions or rows are dropped by the maintenance job). */
  analyticsRetentionDays: number;
  /** An external IP-to-country service (`{ip}` replaced, plain two-letter answer); unset: the bundled database. */
  ipCountryUrl: string | undefined;
  /** Quire Plus prices in USD (QUIRE_PLUS_PRICES). */
  plusPrices: { monthly: number; yearly: number };
  /**
   * Unset: limits, captcha replay memory and cache invalidation live in this process. Set: they are shared
   * through Redis by every process using the same URL and key prefix (see docs/redis.md).
   */
  redis: { url: string; keyPrefix: string } | undefined;
}

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string | undefined;
  issuer: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.QUIRE_PUBLIC_URL) {
    throw new Error(
      "Invalid configuration: QUIRE_PUBLIC_URL is required in production (the origin of emailed links, e.g. https://quire.example)",
    );
  }
  const provider = (clientId: string | undefined, clientSecret: string | undefined, issuer: string) =>
    clientId ? { clientId, clientSecret, issuer: issuer.replace(/\/$/, "") } : undefined;
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
    allowedHosts: listOf(e.QUIRE_ALLOWED_HOSTS),
    webDistDir: resolve(cwd, e.QUIRE_WEB_DIST ?? resolve(import.meta.dirname, "../../web/dist")),
    seedDemo: e.QUIRE_SEED_DEMO,
    trustProxy: trustProxyConfig(e.QUIRE_TRUST_PROXY),
    publicCache: { ttlMs: e.QUIRE_PUBLIC_CACHE_TTL_MS, maxEntries: e.QUIRE_PUBLIC_CACHE_ENTRIES },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: resolve(dataDir, "outbox") },
    // The outbox holds reset tokens: production serves it only when asked to (`npm start` does, for a local demo).
    devMail: !e.SMTP_URL && (e.QUIRE_DEV_MAIL === "on" || (e.QUIRE_DEV_MAIL === "auto" && e.NODE_ENV !== "production")),
    auth: {
      requestsPerIpPerMinute: e.QUIRE_AUTH_PER_IP_PER_MINUTE,
      signInAttemptsPerAccount: e.QUIRE_SIGN_IN_ATTEMPTS_PER_ACCOUNT,
      resetRequestsPerAccount: e.QUIRE_RESET_REQUESTS_PER_ACCOUNT,
    },
    search: { requestsPerIpPerMinute: e.QUIRE_SEARCH_PER_IP_PER_MINUTE },
    social: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      apple: provider(e.APPLE_CLIENT_ID, e.APPLE_CLIENT_SECRET, e.APPLE_ISSUER),
      appScheme: e.QUIRE_APP_SCHEME,
    },
    appLinks: appLinksConfig(e),
    captcha: captchaConfig(e),
    images: { maxBytes: e.QUIRE_MAX_IMAGE_BYTES, maxPixels: e.QUIRE_MAX_IMAGE_PIXELS },
    storage: storageConfig(e),
    suggestionsExclude: listOf(e.QUIRE_SUGGESTIONS_EXCLUDE),
    eventWorker: { intervalMs: e.QUIRE_EVENT_WORKER_INTERVAL_MS },
    launchWorker: { intervalMs: e.QUIRE_LAUNCH_INTERVAL_MS },
    push: pushConfig(e, cwd),
    perUser: {
      followsPerMinute: e.QUIRE_FOLLOWS_PER_MINUTE,
      uploadsPerMinute: e.QUIRE_UPLOADS_PER_MINUTE,
      unfinishedUploads: e.QUIRE_UNFINISHED_UPLOADS,
    },
    analyticsRetentionDays: e.QUIRE_ANALYTICS_RETENTION_DAYS,
    ipCountryUrl: e.QUIRE_IP_COUNTRY_URL,
    plusPrices: plusPricesOf(e.QUIRE_PLUS_PRICES),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.QUIRE_REDIS_PREFIX } : undefined,
  };
}

/** "monthly=4.99,yearly=49.99" (checked by the schema) → the two prices. */
function plusPricesOf(setting: string): { monthly: number; yearly: number } {
  const prices = Object.fromEntries(setting.split(",").map((pair) => pair.trim().split("=") as [string, string]));
  return { monthly: Number(prices.monthly), yearly: Number(prices.yearly) };
}

function listOf(commaSeparated: string): string[] {
  return commaSeparated
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const PROXY_ADDRESS_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  const [address = "", prefix] = entry.split("/");
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  return isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
};

// `true` would believe every X-Forwarded-For hop, so a caller could claim any address (even loopback).
function trustProxyConfig(raw: string): Config["trustProxy"] {
  const value = raw.trim();
  if (value === "" || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = listOf(value);
  if (value === "true" || !addresses.every(isProxyAddress)) {
    throw new Error(
      "Invalid configuration: QUIRE_TRUST_PROXY takes the number of proxies in front of Quire (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8), not true",
    );
  }
  return addresses;
}

function pushConfig(e: z.infer<typeof EnvSchema>, cwd: string): Config["push"] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    const missing = publicKey ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    throw new Error(`Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together; ${missing} is missing`);
  }
  const publicUrl = e.QUIRE_PUBLIC_URL?.replace(/\/$/, "");
  // Push services want a way to reach the sender: the public site if it is https, else the mail sender.
  const fallbackSubject = publicUrl?.startsWith("https://")
    ? publicUrl
    : `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`;
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject: e.VAPID_SUBJECT ?? fallbackSubject,
    caFile: e.QUIRE_PUSH_CA_FILE ? resolve(cwd, e.QUIRE_PUSH_CA_FILE) : undefined,
    senderIntervalMs: e.QUIRE_PUSH_INTERVAL_MS,
    hosts: listOf(e.QUIRE_PUSH_HOSTS),
    privateHosts: listOf(e.QUIRE_PUSH_PRIVATE_HOSTS),
    fcm: e.QUIRE_FCM_SERVICE_ACCOUNT
      ? { serviceAccount: e.QUIRE_FCM_SERVICE_ACCOUNT, baseUrl: e.QUIRE_FCM_BASE_URL.replace(/\/$/, "") }
      : undefined,
    apns: apnsConfig(e),
  };
}

function apnsConfig(e: z.infer<typeof EnvSchema>): Config["push"]["apns"] {
  const required = {
    QUIRE_APNS_KEY: e.QUIRE_APNS_KEY,
    QUIRE_APNS_KEY_ID: e.QUIRE_APNS_KEY_ID,
    QUIRE_APNS_TEAM_ID: e.QUIRE_APNS_TEAM_ID,
    QUIRE_APNS_TOPIC: e.QUIRE_APNS_TOPIC,
  };
  const missing = Object.entries(required).filter(([, value]) => !value);
  if (missing.length === 4) return undefined;
  if (!e.QUIRE_APNS_KEY || !e.QUIRE_APNS_KEY_ID || !e.QUIRE_APNS_TEAM_ID || !e.QUIRE_APNS_TOPIC) {
    const names = missing.map(([name]) => name).join(", ");
    throw new Error(`Invalid configuration: APNs needs QUIRE_APNS_KEY, _KEY_ID, _TEAM_ID and _TOPIC; missing ${names}`);
  }
  const defaultHost = e.QUIRE_APNS_SANDBOX === "true" ? "api.sandbox.push.apple.com" : "api.push.apple.com";
  return {
    key: e.QUIRE_APNS_KEY,
    keyId: e.QUIRE_APNS_KEY_ID,
    teamId: e.QUIRE_APNS_TEAM_ID,
    topic: e.QUIRE_APNS_TOPIC,
    host: e.QUIRE_APNS_HOST ?? defaultHost,
  };
}

function appLinksConfig(e: z.infer<typeof EnvSchema>): Config["appLinks"] {
  const { QUIRE_ANDROID_APP_ID: packageName, QUIRE_ANDROID_CERT_SHA256: certs } = e;
  if (Boolean(packageName) !== Boolean(certs)) {
    const missing = packageName ? "QUIRE_ANDROID_CERT_SHA256" : "QUIRE_ANDROID_APP_ID";
    throw new Error(
      `Invalid configuration: QUIRE_ANDROID_APP_ID and QUIRE_ANDROID_CERT_SHA256 go together; ${missing} is missing`,
    );
  }
  return {
    // Google's verifier compares fingerprints as upper-case hex.
    android: packageName && certs ? { packageName, certFingerprints: listOf(certs.toUpperCase()) } : undefined,
    iosAppId: e.QUIRE_IOS_APP_ID,
  };
}

function captchaConfig(e: z.infer<typeof EnvSchema>): Config["captcha"] {
  if (e.QUIRE_CAPTCHA === "altcha") return { kind: "altcha", hmacKey: e.ALTCHA_HMAC_KEY };
  const [siteKey, secretKey] =
    e.QUIRE_CAPTCHA === "recaptcha"
      ? [e.RECAPTCHA_SITE_KEY, e.RECAPTCHA_SECRET_KEY]
      : [e.TURNSTILE_SITE_KEY, e.TURNSTILE_SECRET_KEY];
  if (!siteKey || !secretKey) {
    const prefix = e.QUIRE_CAPTCHA.toUpperCase();
    throw new Error(
      `Invalid configuration: QUIRE_CAPTCHA=${e.QUIRE_CAPTCHA} needs ${prefix}_SITE_KEY and ${prefix}_SECRET_KEY`,
    );
  }
  return { kind: e.QUIRE_CAPTCHA, siteKey, secretKey };
}

function storageConfig(e: z.infer<typeof EnvSchema>): Config["storage"] {
  if (e.QUIRE_STORAGE === "local") return { kind: "local" };
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    const names = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    const missing = names.filter((name) => !e[name]);
    throw new Error(`Invalid configuration: QUIRE_STORAGE=s3 needs ${missing.join(", ")}`);
  }
  return {
    kind: "s3",
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: e.S3_PUBLIC_URL,
  };
}
