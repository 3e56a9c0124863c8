import { createHash } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import pg from "pg";
import { type DialectName, dialectOf } from "./dialect";
import { type DirectReader, REUSABLE_STATEMENT_MARK, registerDirectReader } from "./reusable-query";
import type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
  /**
   * PostgreSQL only: LISTENs on a channel over a dedicated connection (pooled ones are shared, so
   * cannot hold a LISTEN); resolves to the function that stops listening and closes it.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
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

/** How many distinct SQL texts keep their prepared statement; Kysely's queries have a small fixed set of shapes. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 behind Kysely's SqliteDatabase interface, reusing prepared statements: Kysely
 * prepares every query anew, and preparing costs more than running a point lookup.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        // Re-insert to keep the map in least-recently-used order.
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(withFixedRowCounts(sqlText));
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

/**
 * SQLite's planner reads the value bound to a bare `limit ?` or `offset ?`, which makes binding that parameter
 * again (every run) expire the statement, so each run prepared it anew: a third of a list read. A cast is not a
 * bare parameter.
 */
export function withFixedRowCounts(sqlText: string): string {
  return sqlText.replace(/\b(limit|offset) \?/gi, "$1 cast(? as integer)");
}

function openSqlite(path: string): { sqlite: BetterSqlite3.Database; database: SqliteDatabase } {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("journal_mode = WAL");
  // NORMAL in WAL mode survives a killed process; only a power cut can lose the last commits.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // SQLite's own page cache is 2 MB by default: a search index or catalogue larger than that was read
  // from the OS page by page, ten times slower. Mapped reads and a 64 MB cache keep the hot pages in memory.
  sqlite.pragma("mmap_size = 268435456");
  sqlite.pragma("cache_size = -65536");
  return { sqlite, database: withStatementCache(sqlite) };
}

/** Kysely's camel-case plugin, also applied to the rows of selects run straight on the driver (ReusableQuery). */
class CamelCase extends CamelCasePlugin {
  /** Per SQL text: whether every column is named as its camel case, so its rows need no renaming. */
  readonly #asNamed = new Map<string, boolean>();

  rows(sqlText: string, rows: Record<string, unknown>[]): unknown[] {
    const first = rows[0];
    if (!first) return rows;
    let asNamed = this.#asNamed.get(sqlText);
    if (asNamed === undefined) {
      asNamed = Object.keys(first).every((column) => this.camelCase(column) === column);
      this.#asNamed.set(sqlText, asNamed);
    }
    // Objects (PostgreSQL's parsed JSON) get their keys camel-cased too, as the plugin does.
    return asNamed && rows.every(hasNoObjects) ? rows : rows.map((row) => this.mapRow(row));
  }
}

function hasNoObjects(row: Record<string, unknown>): boolean {
  for (const key in row) if (typeof row[key] === "object" && row[key] !== null) return false;
  return true;
}

/** Outside a transaction (which holds Kysely's lock on the one connection), a select runs there and then. */
function sqliteReader(sqlite: BetterSqlite3.Database, database: SqliteDatabase, camelCase: CamelCase): DirectReader {
  return (sqlText, parameters) =>
    sqlite.inTransaction
      ? undefined
      : Promise.resolve(
          camelCase.rows(sqlText, database.prepare(sqlText).all(parameters) as Record<string, unknown>[]),
        );
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function postgresPool(options: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    types: {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format),
    } as typeof pg.types,
  });
  pool.on("connect", prepareReusableStatements);
  return pool;
}

/** A pooled connection runs the select as its named prepared statement. */
function postgresReader(pool: pg.Pool, camelCase: CamelCase): DirectReader {
  return async (text, values) => {
    const result = await pool.query({ name: statementName(text), text, values: values as unknown[] });
    return camelCase.rows(text, result.rows);
  };
}

/**
 * PostgreSQL parses and plans an unnamed statement on every run. Statements built once (`ReusableQuery`) go out
 * named instead, so each connection parses one once and may keep its plan; their number is fixed by the code.
 */
function prepareReusableStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) =>
    typeof text === "string" && text.startsWith(REUSABLE_STATEMENT_MARK) && rest.length === 1
      ? query({ name: statementName(text), text, values: rest[0] })
      : query(text, ...rest)) as typeof client.query;
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect = dialectOf(options.url);
  const camelCase = new CamelCase();
  let kyselyDialect: Dialect;
  let reader: DirectReader;
  if (dialect === "postgres") {
    const pool = postgresPool(options);
    kyselyDialect = new PostgresDialect({ pool });
    reader = postgresReader(pool, camelCase);
  } else {
    const { sqlite, database } = openSqlite(options.url);
    kyselyDialect = new ImmediateSqliteDialect({ database });
    reader = sqliteReader(sqlite, database, camelCase);
  }
  const db = new Kysely<Database>({ dialect: kyselyDialect, plugins: [camelCase] });
  registerDirectReader(db, reader);
  if (dialect === "sqlite") return { db, dialect, destroy: () => db.destroy() };
  return {
    db,
    dialect,
    destroy: () => db.destroy(),
    listen: (channel, onPayload) => listenOn(options, channel, onPayload),
  };
}

async function listenOn(
  options: DatabaseOptions,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const client = new pg.Client({ connectionString: options.url });
  // A lost listener only delays live updates (clients catch up with Last-Event-ID); it must not crash the process.
  client.on("error", () => {});
  await client.connect();
  client.on("notification", (message) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  });
  await client.query(`LISTEN ${channel}`);
  return () => client.end();
}
