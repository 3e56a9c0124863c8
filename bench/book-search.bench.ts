/**
 * Search inside a book under load. The question: searching the largest book of the corpus (Walt
 * Whitman's Leaves of Grass, imported from the Standard Ebooks EPUB at bench time), does
 * `GET /api/v1/books/:id/search` answer with p99 < 50 ms at 10 connections, and what share of the
 * same instance's hello-world ceiling does it keep?
 *
 * Queries are words and phrases of the book itself, in frequency bands: the most common words (the
 * answer's worst case: thousands of matches, the first 200 listed with snippets), middling and rare
 * words, and two-word phrases. The public read cache is off for the run, so every request searches.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { foldQuery, htmlToText } from "@quire/core";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app";
import { createContext } from "../apps/server/src/context";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import { EpubImportService } from "../apps/server/src/features/epub/epub-import.service";
import { createRootLogger } from "../apps/server/src/logger";
import { formatEnv, openBenchDatabase, serverEnvironment } from "./bench-server";
import {
  appendHistory,
  type BenchSettings,
  benchServerConfig,
  describeMachine,
  figuresTable,
  fmtInt,
  fmtMs,
  fmtSeconds,
  type LoadTarget,
  machineInfo,
  markdownTable,
  REPO_ROOT,
  runTargets,
  targetFigures,
  writeBenchmarksSection,
} from "./lib";
import { prng } from "./seed-books";

const BOOK_FILE = join(REPO_ROOT, "../shared/corpus/standard-ebooks/walt-whitman_leaves-of-grass.epub");
const HELLO_PATH = "/__bench/hello";
const CONNECTIONS = 10;
const P99_BUDGET_MS = 50;
const QUERIES = 400;

interface BookText {
  bookId: string;
  chapters: number;
  characters: number;
  words: string[];
}

/** Words and two-word phrases of the book, in bands of how often they occur. */
function buildQueries(book: BookText): { paths: string[]; shape: string } {
  const random = prng(20261126);
  const counts = new Map<string, number>();
  for (const word of book.words) if (word.length >= 2) counts.set(word, (counts.get(word) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const bands = {
    common: ranked.slice(0, 50),
    middling: ranked.slice(50, 2_000),
    rare: ranked.slice(2_000),
  };
  const queries: string[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const roll = random();
    if (roll < 0.3) queries.push(pick(bands.common));
    else if (roll < 0.6) queries.push(pick(bands.middling));
    else if (roll < 0.8) queries.push(pick(bands.rare));
    else {
      const at = Math.floor(random() * (book.words.length - 1));
      queries.push(`${book.words[at]} ${book.words[at + 1]}`);
    }
  }
  return {
    paths: queries.map((q) => `/api/v1/books/${book.bookId}/search?${new URLSearchParams({ q })}`),
    shape: `${fmtInt(QUERIES)} queries picked at random: 30% among the 50 most common words, 30% among the next 1,950, 20% rarer words, 20% two-word phrases of the text`,
  };
}

export async function runBookSearchBench(settings: BenchSettings): Promise<{ ok: boolean }> {
  const machine = machineInfo();
  const dialect = settings.databaseUrl ? "postgres" : "sqlite";
  const startedAt = new Date();
  const serverEnv = serverEnvironment();
  const run = { ...settings, connections: CONNECTIONS };
  console.log("Quire bench: book search");
  console.log(`  machine   ${describeMachine(machine)}; load average ${machine.loadAverage.join(" ")}`);
  console.log(
    `  settings  ${run.connections} connections, ${run.warmupSeconds} s warm-up + ${run.durationSeconds} s per target`,
  );

  const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-"));
  const database = await openBenchDatabase(settings, dataDir).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  console.log(`  database  ${database.label}`);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateToLatest(database.handle.db, database.handle.dialect);
    const config = benchServerConfig(dataDir, database.url, {
      ...serverEnv,
      // One load generator is one IP, and a cached answer measures the cache, not the search.
      QUIRE_SEARCH_PER_IP_PER_MINUTE: String(1_000_000_000),
      QUIRE_PUBLIC_CACHE_TTL_MS: "0",
    });
    const ctx = createContext(config, { database: database.handle });
    const importStarted = performance.now();
    const imported = await new EpubImportService({
      db: database.handle.db,
      storage: ctx.storage,
      logger: createRootLogger("silent"),
      clock: () => new Date(),
      maxImagePixels: 50_000_000,
    }).import(readFileSync(BOOK_FILE));
    const importMs = performance.now() - importStarted;
    if (dialect === "postgres") await sql`analyze`.execute(database.handle.db);
    const rows = await database.handle.db
      .selectFrom("chapters")
      .select("html")
      .where("bookId", "=", imported.bookId)
      .execute();
    const texts = rows.map((row) => htmlToText(row.html));
    const book: BookText = {
      bookId: imported.bookId,
      chapters: rows.length,
      characters: texts.reduce((sum, text) => sum + text.length, 0),
      words: foldQuery(texts.join(" "))
        .split(/[^\p{L}\p{N}']+/u)
        .filter(Boolean),
    };
    const htmlBytes = rows.reduce((sum, row) => sum + Buffer.byteLength(row.html), 0);
    const bookShape = `Leaves of Grass (Standard Ebooks EPUB, imported in ${fmtSeconds(importMs)}): ${fmtInt(book.chapters)} chapters, ${(htmlBytes / 1e6).toFixed(2)} MB of chapter HTML, ${fmtInt(book.characters)} characters of text, ${fmtInt(book.words.length)} words`;
    console.log(`  book      ${bookShape}`);

    app = await buildApp(ctx);
    app.get(HELLO_PATH, async () => ({ hello: "world" }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("The server has no TCP address");
    const origin = `http://127.0.0.1:${address.port}`;

    const { paths, shape } = buildQueries(book);
    // The first search reads and folds every chapter; the ones after find them in the cache.
    const coldStarted = performance.now();
    const cold = await fetch(`${origin}${paths[0]}`);
    const coldMs = performance.now() - coldStarted;
    if (cold.status !== 200) throw new Error(`GET ${paths[0]} answered ${cold.status}: ${await cold.text()}`);
    let matches = 0;
    let capped = 0;
    let empty = 0;
    for (const path of paths.slice(0, 200)) {
      const response = await fetch(`${origin}${path}`);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { items: unknown[]; total: number };
      matches += body.total;
      if (body.total > body.items.length) capped += 1;
      if (body.total === 0) empty += 1;
    }
    const queryShape = `${shape}; of the first 200, ${empty} found nothing, ${capped} found more than the 200 listed, ${fmtInt(matches / 200)} matches on average`;
    console.log(`  queries   ${queryShape}`);
    console.log(`  first     ${fmtMs(coldMs)} (reads and folds the whole book into the cache)`);

    const targets: LoadTarget[] = [
      { key: "ceiling", label: "ceiling (hello)", paths: [HELLO_PATH] },
      { key: "search", label: "book search", paths },
      { key: "ceiling-after", label: "ceiling again", paths: [HELLO_PATH] },
    ];
    const loadRun = await runTargets(targets, {
      origin,
      settings: run,
      workDir: dataDir,
      namePrefix: "book-search-",
    });
    const { before, after, ceiling, drift, failed } = loadRun;
    const valid = failed.length === 0 && ceiling > 0;
    const figures = targetFigures(targets, loadRun);
    const measured = figures.find((row) => row.key === "search")?.p99 ?? Number.POSITIVE_INFINITY;
    const pass = measured < P99_BUDGET_MS;
    const budgetName = `book search p99 < ${P99_BUDGET_MS} ms`;
    const resultsTable = figuresTable(figures);
    const budgetTable = markdownTable(
      ["budget", "measured", "verdict"],
      [[budgetName, fmtMs(measured), !valid ? "INVALID" : pass ? "PASS" : "MISS"]],
    );
    console.log(`\n${resultsTable}\n\n${budgetTable}\n`);
    console.log(
      `  ceiling   ${fmtInt(ceiling)} req/s (before ${fmtInt(before)}, after ${fmtInt(after)}; drift ${(drift * 100).toFixed(1)}%)`,
    );

    await appendHistory({
      bench: "book-search",
      date: startedAt.toISOString(),
      valid,
      machine,
      dialect,
      settings: { ...run, databaseUrl: settings.databaseUrl ? "postgres://…" : undefined },
      coldMs: Math.round(coldMs),
      ceiling: { requestsPerSecond: ceiling, before, after, drift },
      results: figures,
      budgets: [{ name: budgetName, measured, pass }],
    });
    if (!valid) {
      console.log("\nThe run is invalid (errors or non-2xx answers): BENCHMARKS.md is left as it was.");
      return { ok: false };
    }

    const section = `book-search-${dialect}`;
    await writeBenchmarksSection(
      section,
      [
        `## Search inside a book (HTTP, ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"})`,
        "",
        `Question: searching the corpus's largest book, does \`GET /api/v1/books/:id/search\` answer with p99 < ${P99_BUDGET_MS} ms at`,
        `${CONNECTIONS} connections, and what share of the same instance's hello-world ceiling does it keep?`,
        "",
        `- Date: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC${machine.gitCommit ? `, commit ${machine.gitCommit}` : ""}`,
        `- Machine: ${describeMachine(machine)}; load average at the start ${machine.loadAverage.join(" ")}`,
        `- Database: ${database.label}`,
        `- Server: the real app, NODE_ENV=production, search rate limit lifted and public read cache off for the run${Object.keys(serverEnv).length > 0 ? `, ${formatEnv(serverEnv)}` : ""}`,
        `- Book: ${bookShape}`,
        `- First search: ${fmtMs(coldMs)}, reading and folding every chapter into the per-process cache; the load runs on the warm cache`,
        `- Queries: ${queryShape}`,
        `- Load: autocannon in a child process, ${run.connections} connections, ${run.warmupSeconds} s warm-up + ${run.durationSeconds} s measured per target`,
        `- Ceiling: ${fmtInt(ceiling)} req/s (before ${fmtInt(before)}, after ${fmtInt(after)}; drift ${(drift * 100).toFixed(1)}%)`,
        "",
        resultsTable,
        "",
        budgetTable,
        "",
        pass ? "Budget met." : `Missed: ${budgetName}.`,
        "",
        `Reproduce: \`npm run bench:book-search -w @quire/bench\`${dialect === "postgres" ? " with `BENCH_DATABASE_URL=postgres://…`" : ""}.`,
      ].join("\n"),
    );
    console.log(`\nWrote the ${section} section of BENCHMARKS.md.`);
    return { ok: settings.strict ? pass : true };
  } finally {
    await app?.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
