import BetterSqlite3 from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import pg from "pg";
import { type DialectName, dialectOf } from "./dialect";
import type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise a SQLite file path (or `:memory:`). */
  url: string;
  /** PostgreSQL only: the schema every connection works in (tests isolate themselves this way). */
  searchPath?: string;
  poolSize?: number;
}

/** Every SQLite write transaction takes the write lock up front, so it never fails half-way with SQLITE_BUSY. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

function openSqlite(path: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("journal_mode = WAL");
  // NORMAL in WAL mode survives a killed process; only a power cut can lose the last commits.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  return sqlite;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function postgresDialect(options: DatabaseOptions): Dialect {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    types: {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format),
    } as typeof pg.types,
  });
  return new PostgresDialect({ pool });
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect = dialectOf(options.url);
  const kyselyDialect =
    dialect === "postgres"
      ? postgresDialect(options)
      : new ImmediateSqliteDialect({ database: openSqlite(options.url) });
  const db = new Kysely<Database>({ dialect: kyselyDialect, plugins: [new CamelCasePlugin()] });
  return { db, dialect, destroy: () => db.destroy() };
}
