import { createSearchRepository } from "../../composition";
import type { AppContext } from "../../context";
import { migrateToLatest } from "../../db/migrator";

/**
 * `quire search reindex`: rebuilds both search indexes from the tables, after a restore or a SQLite VACUUM
 * (which may renumber the rowids the FTS5 indexes are keyed by).
 */
export async function runSearchCommand(ctx: Pick<AppContext, "database">, args: string[]): Promise<number> {
  if (args[0] !== "reindex" || args.length > 1) {
    console.error("Usage: quire search reindex");
    return 1;
  }
  await migrateToLatest(ctx.database.db, ctx.database.dialect);
  const started = performance.now();
  await createSearchRepository(ctx).reindex();
  console.log(`Search index rebuilt in ${Math.round(performance.now() - started)} ms.`);
  return 0;
}
