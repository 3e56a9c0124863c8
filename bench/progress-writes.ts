/**
 * Reading-progress writes under load. The question: with many signed-in readers saving their place,
 * does the server take at least 2,000 progress writes per second with p99 under 25 ms (SQLite), and
 * how close is that to what the same Fastify instance serves for a hello-world route?
 *
 * Readers are users with sessions made directly in the database (bearer tokens, as the native app
 * sends); each reads a few books of a seeded catalogue whose chapters have novel-sized HTML. Targets:
 * `PUT /api/v1/books/:id/chapters/:anchorId/progress` and `PUT /api/v1/books/:id/progress` with random
 * readers, books, chapters and figures (some reach 100 and finish books), between two ceiling runs.
 * After the run, every counter is checked against a recount of its rows. Prints Markdown tables and
 * appends to bench/results/history.jsonl (BENCHMARKS.md is left alone). Run with
 * `npm run bench:progress -w @quire/bench`, on PostgreSQL with `BENCH_DATABASE_URL=postgres://…` (a schema of its
 * own, dropped afterwards); `BENCH_READERS` (default 1,000), `BENCH_CONNECTIONS`
 * (default 10 here), `BENCH_DURATION`, `BENCH_WARMUP`, `BENCH_STRICT` as for the other benches.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { buildApp } from "../apps/server/src/app";
import { createContext } from "../apps/server/src/context";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import type { Database } from "../apps/server/src/db/schema";
import { insertBenchReaders, openBenchDatabase } from "./bench-server";
import {
  appendHistory,
  benchServerConfig,
  describeMachine,
  exitWith,
  failures,
  fmtInt,
  fmtMs,
  fmtRatio,
  fmtSeconds,
  type LoadRequest,
  type LoadResult,
  machineInfo,
  markdownTable,
  readSettings,
  runTargets,
} from "./lib";
import { seedBooks } from "./seed-books";

const HELLO_PATH = "/__bench/hello";
/** Under /api/ so the session hook resolves the bearer token, as for the progress routes. */
const ECHO_PATH = "/api/__bench/echo";
const WRITES_PER_SECOND_BUDGET = 2000;
const P99_BUDGET_MS = 25;
const CATALOGUE_BOOKS = 500;
const DEFAULT_CONNECTIONS = 10;
const BOOKS_PER_READER = 3;
/** Random requests generated per target; the load generator picks among them. */
const REQUESTS_PER_TARGET = 20_000;
/** A chapter of a novel is ~4,000 words, ~25 KB of HTML: what a row lookup has to walk past. */
const CHAPTER_HTML_BYTES = 25_000;

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Reader {
  token: string;
  books: { id: string; anchors: string[] }[];
}

/** Readers with live sessions, each on a few launched, visible books whose chapters get novel-sized HTML. */
async function seedReaders(db: Kysely<Database>, count: number, random: () => number): Promise<Reader[]> {
  const books = await db
    .selectFrom("books")
    .innerJoin("chapters", "chapters.bookId", "books.id")
    .select(["books.id", "chapters.anchorId"])
    .where("books.display", "=", 1)
    // A scheduled book's progress is refused (412) like its text.
    .where("books.status", "!=", "scheduled")
    .orderBy("books.id")
    .orderBy("chapters.chapterNumber")
    .execute();
  const anchorsByBook = new Map<string, string[]>();
  for (const row of books) anchorsByBook.set(row.id, [...(anchorsByBook.get(row.id) ?? []), row.anchorId]);
  const bookIds = [...anchorsByBook.keys()];
  const padding = `<p>${"lorem ipsum ".repeat(Math.ceil(CHAPTER_HTML_BYTES / 12))}</p>`.slice(0, CHAPTER_HTML_BYTES);
  await db
    .updateTable("chapters")
    .set((eb) => ({ html: eb("html", "||", padding) }))
    .execute();

  const tokens = await insertBenchReaders(db, count);
  return tokens.map((token) => {
    const own = new Set<string>();
    while (own.size < BOOKS_PER_READER) own.add(bookIds[Math.floor(random() * bookIds.length)] as string);
    return { token, books: [...own].map((id) => ({ id, anchors: anchorsByBook.get(id) as string[] })) };
  });
}

/** Random progress writes: mostly places within a book, now and then the end of a chapter or the book. */
function progressRequests(readers: Reader[], kind: "chapter" | "book", random: () => number): LoadRequest[] {
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  const figure = () => (random() < 0.05 ? 100 : Math.round(random() * 1000) / 10);
  return Array.from({ length: REQUESTS_PER_TARGET }, () => {
    const reader = pick(readers);
    const book = pick(reader.books);
    const anchorId = pick(book.anchors);
    const position = { anchorId, offset: Math.round(random() * 100) / 100 };
    const headers = { authorization: `Bearer ${reader.token}`, "content-type": "application/json" };
    return kind === "chapter"
      ? {
          method: "PUT",
          path: `/api/v1/books/${book.id}/chapters/${anchorId}/progress`,
          headers,
          body: JSON.stringify({ progress: figure(), epubPosition: position }),
        }
      : {
          method: "PUT",
          path: `/api/v1/books/${book.id}/progress`,
          headers,
          body: JSON.stringify({ progress: figure(), currentChapter: anchorId, epubPosition: position }),
        };
  });
}

