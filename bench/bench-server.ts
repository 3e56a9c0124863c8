/** What every HTTP bench needs around the real app: a database of its own and the server settings it runs with. */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { createDatabase, type DatabaseHandle } from "../apps/server/src/db/database";
import type { Database } from "../apps/server/src/db/schema";
import { createSignedInUser } from "../apps/server/test/factories";
import { type BenchSettings, fmtInt } from "./lib";

/** Connections in a bench's PostgreSQL pool (the app's default). */
export const BENCH_POOL_SIZE = 10;

/** A database of its own: a SQLite file in the temp dir, or a PostgreSQL schema created for this run. */
export async function openBenchDatabase(
  settings: BenchSettings,
  dataDir: string,
): Promise<{ handle: DatabaseHandle; url: string; searchPath?: string; label: string; drop: () => Promise<void> }> {
  if (!settings.databaseUrl) {
    const url = join(dataDir, "quire.sqlite");
    const handle = createDatabase({ url });
    return { handle, url, label: "sqlite (file, WAL)", drop: () => handle.destroy() };
  }
  const url = settings.databaseUrl;
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  // One connection on the default search path creates and later drops the run's schema.
  const admin = createDatabase({ url, poolSize: 1 });
  try {
    await sql.raw(`create schema ${schema}`).execute(admin.db);
  } catch (error) {
    await admin.destroy();
    throw error;
  }
  const handle = createDatabase({ url, searchPath: schema, poolSize: BENCH_POOL_SIZE });
  const server = new URL(url);
  return {
    handle,
    url,
    searchPath: schema,
    label: `postgres (${server.host}${server.pathname}, schema ${schema}, pool ${BENCH_POOL_SIZE})`,
    drop: async () => {
      await handle.destroy();
      try {
        await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.db);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/** QUIRE_* settings from the bench's own environment reach the server (e.g. QUIRE_PUBLIC_CACHE_TTL_MS=0). */
const OWN_SETTINGS = new Set(["QUIRE_DATA_DIR", "QUIRE_SEED_DEMO", "QUIRE_WEB_DIST"]);
export function serverEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith("QUIRE_") && !OWN_SETTINGS.has(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/** The in-memory cache of public responses, when the server has one: it decides what the figures mean. */
export function describePublicCache(config: object): string | undefined {
  const cache = (config as { publicCache?: { ttlMs: number; maxEntries: number } }).publicCache;
  if (!cache) return undefined;
  return cache.ttlMs > 0 && cache.maxEntries > 0
    ? `public response cache on: ${cache.ttlMs / 1000} s TTL, ${fmtInt(cache.maxEntries)} entries (QUIRE_PUBLIC_CACHE_TTL_MS=0 turns it off)`
    : "public response cache off";
}

export const formatEnv = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");

/** `count` onboarded readers, each with a live session stored as the product stores it; their bearer tokens. */
export async function insertBenchReaders(db: Kysely<Database>, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) tokens.push((await createSignedInUser(db)).token);
  return tokens;
}
