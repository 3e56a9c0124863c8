/**
 * Search under load. The question: with 100,000 books and 100,000 people, do search and suggestions
 * answer with p99 < 30 ms (search) and < 15 ms (suggest) at 20 connections, and what share of the
 * hello-world ceiling of the same Fastify instance do they keep (SQLite and PostgreSQL)?
 *
 * The fixture has a vocabulary of its own (Zipf-distributed invented words, so some words are in most
 * books and most words in few, as in real text); queries are what people type: two words of a real
 * title or an author's name, a word being typed (prefix), and one word in five misspelled.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app";
import { createContext } from "../apps/server/src/context";
import { toJson } from "../apps/server/src/db/json";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import type { Database, NewBook, NewUser } from "../apps/server/src/db/schema";
import { describePublicCache, formatEnv, openBenchDatabase, serverEnvironment } from "./bench-server";
import {
  appendHistory,
  type BenchSettings,
  benchServerConfig,
  describeMachine,
  figuresTable,
  fmtInt,
  fmtMs,
  fmtRatio,
  fmtSeconds,
  type LoadTarget,
  machineInfo,
  markdownTable,
  runTargets,
  targetFigures,
  writeBenchmarksSection,
} from "./lib";
import { GENRES, insertBatched, prng } from "./seed-books";

const HELLO_PATH = "/__bench/hello";
const BOOKS = 100_000;
const USERS = 100_000;
const CONNECTIONS = 20;
const QUERIES_PER_TARGET = 2_000;
const BUDGETS = [
  { name: "search p99 < 30 ms", target: "search", p99: 30 },
  { name: "suggest p99 < 15 ms", target: "suggest", p99: 15 },
] as const;

const SYLLABLES = (
  "ka lo mi ren tas vel dor an is ur bel cor fen gal hol jun kes lir mor nat por quin ras sol tor ul ven wil yor zan " +
  "ae bri cha dre el fro gri ith lu mar nor om pre que rho sha thi ve wyn"
).split(" ");

interface Fixture {
  books: NewBook[];
  bookGenres: { bookId: string; genreId: string }[];
  users: NewUser[];
  /** What people type: whole words of searchable titles and names, typed partly or misspelled. */
  searchPaths: string[];
  suggestQueries: string[];
}

export function buildFixture(): Fixture {
  const random = prng(20261125);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const inventWord = () =>
    Array.from({ length: int(2, 4) }, () => pick(SYLLABLES))
      .join("")
      .slice(0, 12);
  const vocabulary = [...new Set(Array.from({ length: 40_000 }, inventWord))];
  // Zipf (s = 1): the k-th word is drawn with probability ∝ 1/k.
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= vocabulary.length; k++) {
    total += 1 / k;
    cumulative.push(total);
  }
  const zipfWord = () => {
    const r = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < r) low = mid + 1;
      else high = mid;
    }
    return vocabulary[low] as string;
  };
  // Titles are made of telling words, not the most common ones.
  const titleWord = () => vocabulary[int(100, vocabulary.length - 1)] as string;
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const firstNames = Array.from({ length: 3_000 }, () => capital(inventWord()));
  const lastNames = Array.from({ length: 20_000 }, () => capital(inventWord()));
  const now = Date.now();
  const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  const id = (prefix: string, n: number) => `${prefix}-${n.toString(36).padStart(6, "0")}`;

  const books: NewBook[] = [];
  const bookGenres: Fixture["bookGenres"] = [];
  const searchable: NewBook[] = [];
  for (let n = 0; n < BOOKS; n++) {
    const roll = random();
    const status = roll < 0.9 ? "launched" : roll < 0.95 ? "wip" : "scheduled";
    const book: NewBook = {
      id: id("book", n),
      title: capital(Array.from({ length: int(1, 5) }, titleWord).join(" ")),
      authors: toJson([`${pick(firstNames)} ${pick(lastNames)}`]),
      authorIds: toJson([]),
      imageUrl: null,
      summary: `${capital(Array.from({ length: int(20, 60) }, zipfWord).join(" "))}.`,
      source: random() < 0.7 ? "own" : "public-domain",
      display: random() < 0.95 ? 1 : 0,
      status,
      publishingLabel: null,
      completionStatus: "complete",
      launchedDate: status === "launched" ? iso(random() * 700) : null,
      addedDate: iso(random() * 1000),
      interactionScore: Math.round(1000 * (1 - random()) ** 4),
      lastInteractedAt: null,
    };
    books.push(book);
    if (book.display === 1 && status !== "wip") searchable.push(book);
    bookGenres.push({ bookId: book.id, genreId: pick(GENRES).id });
  }

  const users: NewUser[] = Array.from({ length: USERS }, (_, n) => {
    const first = pick(firstNames);
    const last = pick(lastNames);
    const userId = id("user", n);
    return {
      id: userId,
      firstName: first,
      lastName: last,
      username: `${first}${last}${n}`.toLowerCase(),
      email: `${userId}@bench.test`,
      roles: toJson(["reader"]),
      createdAt: iso(random() * 1000),
      updatedAt: iso(0),
      location: "",
      signUpForBeta: 0,
      social: "{}",
      description: "",
      acceptedTerms: 1,
      acceptedTracking: 0,
      emailVerified: 1,
      searchUserId: id("search", n),
      interactionScore: Math.round(100 * (1 - random()) ** 4),
    };
  });

  const misspell = (word: string) => {
    if (word.length < 5) return word;
    const at = int(1, word.length - 2);
    return word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
  };
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const searchPaths: string[] = [];
  const suggestQueries: string[] = [];
  for (let i = 0; i < QUERIES_PER_TARGET; i++) {
    const book = pick(searchable);
    const user = pick(users);
    // The search screen asks for one tab at a time: books (the first tab) or people.
    const kind = random() < 0.75 ? "books" : "people";
    const words = kind === "books" ? wordsOf(book.title).slice(0, 2) : wordsOf(`${user.firstName} ${user.lastName}`);
    if (random() < 0.2) {
      const at = int(0, words.length - 1);
      words[at] = misspell(words[at] as string);
    }
    const typed = words.join(" ");
    if (typed.length >= 2) searchPaths.push(`/api/v1/search?${new URLSearchParams({ q: typed, kind })}`);
    // Suggestions arrive while typing: anything from the first three letters to the whole query.
    const partial = typed.slice(0, int(Math.min(3, typed.length), typed.length)).trim();
    if (partial.length >= 2) suggestQueries.push(partial);
  }
  return { books, bookGenres, users, searchPaths, suggestQueries };
}

