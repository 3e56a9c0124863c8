import type { CompiledQuery, Kysely } from "kysely";

const PLACEHOLDER = "\u0000quire-param:";

/** How a statement built once begins: PostgreSQL connections prepare such statements by name (database.ts). */
export const REUSABLE_STATEMENT_MARK = "/* reusable */ ";

/** A named placeholder for a query compiled once by ReusableQuery. */
export function param(name: string): string {
  return `${PLACEHOLDER}${name}`;
}

/**
 * A query built with Kysely once and compiled once, then run many times with new values. Building
 * and compiling a query costs more than running a point lookup, so hot fixed-shape reads use this.
 */
export class ReusableQuery<Row> {
  private readonly compiled: CompiledQuery<Row>;

  constructor(compiled: CompiledQuery<Row>) {
    this.compiled = { ...compiled, sql: `${REUSABLE_STATEMENT_MARK}${compiled.sql}` };
  }

  async execute<DB>(db: Kysely<DB>, values: Record<string, unknown>): Promise<Row[]> {
    const parameters = this.compiled.parameters.map((value) => {
      if (typeof value !== "string" || !value.startsWith(PLACEHOLDER)) return value;
      const name = value.slice(PLACEHOLDER.length);
      if (!(name in values)) throw new Error(`No value for query parameter ${name}`);
      return values[name];
    });
    const result = await db.executeQuery<Row>({ ...this.compiled, parameters });
    return result.rows;
  }
}
