import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "../src/db/database";
import type { DialectName } from "../src/db/dialect";
import { migrateToLatest } from "../src/db/migrator";

export const POSTGRES_TEST_URL = process.env.QUIRE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * The dialect matrix (Kysely's own test pattern): `DB_DIALECTS=sqlite,postgres`.
 * The test command sets both; a developer may run one.
 */
export function dialectsUnderTest(): DialectName[] {
  const raw = process.env.DB_DIALECTS ?? "sqlite,postgres";
  const names = raw
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (name !== "sqlite" && name !== "postgres") throw new Error(`Unknown dialect in DB_DIALECTS: ${name}`);
  }
  return names as DialectName[];
}

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  readonly db: DatabaseHandle["db"];
  readonly url: string;
  readonly searchPath: string | undefined;
}

/**
 * A fresh, migrated database for one test file: SQLite in memory, or a PostgreSQL schema of its own
 * (dropped afterwards). Registers its own beforeAll/afterAll; read `db` inside tests.
 */
export function useTestDatabase(dialect: DialectName): TestDatabase {
  let handle: DatabaseHandle | undefined;
  const schema = dialect === "postgres" ? `t_${randomBytes(6).toString("hex")}` : undefined;
  const url = dialect === "postgres" ? POSTGRES_TEST_URL : ":memory:";

  beforeAll(async () => {
    if (schema) await adminQuery(`create schema ${schema}`);
    handle = createDatabase({ url, searchPath: schema, poolSize: 5 });
    await migrateToLatest(handle.db, handle.dialect);
  });

  afterAll(async () => {
    await handle?.destroy();
    if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  const current = (): DatabaseHandle => {
    if (!handle) throw new Error("The test database is used before beforeAll ran");
    return handle;
  };
  return {
    get handle() {
      return current();
    },
    get db() {
      return current().db;
    },
    url,
    searchPath: schema,
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * `it` for a test only PostgreSQL can run (several processes on one database). On SQLite it is skipped with the
 * reason in its name; npm test counts skips carrying that mark apart from the failures (scripts/test-report.mjs).
 */
export function itOnPostgres(
  dialect: DialectName,
): (name: string, test: () => Promise<void>, timeoutMs?: number) => void {
  if (dialect === "postgres") return it;
  return (name, test, timeoutMs) => it.skip(`${name} [skipped by design: PostgreSQL-only on SQLite]`, test, timeoutMs);
}

/** A test database that other processes (workers, servers) open too, through `processUrl`. */
export interface SharedTestDatabase {
  readonly db: DatabaseHandle["db"];
  /** The connection string a child process is given: a SQLite file, or PostgreSQL with the schema as search_path. */
  readonly processUrl: string;
}

/**
 * Like useTestDatabase, but reachable from other processes: SQLite in a file of its own (in memory
 * would be this process's alone), PostgreSQL in a schema named by the URL's `options`.
 */
export function useSharedTestDatabase(dialect: DialectName): SharedTestDatabase {
  if (dialect === "postgres") {
    const testDb = useTestDatabase(dialect);
    return {
      get db() {
        return testDb.db;
      },
      get processUrl() {
        return `${testDb.url}?options=${encodeURIComponent(`-c search_path=${testDb.searchPath}`)}`;
      },
    };
  }
  let dir: string | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "quire-shared-db-"));
    handle = createDatabase({ url: join(dir, "quire.sqlite") });
    await migrateToLatest(handle.db, handle.dialect);
  });
  afterAll(async () => {
    await handle?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!handle) throw new Error("The test database is used before beforeAll ran");
      return handle.db;
    },
    get processUrl() {
      if (!dir) throw new Error("The test database is used before beforeAll ran");
      return join(dir, "quire.sqlite");
    },
  };
}
