import { type CompiledQuery, type Kysely, SelectQueryNode } from "kysely";

const PLACEHOLDER = "\u0000quire-param:";

/** How a statement built once begins: PostgreSQL connections prepare such statements by name (database.ts). */
export const REUSABLE_STATEMENT_MARK = "/* reusable */ ";

/** A named placeholder for a query compiled once by ReusableQuery. */
export function param(name: string): string {
  return `${PLACEHOLDER}${name}`;
}

/**
 * Runs a select straight on the driver, its rows' keys camel-cased as Kysely's plugin would; undefined when it
 * cannot run it now (SQLite inside a transaction: the read must wait for it, through Kysely's connection lock).
 */
export type DirectReader = (sqlText: string, parameters: readonly unknown[]) => Promise<unknown[]> | undefined;

const directReaders = new WeakMap<object, DirectReader>();

/** The driver behind `db` (a root Kysely instance from database.ts) for ReusableQuery's selects. */
export function registerDirectReader(db: object, reader: DirectReader): void {
  directReaders.set(db, reader);
}

/**
 * A query built with Kysely once and compiled once, then run many times with new values. Building
 * and compiling a query costs more than running a point lookup, so hot fixed-shape reads use this.
 * Outside a transaction a select skips Kysely's executor (connection lock, plugins, promise hops), which
 * cost a catalogue list more than its statement's rows.
 */
export class ReusableQuery<Row> {
  private readonly compiled: CompiledQuery<Row>;
  private readonly isSelect: boolean;

  constructor(compiled: CompiledQuery<Row>) {
    this.compiled = { ...compiled, sql: `${REUSABLE_STATEMENT_MARK}${compiled.sql}` };
    this.isSelect = SelectQueryNode.is(compiled.query);
  }

  async execute<DB>(db: Kysely<DB>, values: Record<string, unknown>): Promise<Row[]> {
    const parameters = this.compiled.parameters.map((value) => {
      if (typeof value !== "string" || !value.startsWith(PLACEHOLDER)) return value;
      const name = value.slice(PLACEHOLDER.length);
      if (!(name in values)) throw new Error(`No value for query parameter ${name}`);
      return values[name];
    });
    const direct = this.isSelect && !db.isTransaction ? directReaders.get(db) : undefined;
    const rows = direct?.(this.compiled.sql, parameters);
    if (rows) return (await rows) as Row[];
    const result = await db.executeQuery<Row>({ ...this.compiled, parameters });
    return result.rows;
  }
}
