import { createSearchRepository } from "../../composition";
import type { AppContext } from "../../context";
import { migrateToLatest } from "../../db/migrator";

/**
 * `quire search reindex`: every running server reads the search indexes afresh from the tables before its
 * next search, for changes the triggers cannot see (a restore, rows edited with triggers off).
 */
export async function runSearchCommand(ctx: Pick<AppContext, "database">, args: string[]): Promise<number> {
  if (args[0] !== "reindex" || args.length > 1) {
    console.error("Usage: quire search reindex");
    return 1;
  }
  await migrateToLatest(ctx.database.db, ctx.database.dialect);
  await createSearchRepository(ctx).requestRebuild();
  console.log("Search indexes will be rebuilt from the tables before each server's next search.");
  return 0;
}
