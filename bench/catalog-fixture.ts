/**
 * The catalogue bench's fixture, written by a process of its own (`node --import tsx catalog-fixture.ts <input.json>`):
 * migrations, the books, the signed-in readers and, on PostgreSQL, a VACUUM ANALYZE. Prints a CatalogFixture as JSON.
 *
 * Not in the server's process: V8 moves an allocation site's objects straight to the old generation once most of
 * them survive, and the seed's long-lived rows came from the same sites (query building, the driver) as a request's
 * short-lived ones. Seeded in the bench's process, the server then promoted ~2.5 MB of garbage a scavenge, its
 * scavenges took 7–18 ms instead of 1–2, and its hello route ended each run 26–40 % slower than it began.
 */
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { createDatabase } from "../apps/server/src/db/database";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import { insertBenchReaders } from "./bench-server";
import { type SeedResult, seedBooks } from "./seed-books";

export interface CatalogFixtureInput {
  url: string;
  searchPath?: string;
  books: number;
  readers: number;
}

export interface CatalogFixture {
  seed: SeedResult;
  /** Bearer tokens of the signed-in readers. */
  readerTokens: string[];
}

const input = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as CatalogFixtureInput;
const handle = createDatabase({ url: input.url, searchPath: input.searchPath, poolSize: 1 });
try {
  await migrateToLatest(handle.db, handle.dialect);
  const seed = await seedBooks(handle.db, { books: input.books });
  const readerTokens = await insertBenchReaders(handle.db, input.readers);
  // PostgreSQL's autovacuum would vacuum and analyze the freshly loaded tables within a minute; do it now. Until
  // then the book JSON, rewritten by triggers while seeding, holds twice as many dead row versions as live ones.
  // SQLite gets no ANALYZE because the app never runs one.
  if (handle.dialect === "postgres") {
    const tables = await sql<{
      name: string;
    }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(handle.db);
    await sql`vacuum (analyze) ${sql.join(tables.rows.map((table) => sql.id(table.name)))}`.execute(handle.db);
    // The vacuum's dirty pages are written now, not by the checkpointer during the measured runs (superusers only).
    await sql`checkpoint`.execute(handle.db).catch(() => undefined);
  }
  const fixture: CatalogFixture = { seed, readerTokens };
  console.log(JSON.stringify(fixture));
} finally {
  await handle.destroy();
}
