import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Accounts no longer start with a place (issue 11): every profile used to claim SPEC §3's placeholder city,
 * "Bookham", until its owner changed it. Unset is "" in this NOT NULL column (the API shows null); a
 * placeholder still stored is taken as never chosen. The literal is this migration's own: it must not follow
 * later code.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await sql`UPDATE users SET location = '' WHERE location = 'Bookham'`.execute(db);
}
