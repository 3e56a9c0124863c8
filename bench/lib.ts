/**
 * Shared bench machinery: settings from the environment, machine info, running autocannon in a child
 * process, tables, and the two places results go (BENCHMARKS.md section, local JSONL history).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { loadConfig } from "../apps/server/src/config";

export const BENCH_DIR = import.meta.dirname;
export const REPO_ROOT = join(BENCH_DIR, "..");
export const BENCHMARKS_MD = join(REPO_ROOT, "BENCHMARKS.md");
export const HISTORY_FILE = join(BENCH_DIR, "results", "history.jsonl");

// ---------------------------------------------------------------------------------------------
// Settings

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

export interface BenchSettings {
  /** Seconds measured per target. */
  durationSeconds: number;
  /** Seconds of unmeasured load per target before measuring. */
  warmupSeconds: number;
  connections: number;
  books: number;
  /** `postgres://…` to run on PostgreSQL (in a schema created and dropped by the run); else SQLite. */
  databaseUrl: string | undefined;
  /** Exit non-zero when a budget is missed, not only when the run is invalid. */
  strict: boolean;
}

export function readSettings(): BenchSettings {
  return {
    durationSeconds: positiveNumber("BENCH_DURATION", 10),
    warmupSeconds: positiveNumber("BENCH_WARMUP", 2),
    connections: Math.max(1, Math.round(positiveNumber("BENCH_CONNECTIONS", 50))),
    books: Math.max(1, Math.round(positiveNumber("BENCH_BOOKS", 10_000))),
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    strict: process.env.BENCH_STRICT === "1",
  };
}

// ---------------------------------------------------------------------------------------------
// Machine

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  totalMemoryGiB: number;
  node: string;
  platform: string;
  osRelease: string;
  loadAverage: number[];
  gitCommit: string | null;
}

function gitCommit(): string | null {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return null;
  }
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism?.() ?? cpus.length,
    totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    osRelease: os.release(),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    gitCommit: gitCommit(),
  };
}

export function describeMachine(m: MachineInfo): string {
  return `${m.cpuModel}, ${m.cores} cores, ${m.totalMemoryGiB} GiB, Node ${m.node}, ${m.platform} (${m.osRelease})`;
}

// ---------------------------------------------------------------------------------------------
// Load generation (the child process is load.ts)

/** A request other than a plain GET: a write with its own headers (a bearer token) and JSON body. */
export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the load child is asked to do. `paths` with several entries are picked at random per request;
 * `requests`, when given, replace them (also picked at random).
 */
