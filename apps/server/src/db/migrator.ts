import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { DialectName } from "./dialect";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";

class DialectMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const entries = Object.entries(migrations).map(([name, migration]): [string, Migration] => [
      name,
      {
        up: (db) => migration.up(db, this.dialect),
        ...(migration.down ? { down: (db) => migration.down?.(db, this.dialect) ?? Promise.resolve() } : {}),
      },
    ]);
    return Object.fromEntries(entries);
  }
}

/** Applies every pending migration; cheap when there are none, so start-up always calls it. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one PostgreSQL database (tests, tenants) that finds another schema's tables.
  const migrationTableSchema = dialect === "postgres" ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: new DialectMigrationProvider(dialect),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL has no current schema: check search_path");
  return schema;
}
