import { type Kysely, PostgresAdapter } from "kysely";

/** The two databases Quire runs on. Code that must differ between them branches on this, here or in a repository. */
export type DialectName = "sqlite" | "postgres";

export function dialectOf(databaseUrl: string | undefined): DialectName {
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite";
}

/** Which database a Kysely instance talks to: its adapter names it, so repositories need only the instance. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