const OPENING_CONCURRENCY = 20;

/**
 * Each reader opens every chapter of each of their books through the API: the first records of the
 * books (counters, lists, reader counts) and of their chapters.
 */
async function openBooks(origin: string, readers: Reader[]): Promise<{ writes: number; elapsedMs: number }> {
  const queue = readers.flatMap((reader) =>
    reader.books.flatMap((book) => book.anchors.map((anchorId) => ({ reader, bookId: book.id, anchorId }))),
  );
  const writes = queue.length;
  const started = performance.now();
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const response = await fetch(`${origin}/api/v1/books/${next.bookId}/chapters/${next.anchorId}/progress`, {
        method: "PUT",
        headers: { authorization: `Bearer ${next.reader.token}`, "content-type": "application/json" },
        body: JSON.stringify({ progress: 1 }),
      });
      if (response.status !== 200)
        throw new Error(`Opening a chapter answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: OPENING_CONCURRENCY }, worker));
  return { writes, elapsedMs: performance.now() - started };
}

/** Books whose counters differ from a recount of their progress rows (there should be none). */
async function counterMismatches(db: Kysely<Database>): Promise<number> {
  const books = await db.selectFrom("books").select(["id", "nCurrentReads", "nFinishedReads"]).execute();
  const rows = await db.selectFrom("readingProgress").select(["bookId", "isRead"]).execute();
  const seeded = new Map(books.map((book) => [book.id, { current: 0, finished: 0 }]));
  for (const row of rows) {
    const counts = seeded.get(row.bookId);
    if (counts) counts[row.isRead === 1 ? "finished" : "current"] += 1;
  }
  return books.filter((book) => {
    const counts = seeded.get(book.id);
    return counts && (counts.current !== book.nCurrentReads || counts.finished !== book.nFinishedReads);
  }).length;
}

async function main(): Promise<number> {
  // Ten writers in flight unless BENCH_CONNECTIONS says otherwise: in a closed loop mean latency is
  // connections / rate, so the budget (≥ 2,000/s with p99 < 25 ms) means a couple of dozen at most.
  const settings = {
    ...readSettings(),
    ...(process.env.BENCH_CONNECTIONS ? {} : { connections: DEFAULT_CONNECTIONS }),
  };
  const readerCount = Math.max(1, Math.round(Number(process.env.BENCH_READERS ?? 1000)));
  const machine = machineInfo();
  const startedAt = new Date();
  console.log("Quire bench: reading-progress writes");
  console.log(`  machine   ${describeMachine(machine)}; load average ${machine.loadAverage.join(" ")}`);
  console.log(
    `  settings  ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per target, ${fmtInt(readerCount)} readers × ${BOOKS_PER_READER} books`,
  );

  const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-progress-"));
  const database = await openBenchDatabase(settings, dataDir).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { handle } = database;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateToLatest(handle.db, handle.dialect);
    // The catalogue's counters start at zero here, so the recount after the run is exact.
    await seedBooks(handle.db, { books: CATALOGUE_BOOKS });
    await handle.db.updateTable("books").set({ nCurrentReads: 0, nFinishedReads: 0 }).execute();
    const random = prng(20261122);
    const readers = await seedReaders(handle.db, readerCount, random);
    // PostgreSQL's autovacuum would analyze the freshly loaded tables within a minute; do it now.
    if (handle.dialect === "postgres") await sql`analyze`.execute(handle.db);
    console.log(
      `  database  ${database.label}, ${fmtInt(CATALOGUE_BOOKS)} books, chapters padded to ${fmtInt(CHAPTER_HTML_BYTES)} bytes`,
    );

    const config = benchServerConfig(dataDir, settings.databaseUrl);
    app = await buildApp(createContext(config, { database: handle }));
    app.get(HELLO_PATH, async () => ({ hello: "world" }));
    // The framework's floor for a signed-in JSON write: session lookup, body parsing, no progress work.
    app.put(ECHO_PATH, async (request) => ({ signedIn: request.viewer !== null }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("The server has no TCP address");
    const origin = `http://127.0.0.1:${address.port}`;

    const targets = [
      { key: "ceiling", label: "ceiling (hello)", shown: `GET ${HELLO_PATH}`, requests: undefined },
      {
        key: "signed-in-echo",
        label: "signed-in echo",
        shown: `PUT ${ECHO_PATH} (session + JSON body)`,
        requests: progressRequests(readers, "book", random).map((request) => ({ ...request, path: ECHO_PATH })),
      },
      {
        key: "chapter",
        label: "chapter progress",
        budgeted: true,
        shown: "PUT /api/v1/books/:id/chapters/:anchorId/progress",
        requests: progressRequests(readers, "chapter", random),
      },
      {
        key: "book",
        label: "book progress",
        budgeted: true,
        shown: "PUT /api/v1/books/:id/progress",
        requests: progressRequests(readers, "book", random),
      },
      { key: "ceiling-after", label: "ceiling again", shown: `GET ${HELLO_PATH}`, requests: undefined },
    ];

    // Every reader opens their books first, so the measured writes are the steady state (a reader saving
    // their place); the first records, with their counters, lists and reader counts, are timed here.
    const opened = await openBooks(origin, readers);
    console.log(
      `  opened    ${fmtInt(opened.writes)} chapters (first records) in ${fmtSeconds(opened.elapsedMs)} (${fmtInt(opened.writes / (opened.elapsedMs / 1000))} writes/s, ${OPENING_CONCURRENCY} at a time, client in the server's process)`,
    );

    // Fail fast on a broken route rather than measuring a run of errors.
    for (const target of targets) {
      const request = target.requests?.[0];
      const response = request
        ? await fetch(`${origin}${request.path}`, {
            method: request.method,
            headers: request.headers,
            body: request.body,
          })
        : await fetch(`${origin}${HELLO_PATH}`);
      if (response.status !== 200)
        throw new Error(`${target.shown} answered ${response.status}: ${await response.text()}`);
    }

    const { results, cpuPerRequest, before, after, ceiling, drift, failed } = await runTargets(
      targets.map((target) => ({ ...target, paths: [HELLO_PATH] })),
      { origin, settings, workDir: dataDir, namePrefix: "progress-" },
    );
    const mismatches = await counterMismatches(handle.db);
    const progressRows = await handle.db
      .selectFrom("readingProgress")
      .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.sum<number>("isRead").as("finished")])
      .executeTakeFirstOrThrow();
    const valid = failed.length === 0 && ceiling > 0 && mismatches === 0;

    const rows = targets.map((target) => {
      const m = (results.get(target.key) as LoadResult).measured;
      return { target, m, ratio: ceiling > 0 ? m.requestsPerSecond / ceiling : 0 };
    });
    const resultsTable = markdownTable(
      ["target", "request", "req/s", "p50", "p99", "errors + non-2xx", "× ceiling", "server CPU/req"],
      rows.map(({ target, m, ratio }) => [
        target.label,
        target.shown,
        fmtInt(m.requestsPerSecond),
        fmtMs(m.latencyMs.p50),
        fmtMs(m.latencyMs.p99),
        String(failures(m)),
        target.key.startsWith("ceiling") ? "—" : fmtRatio(ratio),
        `${fmtInt(cpuPerRequest.get(target.key) ?? 0)} µs`,
      ]),
    );
    const verdicts = rows
      .filter(({ target }) => "budgeted" in target)
      .flatMap(({ target, m }) => [
        {
          name: `${target.label} ≥ ${fmtInt(WRITES_PER_SECOND_BUDGET)} writes/s`,
          measured: fmtInt(m.requestsPerSecond),
          pass: m.requestsPerSecond >= WRITES_PER_SECOND_BUDGET,
        },
        {
          name: `${target.label} p99 < ${P99_BUDGET_MS} ms`,
          measured: fmtMs(m.latencyMs.p99),
          pass: m.latencyMs.p99 < P99_BUDGET_MS,
        },
      ]);
    const budgetTable = markdownTable(
      ["budget", "measured", "verdict"],
      verdicts.map((v) => [v.name, v.measured, !valid ? "INVALID" : v.pass ? "PASS" : "MISS"]),
    );

    console.log(`\n${resultsTable}\n\n${budgetTable}\n`);
    console.log(
      `  ceiling   ${fmtInt(ceiling)} req/s (before ${fmtInt(before)}, after ${fmtInt(after)}; drift ${(drift * 100).toFixed(1)}%)`,
    );
    if (Math.abs(drift) > 0.1)
      console.log("  warning   the ceiling moved by more than 10%: the machine was busy; rerun.");
    console.log(
      `  rows      ${fmtInt(Number(progressRows.rows))} reading-progress rows, ${fmtInt(Number(progressRows.finished ?? 0))} finished; books whose counters differ from a recount: ${mismatches}`,
    );
    for (const r of failed) console.log(`  FAILED    ${r.name}: ${JSON.stringify(r.measured.statusCodes)}`);

    await appendHistory({
      bench: "progress-writes",
      date: startedAt.toISOString(),
      valid,
      machine,
      dialect: handle.dialect,
      settings: { ...settings, databaseUrl: settings.databaseUrl ? "postgres://…" : undefined, readers: readerCount },
      ceiling: { requestsPerSecond: ceiling, before, after, drift },
      results: rows.map(({ target, m, ratio }) => ({
        key: target.key,
        ...m,
        ratio,
        cpuMicrosPerRequest: cpuPerRequest.get(target.key),
      })),
      counterMismatches: mismatches,
    });
    if (!valid) {
      console.log("\nThe run is invalid (errors, non-2xx answers or counters that differ from a recount).");
      return 1;
    }
    return settings.strict && verdicts.some((v) => !v.pass) ? 1 : 0;
  } finally {
    await app?.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

exitWith(main());
