// `npm test`: every tier (static checks, unit, database and API on SQLite and PostgreSQL, browser),
// ending with one line `N passed, N failed` summed over all tiers.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  HOME_ROUTE_BUDGET_BYTES,
  homeRouteScriptBytes,
  SCREENS_WITHOUT_SCHEMAS,
  screensLoadingSchemas,
} from "./home-route-budget.mjs";
import { ensureDependencies, NPM, ROOT, run } from "./lib.mjs";
import { countVitestReport } from "./test-report.mjs";
import { buildWebIfStale } from "./web-build.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const tiers = [];

function record(name, passed, failed, note = "", skippedByDesign = []) {
  tiers.push({ name, passed, failed, note, skippedByDesign });
  console.log(`\n▶ ${name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ""}\n`);
}

async function check(name, command, args, options) {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args, options);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

function portOpen(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;

/** PostgreSQL is part of the matrix: start the local cluster if it is installed but down. */
async function ensurePostgres() {
  if (process.env.QUIRE_TEST_POSTGRES_URL) return { ok: true };
  if (await portOpen(5432)) return { ok: true };
  if (hasCommand("pg_lsclusters") && hasCommand("pg_ctlcluster")) {
    const clusters = execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" }).trim().split("\n");
    for (const line of clusters.filter(Boolean)) {
      const [version, name] = line.trim().split(/\s+/);
      console.log(`Starting PostgreSQL cluster ${version}/${name}…`);
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, "start"], { stdio: "inherit" });
    }
    for (let i = 0; i < 20 && !(await portOpen(5432)); i++) await sleep(500);
    if (await portOpen(5432)) return { ok: true };
  }
  return {
    ok: false,
    reason:
      "no PostgreSQL on 127.0.0.1:5432 (set QUIRE_TEST_POSTGRES_URL, or QUIRE_TEST_DIALECTS=sqlite to run SQLite only)",
  };
}

/** Redis is part of the same tier (the shared-state tests): start a throwaway server if it is installed but down. */
async function ensureRedis() {
  if (process.env.QUIRE_TEST_REDIS_URL || (await portOpen(6379))) return { ok: true };
  if (hasCommand("redis-server")) {
    console.log("Starting redis-server on 127.0.0.1:6379…");
    spawnSync("redis-server", ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", "6379", "--save", ""], {
      stdio: "inherit",
    });
    for (let i = 0; i < 20 && !(await portOpen(6379)); i++) await sleep(250);
    if (await portOpen(6379)) return { ok: true };
  }
  return {
    ok: false,
    reason: "no Redis on 127.0.0.1:6379 (install redis-server or set QUIRE_TEST_REDIS_URL); the Redis tests will fail",
  };
}

/** The browser tier drives Debian's Chromium; install it when missing and we are allowed to. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return { ok: true };
  if (isRoot && hasCommand("apt-get")) {
    console.log("Installing Debian's chromium for the browser tier…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (existsSync(CHROMIUM)) return { ok: true };
  }
  return { ok: false, reason: `Chromium not found at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)` };
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

async function runVitest(name, args, env) {
  const outputDir = mkdtempSync(join(tmpdir(), "quire-vitest-"));
  const report = join(outputDir, "report.json");
  const code = await run(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    { env: { ...process.env, ...env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" } },
  );
  const result = readJson(report);
  rmSync(outputDir, { recursive: true, force: true });
  if (!result) return record(name, 0, 1, `vitest exited ${code} without a report`);
  const counts = countVitestReport(result, code);
  record(name, counts.passed, counts.failed, counts.note, counts.skippedByDesign);
}

async function runBrowserTests() {
  const outputDir = mkdtempSync(join(tmpdir(), "quire-e2e-"));
  const report = join(outputDir, "report.json");
  console.log("\n▶ browser tests (Playwright + Chromium)");
  const code = await run(NPM, ["test", "-w", "@quire/e2e"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH: CHROMIUM },
  });
  const result = readJson(report);
  rmSync(outputDir, { recursive: true, force: true });
  if (!result?.stats) return record("browser", 0, 1, `playwright exited ${code} without a report`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = result.stats;
  const failed = unexpected + skipped + (code !== 0 && unexpected === 0 ? 1 : 0);
  record("browser", expected + flaky, failed, skipped ? `${skipped} skipped tests count as failures` : "");
}

await ensureDependencies();

await check("lint (biome)", process.execPath, [
  "node_modules/@biomejs/biome/bin/biome",
  "check",
  "--error-on-warnings",
  ".",
]);
await check("boundaries (dependency-cruiser)", NPM, ["run", "--silent", "boundaries"]);
await check("scripts (node --test)", process.execPath, [
  "--test",
  ...readdirSync(join(ROOT, "scripts"))
    .filter((name) => name.endsWith(".test.mjs"))
    .map((name) => join("scripts", name)),
]);
await check("typecheck (tsc)", process.execPath, ["scripts/typecheck.mjs"]);

const wantedDialects = process.env.QUIRE_TEST_DIALECTS ?? "sqlite,postgres";
let dialects = wantedDialects;
if (wantedDialects.includes("postgres")) {
  const postgres = await ensurePostgres();
  if (!postgres.ok) {
    record("PostgreSQL available", 0, 1, postgres.reason);
    dialects = "sqlite";
  }
}
const redis = await ensureRedis();
if (!redis.ok) record("Redis available", 0, 1, redis.reason);
console.log(`\n▶ unit, database and API tests (databases: ${dialects})`);
await runVitest("unit + database + API", [], { DB_DIALECTS: dialects });

const webBuild = await buildWebIfStale();
record("web build", webBuild === 0 ? 1 : 0, webBuild === 0 ? 0 : 1);
if (webBuild === 0) {
  // A budget guard, not a benchmark: one import of zod into the shell would add 35 KB to every first visit.
  const bytes = homeRouteScriptBytes(join(ROOT, "apps/web/dist"));
  const within = bytes <= HOME_ROUTE_BUDGET_BYTES;
  record("home route JS budget", within ? 1 : 0, within ? 0 : 1, `${(bytes / 1024).toFixed(1)} KB gzip of 150 KB`);
  const withSchemas = screensLoadingSchemas(join(ROOT, "apps/web/dist"));
  const screens = SCREENS_WITHOUT_SCHEMAS.length;
  record("first screens without zod", screens - withSchemas.length, withSchemas.length, withSchemas.join(", "));
  // The native shells take this same build (no Android SDK or Xcode needed); their tests check what sync wrote,
  // with the committed link settings whatever this shell's QUIRE_PUBLIC_URL says.
  const mobileEnv = { ...process.env, QUIRE_PUBLIC_URL: "", QUIRE_APP_SCHEME: "" };
  await check("mobile sync (cap sync)", process.execPath, ["apps/mobile/scripts/sync.mjs"], { env: mobileEnv });
  console.log("\n▶ mobile shell tests");
  await runVitest("mobile shell", ["--root", "apps/mobile"], mobileEnv);
}
const chromium = ensureChromium();
if (!chromium.ok) record("browser", 0, 1, chromium.reason);
else if (webBuild === 0) await runBrowserTests();

console.log("\nSummary");
for (const tier of tiers)
  console.log(
    `  ${tier.name.padEnd(28)} ${tier.passed} passed, ${tier.failed} failed${tier.note ? `  (${tier.note})` : ""}`,
  );
const passed = tiers.reduce((sum, tier) => sum + tier.passed, 0);
const failed = tiers.reduce((sum, tier) => sum + tier.failed, 0);
for (const { reason, count } of tiers.flatMap((tier) => tier.skippedByDesign))
  console.log(`${count} skipped by design: ${reason}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
