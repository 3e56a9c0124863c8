import pg from "pg";
import { afterAll, beforeAll } from "vitest";

/**
 * The text of every statement this test file's code sends to PostgreSQL, in order (empty it between checks), seen by
 * an observer on pg's Client#query. Call it before `useTestDatabase`: each connection binds `query` when it opens
 * (db/database.ts), so the observer must be in place first.
 */
export function recordPostgresStatements(): string[] {
  const sent: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  beforeAll(() => {
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === "object" && first !== null && "text" in first ? first.text : first;
      if (typeof text === "string") sent.push(text);
      return original.apply(this, args);
    };
  });
  afterAll(() => {
    prototype.query = original;
  });
  return sent;
}
