/**
 * `npm run bench`: runs every benchmark in this folder, one after the other, on this machine.
 * Never part of CI or `npm test` (see README.md). Exit code 1 means an invalid run (errors, non-2xx,
 * a crash), or with BENCH_STRICT=1 a missed budget.
 */
import { runBookSearchBench } from "./book-search.bench";
import { runCatalogBench } from "./catalog.bench";
import { exitWith, readSettings } from "./lib";
import { runSearchBench } from "./search.bench";

const BENCHES = { catalog: runCatalogBench, search: runSearchBench, "book-search": runBookSearchBench } as const;
type BenchName = keyof typeof BENCHES;

async function main(): Promise<number> {
  const settings = readSettings();
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in BENCHES));
  if (unknown.length > 0) {
    console.error(`Unknown bench: ${unknown.join(", ")}. Known: ${Object.keys(BENCHES).join(", ")}`);
    return 2;
  }
  const names = (requested.length > 0 ? requested : Object.keys(BENCHES)) as BenchName[];
  let ok = true;
  for (const name of names) {
    const result = await BENCHES[name](settings);
    ok &&= result.ok;
  }
  return ok ? 0 : 1;
}

exitWith(main());
