/**
 * Catalogue read paths under load. The question: on a 10,000-book catalogue, does the HTTP stack keep
 * the book page at ≥ 0.5 and the list at ≥ 0.3 of what the same Fastify instance serves for a
 * hello-world route, with p99 under 20 ms at 50 connections, on SQLite and on PostgreSQL?
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BOOK_SORTS, BOOK_SOURCES, PAGE_SIZES } from "@quire/core";
import { type CompiledQuery, type Kysely, sql } from "kysely";
import { buildApp } from "../apps/server/src/app";
import { createContext } from "../apps/server/src/context";
import { createDatabase, type DatabaseHandle } from "../apps/server/src/db/database";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import type { Database } from "../apps/server/src/db/schema";
import { CatalogRepository } from "../apps/server/src/features/catalog/catalog.repository";
import {
  appendHistory,
  BENCHMARKS_MD,
  type BenchSettings,
  benchServerConfig,
  describeMachine,
  failures,
  fmtInt,
  fmtMs,
  fmtRatio,
  fmtSeconds,
  type LoadResult,
  machineInfo,
  markdownTable,
  runTargets,
  writeBenchmarksSection,
} from "./lib";
import { seedBooks } from "./seed-books";

const HELLO_PATH = "/__bench/hello";
const POOL_SIZE = 10;
/** Where the section goes: BENCHMARKS.md, or another file (a trial run that should not touch the repository's). */
const outputFile = process.env.BENCH_CATALOG_MD || BENCHMARKS_MD;
const P99_BUDGET_MS = 20;

interface Target {
  key: string;
  label: string;
  /** How the path list is shown in the report. */
  shown: string;
  paths: string[];
}

interface Budget {
  name: string;
  target: string;
  kind: "ratio" | "p99";
  threshold: number;
}

const BUDGETS: Budget[] = [
  { name: "book page ≥ 0.5 × ceiling", target: "book", kind: "ratio", threshold: 0.5 },
  { name: "list ≥ 0.3 × ceiling", target: "list", kind: "ratio", threshold: 0.3 },
  { name: "filtered list ≥ 0.3 × ceiling", target: "list-genre", kind: "ratio", threshold: 0.3 },
  { name: `book page p99 < ${P99_BUDGET_MS} ms`, target: "book", kind: "p99", threshold: P99_BUDGET_MS },
  { name: `list p99 < ${P99_BUDGET_MS} ms`, target: "list", kind: "p99", threshold: P99_BUDGET_MS },
  { name: `filtered list p99 < ${P99_BUDGET_MS} ms`, target: "list-genre", kind: "p99", threshold: P99_BUDGET_MS },
];

