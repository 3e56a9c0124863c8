/**
 * `npm run bench:scale`: Quire at a million readers. The question: on PostgreSQL with 1,000,000 users, 100,000
 * books, 20,000,000 progress rows, 5,000,000 follows, 10,000,000 stars and 2,000,000 notifications, do two API
 * processes behind a load balancer, sharing Redis, keep reads under 50 ms and writes under 100 ms at p99 at a
 * fixed arrival rate, with no hot query scanning a big table?
 *
 * Steps: the fixture (fixture.ts; kept from an earlier `--keep` run); every hot route's queries EXPLAINed
 * (plans.ts); two `quire start` processes (start-up time and memory, then the search index's first build) behind
 * nginx (or Node's cluster module without nginx); the hello ceiling and the mixed workload in a closed loop (the
 * most the setup serves, as a ratio), then the mix at the fixed rate (the budgets). Writes its BENCHMARKS.md
 * section when the run is valid. Drops the fixture database at the end unless `--keep`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app";
import { createContext } from "../../apps/server/src/context";
import {
  appendHistory,
  BENCH_DIR,
  benchServerConfig,
  describeMachine,
  exitWith,
  fmtInt,
  fmtMs,
  fmtRatio,
  machineInfo,
  markdownTable,
  writeBenchmarksSection,
} from "../lib";
import { dropDatabase, ensureFixture, FACTOR, type FixtureReport, SCALE } from "./fixture";
import type { MixedResult, MixedSpec, RouteMix } from "./mixed-load";
import { describeWatch, watchPhase } from "./observe";
import { checkPlans, type PlanReport } from "./plans";
import {
  type ApiProcess,
  cpuSeconds,
  cpuSecondsBetween,
  cpuSecondsByProcess,
  DATABASE_URL,
  machineBusySeconds,
  PROCESSES,
  quietSince,
  REDIS_URL,
  rssMiB,
  startApi,
  startBalancer,
} from "./processes";
import { createReaders, hotRoutes, pick, READERS, type Reader, WRITE_ROUTES, workload } from "./workload";

/**
 * The uncached genre-filtered list on the 10,000-book fixture, the slowest catalogue read in BENCHMARKS.md,
 * sustains 1,135 req/s; the mix is held at that rate, rounded down.
 */
const RATE = Number(process.env.BENCH_SCALE_RATE || 1000);
/** Lower rates measured after the budgeted one, for information: where p99 stands as the load eases. */
const INFO_RATES = (process.env.BENCH_SCALE_INFO_RATES ?? "500,250").split(",").filter(Boolean).map(Number);
/** Sockets the open-loop generator may hold: a fixed rate keeps sending while answers are late. */
const RATE_SOCKETS = 512;
const DURATION = Number(process.env.BENCH_DURATION || 30);
const WARMUP = Number(process.env.BENCH_WARMUP || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const READ_P99_MS = 50;
const WRITE_P99_MS = 100;
/** Answered from each process's public response cache: the cheapest real route of a `quire start` process. */
const CEILING_PATH = "/api/v1/genres";
/** Where the machine's CPU went during a phase, in cores (2.0 is both cores busy the whole time). */
interface CpuSplit {
  machine: number;
  api: number;
  postgres: number;
  nginx: number;
  generator: number;
  /** Everything else: this bench process, Redis, and work outside the bench sharing the machine. */
  other: number;
}

async function runMixed(spec: MixedSpec, dir: string, name: string, pids: number[]) {
  const specPath = join(dir, `mixed-${name.replace(/[^a-z0-9]+/gi, "-")}.json`);
  await writeFile(specPath, JSON.stringify(spec));
  const apiCpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  // Other sessions' PostgreSQL backends share the server: only the fixture's count as PostgreSQL here.
  const postgres = () => cpuSecondsByProcess("quire_scale");
  const nginx = () => cpuSecondsByProcess("nginx");
  const before = {
    at: performance.now(),
    machine: machineBusySeconds(),
    api: apiCpu(),
    postgres: postgres(),
    nginx: nginx(),
  };
  // Fixed-rate phases: where requests waited over the measured period.
  const watch =
    spec.mode === "rate"
      ? watchPhase(DATABASE_URL, new URL(DATABASE_URL).pathname.slice(1), dir, pids, spec.warmupSeconds * 1000)
      : undefined;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(BENCH_DIR, "scale", "mixed-load.ts"), specPath], {
      cwd: BENCH_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`load generator ${name} exited with ${code}`)),
    );
  });
  const result = JSON.parse(output.trim().split("\n").at(-1) ?? "") as MixedResult;
  const watched = await watch?.finish();
  const seconds = (performance.now() - before.at) / 1000;
  const cpu = apiCpu() - before.api;
  const split = {
    machine: machineBusySeconds() - before.machine,
    api: cpu,
    postgres: cpuSecondsBetween(before.postgres, postgres()),
    nginx: cpuSecondsBetween(before.nginx, nginx()),
    generator: result.cpuSeconds,
  };
  const ours = split.api + split.postgres + split.nginx + split.generator;
  const cores: CpuSplit = {
    machine: split.machine / seconds,
    api: split.api / seconds,
    postgres: split.postgres / seconds,
    nginx: split.nginx / seconds,
    generator: split.generator / seconds,
    other: Math.max(0, split.machine - ours) / seconds,
  };
  const answered = result.throughput * spec.durationSeconds * (1 + spec.warmupSeconds / spec.durationSeconds);
  const where = watched ? describeWatch(watched, spec.durationSeconds) : [];
  if (spec.mode === "rate")
    where.push(
      `the load generator sent requests p50 ${fmtMs(result.sendLag.p50)}, p99 ${fmtMs(result.sendLag.p99)}, at most ${fmtMs(result.sendLag.max)} after they were due`,
    );
  return { result, cores, cpuMicrosPerRequest: answered > 0 ? (cpu * 1e6) / answered : 0, where };
}

