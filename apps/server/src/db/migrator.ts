import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
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
  const migrator = new Migrator({ db, provider: new DialectMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
