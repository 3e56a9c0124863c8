import type { Kysely } from "kysely";
import type { Database } from "../src/db/schema";

/** How many rows a table holds: what a test reads to see that a write happened exactly once, or not at all. */
export async function countRows(db: Kysely<Database>, table: keyof Database & string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