function fmtCores(cores: CpuSplit): string {
  const f = (n: number) => n.toFixed(2);
  return `${f(cores.machine)}: API ${f(cores.api)}, PG ${f(cores.postgres)}, nginx ${f(cores.nginx)}, generator ${f(cores.generator)}, other ${f(cores.other)}`;
}

function mib(bytes: number): string {
  return `${fmtInt(bytes / 1024 ** 2)} MiB`;
}

function fixtureLines(fixture: FixtureReport): string[] {
  const rows = Object.entries(fixture.rows)
    .map(([table, n]) => `${fmtInt(n)} ${table}`)
    .join(", ");
  const steps = fixture.steps.map((s) => `${s.step} ${s.seconds.toFixed(0)} s`).join(", ");
  const made = `generated ${fixture.generated ? "by this run" : `on ${fixture.generatedAt.slice(0, 16).replace("T", " ")} UTC and kept (\`--keep\`)`} in ${fmtInt(fixture.seconds)} s (${steps})`;
  return [`- Fixture: ${rows}; ${made}; database size ${mib(fixture.databaseBytes)} (pg_database_size)`];
}

function planTable(plans: PlanReport): string {
  const byRoute = new Map<string, { statements: number; access: Set<string>; seq: Set<string>; whole: Set<string> }>();
  for (const row of plans.rows) {
    const entry = byRoute.get(row.route) ?? { statements: 0, access: new Set(), seq: new Set(), whole: new Set() };
    entry.statements += 1;
    for (const a of row.access) entry.access.add(a);
    for (const s of row.seqScans) entry.seq.add(s);
    for (const w of row.wholeReads) entry.whole.add(w);
    byRoute.set(row.route, entry);
  }
  for (const route of plans.silentRoutes)
    byRoute.set(route, { statements: 0, access: new Set(), seq: new Set(), whole: new Set() });
  return markdownTable(
    ["route", "statements", "big tables reached by", "verdict"],
    [...byRoute].map(([route, e]) => [
      route,
      String(e.statements),
      e.statements === 0 ? "none sent (answered from memory)" : [...e.access].join("; ") || "—",
      e.seq.size > 0
        ? `FAIL: Seq Scan on ${[...e.seq].join(", ")}`
        : e.whole.size > 0
          ? `PASS (reads ${[...e.whole].join(", ")} whole)`
          : "PASS",
    ]),
  );
}

async function main(): Promise<number> {
  const keep = process.argv.includes("--keep");
  const regenerate = process.argv.includes("--regenerate");
  const machine = machineInfo();
  const startedAt = new Date();
  const log = (line: string) => console.log(line);
  log("Quire bench: scale (a million readers, PostgreSQL, two processes behind a load balancer)");
  log(`  machine   ${describeMachine(machine)}; load average ${machine.loadAverage.join(" ")}`);

  const fixture = await ensureFixture(DATABASE_URL, regenerate, log);
  log(fixtureLines(fixture)[0] as string);

  const dir = await mkdtemp(join(tmpdir(), "quire-bench-scale-"));
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const processes: ChildProcess[] = [];
  try {
    const readers = await createReaders(admin);
    const visible = await admin.query<{ id: string }>(
      "select id from books where display = 1 order by md5(id) limit 20000",
    );
    const bookIds = visible.rows.map((r) => r.id);
    const sample = readers[0] as Reader;
    const username = (await admin.query<{ username: string }>("select username from users where id = $1", [sample.id]))
      .rows[0]?.username as string;

    // The plan check runs the real app in this process; it is closed before the measured processes start.
    log("  plans     EXPLAIN of every statement the hot routes send");
    const plans = await checkPlans(
      () =>
        buildApp(
          createContext(benchServerConfig(dir, DATABASE_URL, { REDIS_URL, QUIRE_SEARCH_PER_IP_PER_MINUTE: "1000000" })),
        ),
      DATABASE_URL,
      hotRoutes(sample, pick(bookIds), username),
      sample.token,
    );
    const seqScans = plans.rows.filter((r) => r.seqScans.length > 0);
    for (const row of seqScans)
      log(`  SEQ SCAN  ${row.route}: ${row.seqScans.join(", ")} — ${row.statement.slice(0, 300)}`);
    for (const error of plans.routeErrors) log(`  ERROR     ${error}`);
    log(
      `  plans     ${new Set(plans.rows.map((r) => r.statement)).size} statements, ${new Set(seqScans.map((r) => r.statement)).size} with a sequential scan on a big table`,
    );

    const apis: ApiProcess[] = [];
    for (let i = 0; i < PROCESSES; i += 1) {
      const api = await startApi(join(dir, `api-${i}`));
      apis.push(api);
      processes.push(api.child);
      log(`  process   ${i + 1}: listening after ${(api.startedMs / 1000).toFixed(1)} s, RSS ${api.rssAtStartMiB} MiB`);
    }
    // Each process builds its search index in the background from start-up: timed until it goes quiet.
    const searchIndex = [];
    for (const api of apis) {
      const pid = api.child.pid as number;
      searchIndex.push({ ms: (await quietSince(pid)) - api.listeningAt, rssMiB: rssMiB(pid) });
    }
    log(
      `  search    index built in the background: ${searchIndex.map((s) => `${fmtInt(s.ms)} ms after listening, then RSS ${s.rssMiB} MiB`).join("; ")}`,
    );

    const balancer = await startBalancer(join(dir, "balancer"), apis);
    processes.push(balancer.child);
    if (balancer.kind === "cluster") for (const api of apis) api.child.kill("SIGTERM");
    log(
      `  balancer  ${balancer.kind === "nginx" ? "nginx (from PATH), round robin, keep-alive upstreams" : "Node cluster module (nginx not on PATH)"}, ${balancer.origin}`,
    );

    const routes = workload(readers, bookIds);
    const pids = balancer.apiPids();
    const base = {
      origin: balancer.origin,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
    };
    const ceilingRoutes: RouteMix[] = [
      { route: "ceiling", weight: 1, requests: [{ method: "GET", path: CEILING_PATH, headers: {} }] },
    ];
    const phase = async (name: string, spec: MixedSpec) => {
      const run = await runMixed(spec, dir, name, pids);
      log(
        `  ${name.padEnd(9)} ${fmtInt(run.result.throughput)} req/s, ${run.result.failed} failed, ${fmtInt(run.cpuMicrosPerRequest)} µs API CPU/req${run.result.behind ? `, ${run.result.behind} still waiting at the end` : ""}; cores busy ${fmtCores(run.cores)}`,
      );
      for (const line of run.where) log(`            ${line}`);
      return run;
    };
    const ceiling = await phase("ceiling", { ...base, routes: ceilingRoutes, mode: "closed", rate: 0 });
    const closed = await phase("mix, max", { ...base, routes, mode: "closed", rate: 0 });
    const atRate = (rate: number) =>
      phase(`mix, ${rate}/s`, { ...base, routes, mode: "rate", rate, connections: RATE_SOCKETS });
    const fixed = await atRate(RATE);
    const eased: { rate: number; run: typeof fixed }[] = [];
    for (const rate of INFO_RATES) eased.push({ rate, run: await atRate(rate) });
    const ceilingAfter = await phase("ceiling", { ...base, routes: ceilingRoutes, mode: "closed", rate: 0 });
    const ceilingMean = (ceiling.result.throughput + ceilingAfter.result.throughput) / 2;
    const drift = ceiling.result.throughput > 0 ? ceilingAfter.result.throughput / ceiling.result.throughput - 1 : 0;

    const budgets = fixed.result.routes.map((r) => {
      const limit = WRITE_ROUTES.has(r.route) ? WRITE_P99_MS : READ_P99_MS;
      return { route: r.route, limit, p99: r.p99, pass: r.p99 < limit };
    });
    const failed = [ceiling, closed, fixed, ...eased.map((e) => e.run), ceilingAfter].reduce(
      (sum, run) => sum + run.result.failed,
      0,
    );
    const valid = failed === 0 && plans.routeErrors.length === 0 && seqScans.length === 0;
    // Requests are sent when due whatever happens: falling behind shows as a backlog (and in p99), not a lower rate.
    const rateKept = fixed.result.behind < RATE / 10;

    const routeTable = markdownTable(
      [
        "route",
        "share",
        `at ${fmtInt(RATE)}/s: req/s`,
        "p50",
        "p99",
        "budget",
        ...eased.map((e) => `p50 / p99 at ${fmtInt(e.rate)}/s`),
        "closed loop: req/s",
        "p99",
        "non-2xx",
      ],
      fixed.result.routes.map((r, i) => {
        const mix = routes[i] as RouteMix;
        const max = closed.result.routes[i];
        const budget = budgets[i];
        return [
          r.route,
          `${mix.weight} %`,
          fmtInt(r.requests / DURATION),
          fmtMs(r.p50),
          fmtMs(r.p99),
          `< ${budget?.limit} ms: ${budget?.pass ? "PASS" : "MISS"}`,
          ...eased.map((e) => {
            const at = e.run.result.routes[i];
            return `${fmtMs(at?.p50 ?? 0)} / ${fmtMs(at?.p99 ?? 0)}`;
          }),
          fmtInt((max?.requests ?? 0) / DURATION),
          fmtMs(max?.p99 ?? 0),
          String(
            r.failed + (max?.failed ?? 0) + eased.reduce((sum, e) => sum + (e.run.result.routes[i]?.failed ?? 0), 0),
          ),
        ];
      }),
    );
    const summary = markdownTable(
      [
        "run",
        "req/s",
        "× ceiling",
        "API CPU/req",
        "cores busy (of 2): API, PostgreSQL, nginx, generator, other",
        "errors + non-2xx",
      ],
      [
        [
          "ceiling (GET /api/v1/genres, cached), before",
          fmtInt(ceiling.result.throughput),
          "—",
          `${fmtInt(ceiling.cpuMicrosPerRequest)} µs`,
          fmtCores(ceiling.cores),
          String(ceiling.result.failed),
        ],
        [
          `mix, closed loop, ${CONNECTIONS} connections`,
          fmtInt(closed.result.throughput),
          fmtRatio(closed.result.throughput / ceilingMean),
          `${fmtInt(closed.cpuMicrosPerRequest)} µs`,
          fmtCores(closed.cores),
          String(closed.result.failed),
        ],
        [
          `mix, fixed rate ${fmtInt(RATE)}/s`,
          fmtInt(fixed.result.throughput),
          fmtRatio(fixed.result.throughput / ceilingMean),
          `${fmtInt(fixed.cpuMicrosPerRequest)} µs`,
          fmtCores(fixed.cores),
          String(fixed.result.failed),
        ],
        ...eased.map((e) => [
          `mix, fixed rate ${fmtInt(e.rate)}/s (for information)`,
          fmtInt(e.run.result.throughput),
          fmtRatio(e.run.result.throughput / ceilingMean),
          `${fmtInt(e.run.cpuMicrosPerRequest)} µs`,
          fmtCores(e.run.cores),
          String(e.run.result.failed),
        ]),
        [
          "ceiling, after",
          fmtInt(ceilingAfter.result.throughput),
          "—",
          `${fmtInt(ceilingAfter.cpuMicrosPerRequest)} µs`,
          fmtCores(ceilingAfter.cores),
          String(ceilingAfter.result.failed),
        ],
      ],
    );
    const allPass = budgets.every((b) => b.pass) && rateKept;
    const section = [
      "## At a million readers (`npm run bench:scale`, PostgreSQL, two processes)",
      "",
      `Question: with ${fmtInt(SCALE.users)} users, ${fmtInt(SCALE.books)} books, ${fmtInt(SCALE.users * SCALE.progressPerUser)} progress rows, ${fmtInt(SCALE.users * SCALE.followsPerUser)} follows, ${fmtInt(SCALE.users * SCALE.starsPerUser)} stars and ${fmtInt(SCALE.users * SCALE.notificationsPerUser)} notifications, do two API processes behind a load balancer keep p99 under ${READ_P99_MS} ms for reads and ${WRITE_P99_MS} ms for writes at ${fmtInt(RATE)} requests/s, with no hot query scanning a big table?`,
      "",
      `- Date: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${machine.gitCommit ?? "unknown"}`,
      `- Machine: ${describeMachine(machine)}; load average at the start ${machine.loadAverage.join(" ")} (everything below — PostgreSQL, Redis, nginx, both API processes and the load generator — shares these cores)`,
      ...fixtureLines(fixture),
      `- Setup: ${PROCESSES} × \`quire start\` (NODE_ENV=production, REDIS_URL=${REDIS_URL}, public cache at its default) behind ${balancer.kind === "nginx" ? "nginx (round robin, keep-alive upstreams)" : "Node's cluster module (nginx was not on PATH)"}; QUIRE_SEARCH_PER_IP_PER_MINUTE raised, since every simulated reader comes from the load generator's one address`,
      `- Start-up per process: ${apis.map((a) => `${(a.startedMs / 1000).toFixed(1)} s to listen, RSS ${a.rssAtStartMiB} MiB`).join("; ")}. The search index (in memory per process) is built in the background from start-up (searches meanwhile read the tables), done ${searchIndex.map((s) => `${(s.ms / 1000).toFixed(1)} s after listening, RSS then ${s.rssMiB} MiB`).join("; ")}`,
      `- Load: ${fmtInt(READERS)} signed-in readers (sessions stored as the product stores them); mix ${routes.map((r) => `${r.weight} % ${r.route}`).join(", ")}; catalogue reads half anonymous, half signed in (both may be answered by the public read cache). ${WARMUP} s warm-up + ${DURATION} s per run; latency counted from when each request was due (open loop)`,
      "",
      summary,
      "",
      routeTable,
      "",
      `Where the time went at ${fmtInt(RATE)}/s, over the measured period:`,
      "",
      ...fixed.where.map((line) => `- ${line}`),
      "",
      `Ceiling drift ${(drift * 100).toFixed(1)} %${Math.abs(drift) > 0.1 ? " (over 10 %: rerun on a quieter machine)" : ""}. ${rateKept ? "The servers kept up with the fixed rate" : `The servers did NOT keep up with ${fmtInt(RATE)}/s: ${fmtInt(fixed.result.behind)} requests were still waiting when the measured period ended`}; ${allPass ? "all budgets met." : "budgets missed: see the table."}`,
      "",
      `Query plans at this size: ${new Set(plans.rows.map((r) => r.statement)).size} distinct statements sent by ${new Set(plans.rows.map((r) => r.route)).size} hot routes, EXPLAINed (FORMAT JSON) with their parameters; big tables (≥ 100,000 rows): ${plans.bigTables.join(", ")}.`,
      "",
      planTable(plans),
      "",
      "Reproduce: `npm run bench:scale` (`--keep` keeps the `quire_scale` database for the next run, which then skips generation; `--regenerate`; `BENCH_SCALE_RATE`, `BENCH_SCALE_INFO_RATES`, `BENCH_SCALE_MD`, `BENCH_DURATION`, `BENCH_WARMUP`, `BENCH_CONNECTIONS`, `BENCH_SCALE_DATABASE_URL`, `REDIS_URL`; see docs/scale.md).",
    ].join("\n");
    log("");
    log(section);
    await appendHistory({
      bench: "scale",
      startedAt: startedAt.toISOString(),
      machine,
      valid,
      fixture,
      rate: RATE,
      ceiling: [ceiling.result.throughput, ceilingAfter.result.throughput],
      closed: closed.result,
      fixed: fixed.result,
      eased: eased.map((e) => ({ rate: e.rate, ...e.run.result })),
      plans: plans.rows,
      startUp: apis.map((a) => ({ ms: a.startedMs, rssMiB: a.rssAtStartMiB })),
      searchIndex,
      balancer: balancer.kind,
    });
    if (!valid) {
      log("\nInvalid run (errors, non-2xx answers or a sequential scan on a big table): BENCHMARKS.md left untouched.");
      return 1;
    }
    if (FACTOR !== 1) {
      log(`\nA fixture at ${FACTOR} × the size: BENCHMARKS.md left untouched.`);
      return 0;
    }
    // BENCH_SCALE_MD names another file: for a run with other settings than the budgeted ones.
    const file = process.env.BENCH_SCALE_MD || undefined;
    await writeBenchmarksSection("scale", section, file);
    log(`\n${file ?? "BENCHMARKS.md"}: section scale written.`);
    return 0;
  } finally {
    for (const child of processes.reverse()) child.kill("SIGTERM");
    await admin.end();
    await rm(dir, { recursive: true, force: true });
    if (!keep) {
      await dropDatabase(DATABASE_URL);
      log("  fixture   database dropped (run with --keep to keep it for the next run)");
    }
  }
}

exitWith(main());
