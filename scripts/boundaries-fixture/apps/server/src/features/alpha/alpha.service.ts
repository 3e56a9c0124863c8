import { sql } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import { betaSecret } from "../beta/beta.internal";

// Breaches: a service writing SQL and holding the database handle, and another feature's internals.
export const alphaName = `alpha ${betaSecret}`;
export const alphaQuery = (database: DatabaseHandle) => sql`select ${database.dialect}`;
