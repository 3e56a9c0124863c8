/**
 * Catalogue read paths under load. The question: on a 10,000-book catalogue, does the HTTP stack keep
 * the book page at ≥ 0.5 and the list at ≥ 0.3 of what the same Fastify instance serves for a
 * hello-world route, with p99 under 20 ms at 50 connections, on SQLite and on PostgreSQL?
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BOOK_SORTS, BOOK_SOURCES, PAGE_SIZES } from "@quire/core";
import { buildApp } from "../apps/server/src/app";
import { createContext } from "../apps/server/src/context";
import { BENCH_POOL_SIZE, describePublicCache, formatEnv, openBenchDatabase, serverEnvironment } from "./bench-server";
import type { CatalogFixture, CatalogFixtureInput } from "./catalog-fixture";
import { explainHotQueries, planReuse } from "./catalog-plans";
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
  type LoadRequest,
  type LoadResult,
  machineInfo,
  markdownTable,
  runInChildProcess,
  runTargets,
  writeBenchmarksSection,
} from "./lib";

const HELLO_PATH = "/__bench/hello";
/** Where the section goes: BENCHMARKS.md, or another file (a trial run that should not touch the repository's). */
const outputFile = process.env.BENCH_CATALOG_MD || BENCHMARKS_MD;
const P99_BUDGET_MS = 20;

interface Target {
  key: string;
  label: string;
  /** How the path list is shown in the report. */
  shown: string;
  paths: string[];
  requests?: LoadRequest[];
}

/** Signed-in readers of the book page target: each request reads its session, as every signed-in API call does. */
const SIGNED_IN_READERS = 200;

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
    const { seed, readerTokens } = await runInChildProcess<CatalogFixture>(
      "catalog-fixture.ts",
      {
        url: database.url,
        searchPath: database.searchPath,
        books: settings.books,
        readers: SIGNED_IN_READERS,
      } satisfies CatalogFixtureInput,
      dataDir,
      "catalogue fixture",
    );
    const seededRows = Object.values(seed.rows).reduce((a, b) => a + b, 0);
    console.log(
      `  seeded    ${fmtInt(seed.rows.books)} books, ${fmtInt(seededRows)} rows in ${fmtSeconds(seed.elapsedMs)} (${fmtInt(seededRows / (seed.elapsedMs / 1000))} rows/s)`,
    );

    const plans = await explainHotQueries(database.handle.db, dialect, {
      common: seed.genreIds[0] as string,
      rare: seed.genreIds.at(-1) as string,
      bookId: seed.visibleBookIds[0] as string,
      otherBookIds: seed.visibleBookIds.slice(1, 3),
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
      {
        key: "book-signed-in",
        label: "book page, signed in",
        shown: `/api/v1/books/:id with a bearer token (${SIGNED_IN_READERS} readers)`,
        paths: [`/api/v1/books/${seed.visibleBookIds[0]}`],
        requests: seed.visibleBookIds.map((id, index) => ({
          method: "GET",
          path: `/api/v1/books/${id}`,
          headers: { authorization: `Bearer ${readerTokens[index % readerTokens.length]}` },
          body: "",
        })),
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
      const { path, headers } = target.requests?.[0] ?? { path: target.paths[0] as string, headers: {} };
      const response = await fetch(`${origin}${path}`, { headers });
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }

    const { results, cpuPerRequest, before, after, ceiling, drift, failed } = await runTargets(targets, {
      origin,
      settings,
      workDir: dataDir,
    });
    const ceilingCpu = ((cpuPerRequest.get("ceiling") ?? 0) + (cpuPerRequest.get("ceiling-after") ?? 0)) / 2;
    const plansKept = dialect === "postgres" ? await planReuse(database.handle.db, BENCH_POOL_SIZE) : undefined;
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