export async function seed(db: Kysely<Database>, fixture: Fixture): Promise<number> {
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    await insertBatched(trx, "genres", [...GENRES]);
    await insertBatched(trx, "books", fixture.books);
    await insertBatched(trx, "bookGenres", fixture.bookGenres);
    await insertBatched(trx, "users", fixture.users);
  });
  return performance.now() - started;
}

export async function runSearchBench(settings: BenchSettings): Promise<{ ok: boolean }> {
  const machine = machineInfo();
  const dialect = settings.databaseUrl ? "postgres" : "sqlite";
  const startedAt = new Date();
  const serverEnv = serverEnvironment();
  const run = { ...settings, connections: CONNECTIONS };
  console.log("Quire bench: search");
  console.log(`  machine   ${describeMachine(machine)}; load average ${machine.loadAverage.join(" ")}`);
  console.log(
    `  settings  ${run.connections} connections, ${run.warmupSeconds} s warm-up + ${run.durationSeconds} s per target, ${fmtInt(BOOKS)} books, ${fmtInt(USERS)} people`,
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
    const fixture = buildFixture();
    const seedMs = await seed(database.handle.db, fixture);
    if (dialect === "postgres") await sql`analyze`.execute(database.handle.db);
    console.log(
      `  seeded    ${fmtInt(fixture.books.length)} books and ${fmtInt(fixture.users.length)} people in ${fmtSeconds(seedMs)}`,
    );

    const config = benchServerConfig(dataDir, database.url, {
      ...serverEnv,
      // One load generator is one IP: the per-IP limit would answer most of the run with 429.
      QUIRE_SEARCH_PER_IP_PER_MINUTE: String(1_000_000_000),
    });
    const cacheSetting = describePublicCache(config);
    const ctx = createContext(config, { database: database.handle });
    app = await buildApp(ctx);
    app.get(HELLO_PATH, async () => ({ hello: "world" }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("The server has no TCP address");
    const origin = `http://127.0.0.1:${address.port}`;

    const { searchPaths } = fixture;
    const suggestPaths = fixture.suggestQueries.map((q) => `/api/v1/search/suggest?q=${encodeURIComponent(q)}`);
    const targets: LoadTarget[] = [
      { key: "ceiling", label: "ceiling (hello)", paths: [HELLO_PATH] },
      { key: "search", label: "search (one tab)", paths: searchPaths },
      { key: "suggest", label: "suggest", paths: suggestPaths },
      { key: "ceiling-after", label: "ceiling again", paths: [HELLO_PATH] },
    ];

    // The indexes are built in the background from start-up (docs/search.md): the first search, made as soon as
    // the process listens, may be answered from the tables while that build runs; reported apart from the load.
    const buildStarted = performance.now();
    const first = await fetch(`${origin}${searchPaths[0]}`);
    if (first.status !== 200) throw new Error(`The first search answered ${first.status}: ${await first.text()}`);
    const buildMs = performance.now() - buildStarted;
    console.log(`  indexes   first search answered in ${fmtSeconds(buildMs)}`);

    // What the queries find, measured once, so the figures say what kind of work they are.
    let found = 0;
    let empty = 0;
    for (const path of searchPaths.slice(0, 300)) {
      const response = await fetch(`${origin}${path}`);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { books: { items: unknown[] }; people: { items: unknown[] } };
      const n = body.books.items.length + body.people.items.length;
      found += n;
      if (n === 0) empty += 1;
    }
    for (const path of suggestPaths.slice(0, 50)) {
      const response = await fetch(`${origin}${path}`);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }
    const queryShape = `${fmtInt(searchPaths.length)} search (¾ books tab, ¼ people tab) and ${fmtInt(fixture.suggestQueries.length)} suggest queries, picked at random; of the first 300 searches ${empty} found nothing, the others ${fmtRatio(found / Math.max(1, 300 - empty))} results on their first page on average`;
    console.log(`  queries   ${queryShape}`);

    const loadRun = await runTargets(targets, {
      origin,
      settings: run,
      workDir: dataDir,
      namePrefix: "search-",
    });
    const { before, after, ceiling, drift, failed } = loadRun;
    const valid = failed.length === 0 && ceiling > 0;
    const rows = targetFigures(targets, loadRun);
    const verdicts = BUDGETS.map((budget) => {
      const measured = rows.find((row) => row.key === budget.target)?.p99 ?? Number.POSITIVE_INFINITY;
      const pass = measured < budget.p99;
      return { ...budget, measured, pass, verdict: !valid ? "INVALID" : pass ? "PASS" : "MISS" };
    });
    const resultsTable = figuresTable(rows);
    const budgetTable = markdownTable(
      ["budget", "measured", "verdict"],
      verdicts.map((v) => [v.name, fmtMs(v.measured), v.verdict]),
    );
    console.log(`\n${resultsTable}\n\n${budgetTable}\n`);
    console.log(
      `  ceiling   ${fmtInt(ceiling)} req/s (before ${fmtInt(before)}, after ${fmtInt(after)}; drift ${(drift * 100).toFixed(1)}%)`,
    );

    await appendHistory({
      bench: "search",
      date: startedAt.toISOString(),
      valid,
      machine,
      dialect,
      settings: { ...run, databaseUrl: settings.databaseUrl ? "postgres://…" : undefined },
      seedMs: Math.round(seedMs),
      ceiling: { requestsPerSecond: ceiling, before, after, drift },
      results: rows,
      budgets: verdicts.map(({ name, measured, pass }) => ({ name, measured, pass })),
    });
    if (!valid) {
      console.log("\nThe run is invalid (errors or non-2xx answers): BENCHMARKS.md is left as it was.");
      return { ok: false };
    }

    const misses = verdicts.filter((v) => !v.pass).map((v) => v.name);
    // Visitors' searches share the public read cache: a run with it on measures the cache as much as the engine.
    const cached = config.publicCache.ttlMs > 0 && config.publicCache.maxEntries > 0;
    const section = `search-${dialect}${cached ? "-cached" : ""}`;
    await writeBenchmarksSection(
      section,
      [
        `## Search and suggestions (HTTP, ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}${cached ? ", public read cache on" : ""})`,
        "",
        "Question: with 100,000 books and 100,000 people, do search and suggestions answer with p99 < 30 ms and < 15 ms at",
        "20 connections, and what share of the same instance's hello-world ceiling do they keep?",
        "",
        `- Date: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC${machine.gitCommit ? `, commit ${machine.gitCommit}` : ""}`,
        `- Machine: ${describeMachine(machine)}`,
        `- Database: ${database.label}`,
        `- Server: the real app, NODE_ENV=production, search rate limit lifted for the run${Object.keys(serverEnv).length > 0 ? `, ${formatEnv(serverEnv)}` : ""}${cacheSetting ? `; ${cacheSetting}` : ""}`,
        `- Fixture: ${fmtInt(BOOKS)} books (1–5 word titles of telling words, 20–60 word summaries of Zipf-distributed invented words) and ${fmtInt(USERS)} people, inserted in batches in ${fmtSeconds(seedMs)}; the first search (possibly from the tables, while the indexes build in the background) answered in ${fmtSeconds(buildMs)}`,
        `- Queries: ${queryShape}; one in five has a misspelled word`,
        `- Load: autocannon in a child process, ${run.connections} connections, ${run.warmupSeconds} s warm-up + ${run.durationSeconds} s measured per target`,
        `- Ceiling: ${fmtInt(ceiling)} req/s (before ${fmtInt(before)}, after ${fmtInt(after)}; drift ${(drift * 100).toFixed(1)}%)`,
        "",
        resultsTable,
        "",
        budgetTable,
        "",
        misses.length === 0 ? "All budgets met." : `Missed: ${misses.join("; ")}.`,
        "",
        `Reproduce: \`npm run bench -w @quire/bench -- search\`${dialect === "postgres" ? " with `BENCH_DATABASE_URL=postgres://…`" : ""}.`,
      ].join("\n"),
    );
    console.log(`\nWrote the ${section} section of BENCHMARKS.md.`);
    return { ok: settings.strict ? misses.length === 0 : true };
  } finally {
    await app?.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