/** A database of its own: a SQLite file in the temp dir, or a PostgreSQL schema created for this run. */
export async function openBenchDatabase(
  settings: BenchSettings,
  dataDir: string,
): Promise<{ handle: DatabaseHandle; url: string; label: string; drop: () => Promise<void> }> {
  if (!settings.databaseUrl) {
    const url = join(dataDir, "quire.sqlite");
    const handle = createDatabase({ url });
    return { handle, url, label: "sqlite (file, WAL)", drop: () => handle.destroy() };
  }
  const url = settings.databaseUrl;
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  // One connection on the default search path creates and later drops the run's schema.
  const admin = createDatabase({ url, poolSize: 1 });
  try {
    await sql.raw(`create schema ${schema}`).execute(admin.db);
  } catch (error) {
    await admin.destroy();
    throw error;
  }
  const handle = createDatabase({ url, searchPath: schema, poolSize: POOL_SIZE });
  const server = new URL(url);
  return {
    handle,
    url,
    label: `postgres (${server.host}${server.pathname}, schema ${schema}, pool ${POOL_SIZE})`,
    drop: async () => {
      await handle.destroy();
      try {
        await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.db);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/**
 * PostgreSQL only: how often each hot statement was planned for its values (custom) and how often a plan was kept
 * (generic), summed over the pool's open connections after the load: a statement planned on every run costs its
 * planning each time. Concurrent reads that each hold a connection for a moment see every pooled connection.
 */
async function planReuse(db: Kysely<Database>, connections: number): Promise<string> {
  const seen = await Promise.all(
    Array.from({ length: connections }, () =>
      sql<{ pid: number; statement: string; genericPlans: number; customPlans: number }>`
        select pg_backend_pid() as pid, statement, generic_plans, custom_plans
        from pg_prepared_statements, pg_sleep(0.05) where statement like '%book_json%'`
        .execute(db)
        .then((result) => result.rows),
    ),
  );
  const byPid = new Map(seen.flat().map((row) => [`${row.pid} ${row.statement}`, row]));
  const totals = new Map<string, { generic: number; custom: number; connections: number }>();
  for (const row of byPid.values()) {
    const shape = hotStatementLabel(row.statement);
    const total = totals.get(shape) ?? { generic: 0, custom: 0, connections: 0 };
    total.generic += Number(row.genericPlans);
    total.custom += Number(row.customPlans);
    total.connections += 1;
    totals.set(shape, total);
  }
  return markdownTable(
    ["statement", "connections", "plans kept (generic runs)", "planned for their values (custom runs)"],
    [...totals].map(([shape, total]) => [
      shape,
      String(total.connections),
      fmtInt(total.generic),
      fmtInt(total.custom),
    ]),
  );
}

/** A list statement's shape (what it filters on, what it sorts by), or the book page's. */
function hotStatementLabel(statement: string): string {
  if (statement.includes("any(")) return "book pages (a batch of ids)";
  if (statement.includes('"books"."id" = $1')) return "book page (one id)";
  const filters = [
    statement.includes('"genre_books"') ? "genre" : "",
    statement.includes('"books"."source"') ? "source" : "",
  ];
  const sort = /"(\w+)" as "sort"/.exec(statement)?.[1] ?? "?";
  const limit = /limit (\d+)/.exec(statement)?.[1];
  return `list by ${sort}${filters.some(Boolean) ? `, ${filters.filter(Boolean).join(" + ")}` : ""}${limit ? `, limit ${limit}` : ""}`;
}

/** QUIRE_* settings from the bench's own environment reach the server (e.g. QUIRE_PUBLIC_CACHE_TTL_MS=0). */
const OWN_SETTINGS = new Set(["QUIRE_DATA_DIR", "QUIRE_SEED_DEMO", "QUIRE_WEB_DIST"]);
export function serverEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith("QUIRE_") && !OWN_SETTINGS.has(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/** The in-memory cache of public responses, when the server has one: it decides what the figures mean. */
export function describePublicCache(config: object): string | undefined {
  const cache = (config as { publicCache?: { ttlMs: number; maxEntries: number } }).publicCache;
  if (!cache) return undefined;
  return cache.ttlMs > 0 && cache.maxEntries > 0
    ? `public response cache on: ${cache.ttlMs / 1000} s TTL, ${fmtInt(cache.maxEntries)} entries (QUIRE_PUBLIC_CACHE_TTL_MS=0 turns it off)`
    : "public response cache off";
}

/**
 * The plans of the statements behind the measured routes: each read is run once through a catalogue repository
 * that records what it sends, then explained (SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN ANALYZE).
 */
async function explainHotQueries(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  reads: { common: string; rare: string; bookId: string },
): Promise<string> {
  let sent: CompiledQuery[] = [];
  // Compiled statements go through Kysely's executeQuery: record them there (methods bound: Kysely has private fields).
  const recording = new Proxy(db, {
    get(target, property) {
      if (property === "executeQuery")
        return (query: CompiledQuery) => {
          sent.push(query);
          return target.executeQuery(query);
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const catalog = new CatalogRepository(recording);
  const cases: [string, () => Promise<unknown>][] = [
    ["books list (popular, first page)", () => catalog.listBooksPage({ display: 1 }, "popular", 20, undefined)],
    [
      `genre filter, common (${reads.common})`,
      () => catalog.listBooksPage({ display: 1, genre: reads.common }, "popular", 20, undefined),
    ],
    [
      `genre filter, rare (${reads.rare})`,
      () => catalog.listBooksPage({ display: 1, genre: reads.rare }, "popular", 20, undefined),
    ],
    ["book page", () => catalog.findBookDetailJson(reads.bookId)],
  ];
  const sections: string[] = [];
  for (const [label, read] of cases) {
    sent = [];
    await read();
    for (const query of sent) {
      const explain = dialect === "sqlite" ? "explain query plan " : "explain (analyze, costs off, timing off) ";
      const { rows } = await db.executeQuery<Record<string, unknown>>({
        ...query,
        sql: `${explain}${query.sql}`,
      });
      const plan = rows.map((row) => String(dialect === "sqlite" ? row.detail : row["QUERY PLAN"])).join("\n");
      sections.push(`-- ${label}\n${query.sql}\n${plan}`);
    }
  }
  return sections.join("\n\n");
}

export const formatEnv = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");

export async function runCatalogBench(settings: BenchSettings): Promise<{ ok: boolean }> {
  const machine = machineInfo();
  const dialect = settings.databaseUrl ? "postgres" : "sqlite";
  const startedAt = new Date();
  const serverEnv = serverEnvironment();
  console.log("Quire bench: catalogue read paths");
  console.log(`  machine   ${describeMachine(machine)}; load average ${machine.loadAverage.join(" ")}`);
  console.log(
    `  settings  ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per target, ${fmtInt(settings.books)} books`,
  );
  if (machine.cores <= 2) {
    console.log(
      "  note      ≤ 2 cores: the load generator (a child process) and the server compete for CPU; ratios stay comparable, absolute req/s do not.",
    );
  }

  const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-"));
  const database = await openBenchDatabase(settings, dataDir).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  console.log(`  database  ${database.label}`);
  if (Object.keys(serverEnv).length > 0) console.log(`  env       ${formatEnv(serverEnv)}`);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateToLatest(database.handle.db, database.handle.dialect);
    const seed = await seedBooks(database.handle.db, { books: settings.books });
    // PostgreSQL's autovacuum would vacuum and analyze the freshly loaded tables within a minute; do it now. Until
    // then the book JSON, rewritten by triggers while seeding, holds twice as many dead row versions as live ones.
    // SQLite gets no ANALYZE because the app never runs one.
    if (dialect === "postgres") {
      const db = database.handle.db;
      const tables = await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
      await sql`vacuum (analyze) ${sql.join(tables.rows.map((table) => sql.id(table.name)))}`.execute(db);
      // The vacuum's dirty pages are written now, not by the checkpointer during the measured runs (superusers only).
      await sql`checkpoint`.execute(db).catch(() => undefined);
    }
    const seededRows = Object.values(seed.rows).reduce((a, b) => a + b, 0);
    console.log(
      `  seeded    ${fmtInt(seed.rows.books)} books, ${fmtInt(seededRows)} rows in ${fmtSeconds(seed.elapsedMs)} (${fmtInt(seededRows / (seed.elapsedMs / 1000))} rows/s)`,
    );

    const plans = await explainHotQueries(database.handle.db, dialect, {
      common: seed.genreIds[0] as string,
      rare: seed.genreIds.at(-1) as string,
      bookId: seed.visibleBookIds[0] as string,
    });
    console.log(`  plans\n${plans.replace(/^/gm, "            ")}`);

    const config = benchServerConfig(dataDir, database.url, serverEnv);
    const cacheSetting = describePublicCache(config);
    const cached = config.publicCache.ttlMs > 0 && config.publicCache.maxEntries > 0;
    if (cacheSetting) console.log(`  server    ${cacheSetting}`);
    const ctx = createContext(config, { database: database.handle });
    app = await buildApp(ctx);
    // The ceiling: the same instance, plugins and hooks, with no database or schema work.
    app.get(HELLO_PATH, async () => ({ hello: "world" }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("The server has no TCP address");
    const origin = `http://127.0.0.1:${address.port}`;

    const distinctPages = seed.genreIds.flatMap((genre) =>
      BOOK_SORTS.flatMap((sort) =>
        ["", ...BOOK_SOURCES.map((source) => `&source=${source}`)].flatMap((source) =>
          PAGE_SIZES.map((size) => `/api/v1/books?genre=${genre}&sort=${sort}${source}&pageSize=${size}`),
        ),
      ),
    );
    const targets: Target[] = [
      { key: "ceiling", label: "ceiling (hello)", shown: HELLO_PATH, paths: [HELLO_PATH] },
      { key: "list", label: "books list", shown: "/api/v1/books", paths: ["/api/v1/books"] },
      {
        key: "list-genre",
        label: "books list, genre filter",
        shown: `/api/v1/books?genre=…&pageSize=20 (${seed.genreIds.length} genres)`,
        paths: seed.genreIds.map((genre) => `/api/v1/books?genre=${genre}&pageSize=20`),
      },
      {
        key: "book",
        label: "book page",
        shown: `/api/v1/books/:id (${fmtInt(seed.visibleBookIds.length)} ids, random)`,
        paths: seed.visibleBookIds.map((id) => `/api/v1/books/${id}`),
      },
      // The ceiling again, to see whether the machine drifted during the run.
      { key: "ceiling-after", label: "ceiling again", shown: HELLO_PATH, paths: [HELLO_PATH] },
      // No budget: pages no two readers are likely to ask for in the same turn, so none is shared (catalog.service.ts).
      // Last, because its garbage (5,000 pages of 20 books a second) slowed the book page measured after it.
      {
        key: "list-distinct",
        label: "books list, distinct pages",
        shown: `/api/v1/books?genre=…&sort=…&source=…&pageSize=… (${distinctPages.length} pages)`,
        paths: distinctPages,
      },
    ];

    // Fail fast on a broken route rather than measuring 50 connections of 500s.
    for (const target of targets) {
      const path = target.paths[0] as string;
      const response = await fetch(`${origin}${path}`);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }

    const { results, cpuPerRequest, before, after, ceiling, drift, failed } = await runTargets(targets, {
      origin,
      settings,
      workDir: dataDir,
    });
    const ceilingCpu = ((cpuPerRequest.get("ceiling") ?? 0) + (cpuPerRequest.get("ceiling-after") ?? 0)) / 2;
    const plansKept = dialect === "postgres" ? await planReuse(database.handle.db, POOL_SIZE) : undefined;
    if (plansKept) console.log(`\n${plansKept}`);

    const valid = failed.length === 0 && ceiling > 0;

    const rows = targets.map((target) => {
      const m = (results.get(target.key) as LoadResult).measured;
      const bad = failures(m);
      return {
        key: target.key,
        label: target.label,
        path: target.shown,
        requestsPerSecond: m.requestsPerSecond,
        p50: m.latencyMs.p50,
        p99: m.latencyMs.p99,
        failures: bad,
        statusCodes: m.statusCodes,
        ratio: ceiling > 0 ? m.requestsPerSecond / ceiling : 0,
        cpuMicrosPerRequest: cpuPerRequest.get(target.key) ?? 0,
        /** Ceiling CPU per request over this route's: the ratio a CPU-bound server would reach. */
        cpuRatio: (cpuPerRequest.get(target.key) ?? 0) > 0 ? ceilingCpu / (cpuPerRequest.get(target.key) ?? 1) : 0,
      };
    });
    const figures = new Map(rows.map((r) => [r.key, r]));

    const verdicts = BUDGETS.map((budget) => {
      const row = figures.get(budget.target);
      const measured = budget.kind === "ratio" ? (row?.ratio ?? 0) : (row?.p99 ?? Number.POSITIVE_INFINITY);
      const pass = budget.kind === "ratio" ? measured >= budget.threshold : measured < budget.threshold;
      return {
        ...budget,
        measured,
        pass,
        verdict: !valid ? "INVALID" : pass ? "PASS" : "MISS",
      };
    });

    const resultsTable = markdownTable(
      ["target", "path", "req/s", "p50", "p99", "errors + non-2xx", "× ceiling", "server CPU/req", "CPU × ceiling"],
      rows.map((r) => [
        r.label,
        r.path,
        fmtInt(r.requestsPerSecond),
        fmtMs(r.p50),
        fmtMs(r.p99),
        String(r.failures),
        r.key.startsWith("ceiling") ? "—" : fmtRatio(r.ratio),
        `${fmtInt(r.cpuMicrosPerRequest)} µs`,
        r.key.startsWith("ceiling") ? "—" : fmtRatio(r.cpuRatio),
      ]),
    );
    const budgetTable = markdownTable(
      ["budget", "measured", "verdict"],
      verdicts.map((v) => [v.name, v.kind === "ratio" ? fmtRatio(v.measured) : fmtMs(v.measured), v.verdict]),
    );

    console.log("");
    console.log(resultsTable);
    console.log("");
    console.log(budgetTable);
    console.log("");
    console.log(
      `  ceiling   ${fmtInt(ceiling)} req/s (mean of before ${fmtInt(before)} and after ${fmtInt(after)}; drift ${(drift * 100).toFixed(1)}%); ${fmtInt(ceilingCpu)} µs server CPU per request`,
    );
    if (Math.abs(drift) > 0.1)
      console.log(
        "  warning   the ceiling moved by more than 10% during the run: the machine was busy; rerun before trusting the ratios.",
      );
    for (const r of failed) {
      console.log(
        `  FAILED    ${r.name}: ${JSON.stringify({ measured: r.measured.statusCodes, errors: r.measured.errors, timeouts: r.measured.timeouts, warmup: r.warmup?.statusCodes })}`,
      );
    }

    const misses = verdicts.filter((v) => !v.pass).map((v) => v.name);
    const entry = {
      bench: "catalog",
      date: startedAt.toISOString(),
      valid,
      machine,
      dialect,
      settings: { ...settings, databaseUrl: settings.databaseUrl ? "postgres://…" : undefined },
      server: { env: serverEnv, publicCache: cacheSetting ?? null },
      seed: { elapsedMs: Math.round(seed.elapsedMs), rows: seed.rows },
      ceiling: { requestsPerSecond: ceiling, before, after, drift, cpuMicrosPerRequest: ceilingCpu },
      results: rows,
      budgets: verdicts.map(({ name, measured, pass }) => ({ name, measured, pass })),
    };
    await appendHistory(entry);

    if (!valid) {
      console.log(`\nThe run is invalid (errors or non-2xx answers): ${outputFile} is left as it was.`);
      return { ok: false };
    }

    const dateLabel = `${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    const reproduce = [
      formatEnv(serverEnv),
      settings.databaseUrl ? "BENCH_DATABASE_URL=postgres://…" : "",
      "npm run bench -- catalog",
    ]
      .filter(Boolean)
      .join(" ");
    // The default run (SQLite, cache on) keeps the section it always had; the others get their own.
    const section = dialect === "sqlite" && cached ? "catalog" : `catalog-${dialect}${cached ? "" : "-uncached"}`;
    await writeBenchmarksSection(
      section,
      [
        `## Catalogue read paths (HTTP, ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, public read cache ${cached ? "on" : "off"})`,
        "",
        `Question: on a ${fmtInt(seed.rows.books)}-book catalogue, do the book page and the book list keep up with what the`,
        `same Fastify instance serves for a hello-world route (book page ≥ 0.5×, list ≥ 0.3×, p99 < 20 ms at 50 connections, ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"})?`,
        "",
        `- Date: ${dateLabel}${machine.gitCommit ? `, commit ${machine.gitCommit}` : ""}`,
        `- Machine: ${describeMachine(machine)}`,
        `- Database: ${dialect}${dialect === "sqlite" ? " (file in a temp dir, WAL, no ANALYZE — as the app runs it)" : " (own schema, VACUUM ANALYZE after seeding)"}`,
        `- Server: the real app (\`buildApp\`), NODE_ENV=production, LOG_LEVEL=silent${Object.keys(serverEnv).length > 0 ? `, ${formatEnv(serverEnv)}` : ""}${cacheSetting ? `; ${cacheSetting}` : ""}`,
        `- Load: autocannon in a child process, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per target${machine.cores <= 2 ? "; with ≤ 2 cores the load generator competes with the server for CPU" : ""}`,
        `- Fixture: ${fmtInt(seed.rows.books)} books, ${fmtInt(seed.rows.bookData)} book data, ${fmtInt(seed.rows.chapters)} chapters, ${fmtInt(seed.rows.bookGenres)} book genres, ${fmtInt(seed.rows.categoryBooks)} category entries — seeded in ${fmtSeconds(seed.elapsedMs)}`,
        `- Ceiling: ${fmtInt(ceiling)} req/s, ${fmtInt(ceilingCpu)} µs server CPU per request (mean of a run before and after the routes; drift ${(drift * 100).toFixed(1)}%)`,
        "",
        resultsTable,
        "",
        ...(Math.abs(drift) > 0.1
          ? [
              `**Warning:** the ceiling moved by ${(drift * 100).toFixed(0)}% between the start and the end of the run (the machine was busy); the ratios are unreliable, the CPU columns less so.`,
              "",
            ]
          : []),
        "`× ceiling` is the budgeted figure (req/s over the ceiling's). `server CPU/req` is the server process's CPU time per answered",
        "request (warm-up included); `CPU × ceiling` (ceiling CPU/req over the route's) is what the ratio would be with the server",
        `alone on its CPU, and moves less than req/s when the machine is shared. With ${settings.connections} connections in a closed loop,`,
        `mean latency ≈ ${settings.connections} / req/s, so p99 < 20 ms needs well over ${fmtInt((settings.connections / 20) * 1000)} req/s on the route.`,
        "",
        budgetTable,
        "",
        misses.length === 0 ? "All budgets met." : `Missed: ${misses.join("; ")}.`,
        "",
        `Plans of the statements behind these routes (${dialect === "sqlite" ? "EXPLAIN QUERY PLAN" : "EXPLAIN ANALYZE"}, on the fixture before the load):`,
        "",
        "```",
        plans,
        "```",
        "",
        ...(plansKept
          ? [
              "How PostgreSQL planned the runs of those statements (`pg_prepared_statements` of the pool's connections open after the load: pg closes a connection idle for 10 s, its statements with it, so the early targets' are partly gone):",
              "",
              plansKept,
              "",
            ]
          : []),
        `Reproduce: \`${reproduce}\` (options: \`BENCH_DURATION\`, \`BENCH_WARMUP\`, \`BENCH_CONNECTIONS\`, \`BENCH_BOOKS\`, \`BENCH_DATABASE_URL=postgres://…\`; any \`QUIRE_*\` server setting, e.g. \`QUIRE_PUBLIC_CACHE_TTL_MS=0\`; see bench/README.md).`,
      ].join("\n"),
      outputFile,
    );
    console.log(`\nWrote the ${section} section of ${outputFile}; appended to bench/results/history.jsonl.`);
    const ok = settings.strict ? misses.length === 0 : true;
    return { ok };
  } finally {
    await app?.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
