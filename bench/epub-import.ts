/**
 * EPUB import speed and memory. The question: does importing each Standard Ebooks book of the corpus
 * (unzip, parse, sanitise, scope CSS, render the cover and its thumbnails, write files and rows) take
 * under 2 s, with the process's peak RSS under 300 MB (SQLite)?
 *
 * Each book is imported in a fresh Node process (so peak RSS is that book's alone, and the first
 * import pays what `quire import` pays: cold code), on a SQLite file in WAL mode like the app's, then
 * imported again in the same process as a new edition (warm). Prints a Markdown table; run with
 * `npm run bench:import -w @quire/bench`. Results go to bench/results/history.jsonl, not BENCHMARKS.md.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createDatabase } from "../apps/server/src/db/database";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import { EpubImportService } from "../apps/server/src/features/epub/epub-import.service";
import { LocalFileStorage } from "../apps/server/src/infra/storage";
import { createRootLogger } from "../apps/server/src/logger";
import { appendHistory, describeMachine, exitWith, machineInfo, markdownTable, REPO_ROOT } from "./lib";

const CORPUS = join(REPO_ROOT, "../shared/corpus/standard-ebooks");
const TIME_BUDGET_MS = 2000;
const MEMORY_BUDGET_MB = 300;
/** The limit the server applies by default (QUIRE_MAX_IMAGE_PIXELS). */
const MAX_IMAGE_PIXELS = 50_000_000;

interface BookFigures {
  file: string;
  firstMs: number;
  againMs: number;
  peakRssMb: number;
  chapters: number;
  words: number;
}

/** Child: imports one book twice and prints its figures as the last line of stdout. */
async function measureOne(file: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "quire-bench-import-"));
  const handle = createDatabase({ url: join(dir, "quire.sqlite") });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const service = new EpubImportService({
      db: handle.db,
      storage: new LocalFileStorage(join(dir, "files")),
      logger: createRootLogger("silent"),
      clock: () => new Date(),
      maxImagePixels: MAX_IMAGE_PIXELS,
    });
    const bytes = readFileSync(file);
    const started = performance.now();
    const result = await service.import(bytes);
    const firstMs = performance.now() - started;
    const again = performance.now();
    await service.import(bytes);
    const againMs = performance.now() - again;
    const figures: BookFigures = {
      file: basename(file),
      firstMs,
      againMs,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      chapters: result.chapters,
      words: result.wordCount,
    };
    console.log(JSON.stringify(figures));
  } finally {
    await handle.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

function runChild(file: string): Promise<BookFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "--one", file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`import of ${basename(file)} exited with ${code}`));
      resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as BookFigures);
    });
  });
}

async function main(): Promise<number> {
  const machine = machineInfo();
  console.log(`EPUB import — ${describeMachine(machine)}, load ${machine.loadAverage.join(" ")}\n`);
  const files = readdirSync(CORPUS)
    .filter((name) => name.endsWith(".epub"))
    .sort()
    .map((name) => join(CORPUS, name));
  const results: BookFigures[] = [];
  for (const file of files) results.push(await runChild(file));

  const within = (figures: BookFigures) =>
    figures.firstMs < TIME_BUDGET_MS && figures.againMs < TIME_BUDGET_MS && figures.peakRssMb < MEMORY_BUDGET_MB;
  console.log(
    markdownTable(
      [
        "book",
        "chapters",
        "words",
        "import (cold)",
        "again (warm)",
        "peak RSS",
        `< ${TIME_BUDGET_MS} ms, < ${MEMORY_BUDGET_MB} MB`,
      ],
      results.map((figures) => [
        figures.file.replace(/\.epub$/, ""),
        String(figures.chapters),
        figures.words.toLocaleString("en-US"),
        `${Math.round(figures.firstMs)} ms`,
        `${Math.round(figures.againMs)} ms`,
        `${Math.round(figures.peakRssMb)} MB`,
        within(figures) ? "yes" : "NO",
      ]),
    ),
  );
  const ok = results.every(within);
  await appendHistory({ bench: "epub-import", at: new Date().toISOString(), machine, results, ok });
  return ok || process.env.BENCH_STRICT !== "1" ? 0 : 1;
}

const one = process.argv.indexOf("--one");
const work = one >= 0 ? measureOne(process.argv[one + 1] as string).then(() => 0) : main();
exitWith(work);
