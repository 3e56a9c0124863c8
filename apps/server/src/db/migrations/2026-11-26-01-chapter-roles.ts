import type { Kysely } from "kysely";
import type { DialectName } from "../dialect";

// Placeholder registered ahead of its work so parallel changes never collide in index.ts; filled before it lands.
export async function up(_db: Kysely<unknown>, _dialect: DialectName): Promise<void> {}