export interface LoadSpec {
  name: string;
  origin: string;
  paths: string[];
  requests?: LoadRequest[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  totalRequests: number;
  /** Whole milliseconds (autocannon's histogram resolution). */
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
}

export interface LoadResult {
  name: string;
  measured: LoadFigures;
  warmup: LoadFigures | null;
}

/** Runs one autocannon target in a separate Node process and returns its figures. */
/** One load target of a bench run; the keys "ceiling" and "ceiling-after" are the hello runs around the others. */
export interface LoadTarget {
  key: string;
  label: string;
  paths: string[];
  requests?: LoadRequest[];
}

export interface TargetsRun {
  results: Map<string, LoadResult>;
  /** Server-process CPU per answered request (warm-up included), µs: steadier than req/s on a busy machine. */
  cpuPerRequest: Map<string, number>;
  /** The two ceiling runs (req/s), their mean, and how far the second moved from the first. */
  before: number;
  after: number;
  ceiling: number;
  drift: number;
  /** Targets with any error or non-2xx answer. */
  failed: LoadResult[];
}

/** One row per target: what a results table and the history record show. */
export function targetFigures(targets: LoadTarget[], run: TargetsRun) {
  return targets.map((target) => {
    const measured = (run.results.get(target.key) as LoadResult).measured;
    return {
      key: target.key,
      label: target.label,
      requestsPerSecond: measured.requestsPerSecond,
      p50: measured.latencyMs.p50,
      p99: measured.latencyMs.p99,
      failures: failures(measured),
      ratio: run.ceiling > 0 ? measured.requestsPerSecond / run.ceiling : 0,
      cpuMicrosPerRequest: run.cpuPerRequest.get(target.key) ?? 0,
    };
  });
}

/** The results table every load bench prints and writes: one row per target, ratios against the ceiling. */
export function figuresTable(rows: ReturnType<typeof targetFigures>): string {
  return markdownTable(
    ["target", "req/s", "p50", "p99", "errors + non-2xx", "× ceiling", "server CPU/req"],
    rows.map((r) => [
      r.label,
      fmtInt(r.requestsPerSecond),
      fmtMs(r.p50),
      fmtMs(r.p99),
      String(r.failures),
      r.key.startsWith("ceiling") ? "—" : fmtRatio(r.ratio),
      `${fmtInt(r.cpuMicrosPerRequest)} µs`,
    ]),
  );
}

/** Runs each target in turn against a server in this process, printing a line per target. */
export async function runTargets(
  targets: LoadTarget[],
  run: { origin: string; settings: BenchSettings; workDir: string; namePrefix?: string },
): Promise<TargetsRun> {
  const labelWidth = Math.max(...targets.map((target) => target.label.length)) + 2;
  const results = new Map<string, LoadResult>();
  const cpuPerRequest = new Map<string, number>();
  for (const target of targets) {
    process.stdout.write(`  running   ${target.label.padEnd(labelWidth)}`);
    const cpuBefore = process.cpuUsage();
    const result = await runLoad(
      {
        name: `${run.namePrefix ?? ""}${target.key}`,
        origin: run.origin,
        paths: target.paths,
        requests: target.requests,
        connections: run.settings.connections,
        durationSeconds: run.settings.durationSeconds,
        warmupSeconds: run.settings.warmupSeconds,
      },
      run.workDir,
    );
    const cpu = process.cpuUsage(cpuBefore);
    const answered = result.measured.totalRequests + (result.warmup?.totalRequests ?? 0);
    cpuPerRequest.set(target.key, answered > 0 ? (cpu.user + cpu.system) / answered : 0);
    results.set(target.key, result);
    const m = result.measured;
    console.log(
      `${fmtInt(m.requestsPerSecond).padStart(7)} req/s  p99 ${fmtMs(m.latencyMs.p99).padEnd(8)} server CPU ${fmtInt(cpuPerRequest.get(target.key) ?? 0)} µs/req`,
    );
  }
  const before = results.get("ceiling")?.measured.requestsPerSecond ?? 0;
  const after = results.get("ceiling-after")?.measured.requestsPerSecond ?? 0;
  return {
    results,
    cpuPerRequest,
    before,
    after,
    ceiling: (before + after) / 2,
    drift: before > 0 ? (after - before) / before : 0,
    failed: [...results.values()].filter((r) => failures(r.measured) + (r.warmup ? failures(r.warmup) : 0) > 0),
  };
}

export function runLoad(spec: LoadSpec, workDir: string): Promise<LoadResult> {
  return runInChildProcess<LoadResult>("load.ts", spec, workDir, `load generator for ${spec.name}`);
}

/**
 * Runs `script` (a file of bench/) in its own Node process with `input` (written to a JSON file, its path the
 * argument) and resolves with the JSON of the last line it prints.
 */
export async function runInChildProcess<Output>(
  script: string,
  input: unknown,
  workDir: string,
  what: string,
): Promise<Output> {
  const inputPath = join(workDir, `${what.replace(/[^a-z0-9]+/gi, "-")}.json`);
  await writeFile(inputPath, JSON.stringify(input));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(BENCH_DIR, script), inputPath], {
      cwd: BENCH_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${what} exited with ${code}`));
      try {
        resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as Output);
      } catch (error) {
        reject(new Error(`${what} printed no result: ${String(error)}\n${stdout}`));
      }
    });
  });
}

/** Anything other than a clean 2xx answer makes the figures meaningless. */
export function failures(figures: LoadFigures): number {
  return figures.errors + figures.timeouts + figures.non2xx;
}

// ---------------------------------------------------------------------------------------------
// Formatting

export const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
export const fmtMs = (n: number) => `${Math.round(n * 10) / 10} ms`;
export const fmtRatio = (n: number) => n.toFixed(2);
export const fmtSeconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A GitHub-flavoured Markdown table; readable as plain text in a terminal too. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Outputs

const BENCHMARKS_PREAMBLE = `# Benchmarks

Generated by \`npm run bench\` (see bench/README.md). Each benchmark owns the section between its
\`<!-- bench:NAME:start -->\` / \`<!-- bench:NAME:end -->\` markers and rewrites only that section.
Figures are from one machine on one day: compare the ratios, not the absolute requests per second.
`;

/** Replaces (or appends) the generated section `name` of BENCHMARKS.md, leaving the rest untouched. */
export async function writeBenchmarksSection(name: string, body: string, file = BENCHMARKS_MD): Promise<void> {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(file) ? await readFile(file, "utf8") : BENCHMARKS_PREAMBLE;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(file, next);
}

/** One JSON line per run in bench/results/history.jsonl (git-ignored: local history only). */
export async function appendHistory(entry: Record<string, unknown>, file = HISTORY_FILE): Promise<void> {
  await mkdir(join(file, ".."), { recursive: true });
  await appendFile(file, `${JSON.stringify(entry)}\n`);
}

/**
 * The app's configuration for a bench run: production, silent, no demo content, on `databaseUrl` (else the data
 * directory's SQLite file). `env` comes last: the QUIRE_* settings a run passes through and its own overrides.
 */
export function benchServerConfig(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const database = databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl };
  return loadConfig(
    {
      NODE_ENV: "production",
      QUIRE_PUBLIC_URL: "http://127.0.0.1",
      LOG_LEVEL: "silent",
      QUIRE_DATA_DIR: dataDir,
      QUIRE_SEED_DEMO: "never",
      ...database,
      ...env,
    },
    dataDir,
  );
}

/** Ends the process with the bench's exit code, or 1 after printing what it threw. */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
