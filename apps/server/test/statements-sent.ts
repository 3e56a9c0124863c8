import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** better-sqlite3's statements share one native prototype: the methods that run a statement live there. */
const SQLITE_RUNNERS = ["all", "get", "run", "iterate"] as const;

/**
 * The text of every statement this test file's code runs, in order (empty it between checks): sent to PostgreSQL,
 * seen by an observer on pg's Client#query, or run on SQLite, seen on better-sqlite3's statements. Call it before
 * `useTestDatabase`: each PostgreSQL connection binds `query` when it opens (db/database.ts), so the observer must
 * be in place first.
 */
export function recordStatements(): string[] {
  const sent: string[] = [];
  const pgClient = pg.Client.prototype as unknown as { query: Method };
  const pgQuery = pgClient.query;
  const probe = new BetterSqlite3(":memory:");
  const sqliteStatement = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, Method>;
  probe.close();
  const sqliteRunners = SQLITE_RUNNERS.map((name) => [name, sqliteStatement[name] as Method] as const);
  beforeAll(() => {
    pgClient.query = function (...args) {
      const [first] = args;
      const text = typeof first === "object" && first !== null && "text" in first ? first.text : first;
      if (typeof text === "string") sent.push(text);
      return pgQuery.apply(this, args);
    };
    for (const [name, run] of sqliteRunners) {
      sqliteStatement[name] = function (...args) {
        sent.push((this as BetterSqlite3.Statement).source);
        return run.apply(this, args);
      };
    }
  });
  afterAll(() => {
    pgClient.query = pgQuery;
    for (const [name, run] of sqliteRunners) sqliteStatement[name] = run;
  });
  return sent;
}
