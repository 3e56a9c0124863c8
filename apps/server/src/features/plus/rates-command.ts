import { readFile } from "node:fs/promises";
import type { AppContext } from "../../context";
import { migrateToLatest } from "../../db/migrator";
import { PlusRepository } from "./plus.repository";
import { parseRatesCsv } from "./rates";

const USAGE = "Usage: quire rates import <file.csv>   (lines: date,currency,rate — units per 1 USD)";

/** `quire rates import <file.csv>`: checks the whole table, then stores it; it wins over the bundled rates. */
export async function runRatesCommand(ctx: Pick<AppContext, "database" | "clock">, args: string[]): Promise<number> {
  const [action, file, ...rest] = args;
  if (action !== "import" || !file || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  let table: ReturnType<typeof parseRatesCsv>;
  try {
    table = parseRatesCsv(await readFile(file, "utf8"));
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  await migrateToLatest(ctx.database.db, ctx.database.dialect);
  await new PlusRepository(ctx.database.db).saveRates(table, ctx.clock());
  console.log(`Imported ${Object.keys(table.rates).length} rates of ${table.date}.`);
  return 0;
}
