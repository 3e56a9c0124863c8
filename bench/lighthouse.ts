/**
 * Lighthouse on the pages issue 15 budgets: home, a book page, a profile and the reader, each must score
 * performance ≥ 97 and accessibility 100 on Lighthouse's default mobile profile (emulated phone,
 * simulated slow 4G and 4× CPU slowdown), with LCP < 1.5 s, TBT < 100 ms and CLS < 0.05. The server is a
 * real `quire start` (production mode, demo content, built web app) with a Standard Ebooks book imported
 * for the book and reader pages; Chrome is Debian's Chromium. Prints a Markdown table, appends to
 * bench/results/history.jsonl and writes the BENCHMARKS.md section (BENCH_LIGHTHOUSE_MD names another file).
 * While working on one page: BENCH_LIGHTHOUSE_PAGES=home,book measures only those; BENCH_LIGHTHOUSE_JSON=<dir>
 * keeps each run's full report (LCP element and phases, long tasks, waterfall) as <dir>/<page>-<run>.json, and
 * with BENCH_LIGHTHOUSE_TRACE=1 its trace too (<page>-<run>.trace.json, JavaScript sampled, for DevTools' Performance
 * panel or bench/lighthouse-tasks.ts: what each long task ran). QUIRE_WEB_DIST=<dir> serves another build (with its dist-ssr beside it), for an A/B.
 * Run with `npm run bench:lighthouse`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServerProcess } from "../apps/server/test/server-process";
import { appendHistory, describeMachine, machineInfo, markdownTable, REPO_ROOT, writeBenchmarksSection } from "./lib";

const BOOK = join(
  REPO_ROOT,
  "../shared/corpus/standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub",
);
const PERFORMANCE_BUDGET = 97;
const ACCESSIBILITY_BUDGET = 100;
const LCP_BUDGET_MS = 1500;
const TBT_BUDGET_MS = 100;
const CLS_BUDGET = 0.05;
/** A demo author (apps/server/src/seed/users.ts). */
const PROFILE = "mara_okafor";
/** Each page is measured this many times and the median kept: one run of the simulated phone varies by a few points. */
const RUNS = 3;

interface PageScores {
  page: string;
  path: string;
  performance: number[];
  accessibility: number[];
  lcpMs: number[];
  tbtMs: number[];
  cls: number[];
  failedAudits: string[];
}

/** Runs whose trace Chromium lost (NO_NAVSTART: every metric 0) are measured again, not counted as a 0. */
const ATTEMPTS = 3;

async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      // A kept trace also samples JavaScript, so its long tasks can be told by function (bench/lighthouse-tasks.ts).
      ...(process.env.BENCH_LIGHTHOUSE_TRACE === "1" && {
        additionalTraceCategories: "disabled-by-default-v8.cpu_profiler",
      }),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError || attempt === ATTEMPTS) return result;
    console.log(`  ${url}: ${result.lhr.runtimeError.code}, measured again`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<number> {
  const machine = machineInfo();
  console.log(`Lighthouse — ${describeMachine(machine)}, load ${machine.loadAverage.join(" ")}\n`);
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts/web-build.mjs")], { stdio: "inherit" });
  const server = await startServerProcess({ QUIRE_SEED_DEMO: "auto" });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    const imported = execFileSync(
      process.execPath,
      ["--import", "tsx", join(REPO_ROOT, "apps/server/src/cli.ts"), "import", BOOK],
      { env: { ...process.env, QUIRE_DATA_DIR: server.dataDir, LOG_LEVEL: "warn" }, encoding: "utf8" },
    );
    const bookId = imported.match(/book ([0-9a-f-]{36})/)?.[1];
    if (!bookId) throw new Error(`no book id in: ${imported}`);
    const chapters = (await (await fetch(`${server.url}/api/v1/books/${bookId}/chapters`)).json()) as {
      items: { anchorId: string }[];
    };
    const anchor = chapters.items[2]?.anchorId ?? chapters.items[0]?.anchorId;
    const pages = [
      { page: "home", path: "/" },
      { page: "book", path: `/books/${bookId}` },
      { page: "profile", path: `/u/${PROFILE}` },
      { page: "reader", path: `/read/${bookId}/${anchor}` },
    ];

    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",");
    const reportDir = process.env.BENCH_LIGHTHOUSE_JSON;
    if (reportDir) mkdirSync(reportDir, { recursive: true });

    const results: PageScores[] = [];
    for (const { page, path } of pages.filter(({ page }) => !only || only.includes(page))) {
      const scores: PageScores = {
        page,
        path,
        performance: [],
        accessibility: [],
        lcpMs: [],
        tbtMs: [],
        cls: [],
        failedAudits: [],
      };
      for (let run = 0; run < RUNS; run++) {
        const result = await measure(`${server.url}${path}`, chrome.port);
        if (reportDir) writeFileSync(join(reportDir, `${page}-${run}.json`), JSON.stringify(result.lhr));
        if (reportDir && process.env.BENCH_LIGHTHOUSE_TRACE === "1") {
          writeFileSync(join(reportDir, `${page}-${run}.trace.json`), JSON.stringify(result.artifacts.Trace));
        }
        const { categories, audits } = result.lhr;
        scores.performance.push(Math.round((categories.performance?.score ?? 0) * 100));
        scores.accessibility.push(Math.round((categories.accessibility?.score ?? 0) * 100));
        scores.lcpMs.push(audits["largest-contentful-paint"]?.numericValue ?? 0);
        scores.tbtMs.push(audits["total-blocking-time"]?.numericValue ?? 0);
        scores.cls.push(audits["cumulative-layout-shift"]?.numericValue ?? 0);
        for (const ref of categories.accessibility?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (
            ref.weight > 0 &&
            audit &&
            audit.score !== null &&
            audit.score < 1 &&
            !scores.failedAudits.includes(ref.id)
          ) {
            scores.failedAudits.push(ref.id);
          }
        }
      }
      results.push(scores);
      console.log(
        `  measured  ${page.padEnd(7)} performance ${scores.performance.join("/")}  accessibility ${scores.accessibility.join("/")}`,
      );
    }

    const within = (s: PageScores) =>
      median(s.performance) >= PERFORMANCE_BUDGET &&
      median(s.accessibility) >= ACCESSIBILITY_BUDGET &&
      median(s.lcpMs) < LCP_BUDGET_MS &&
      median(s.tbtMs) < TBT_BUDGET_MS &&
      median(s.cls) < CLS_BUDGET;
    const table = markdownTable(
      ["page", "performance (median of 3)", "accessibility", "LCP", "TBT", "CLS", "within budget"],
      results.map((s) => [
        `${s.page} (\`${s.path.replace(bookId, ":id").replace(`/${anchor}`, "/:anchor")}\`)`,
        `${median(s.performance)} (${s.performance.join(", ")})`,
        `${median(s.accessibility)}${s.failedAudits.length > 0 ? ` (${s.failedAudits.join(", ")})` : ""}`,
        `${(median(s.lcpMs) / 1000).toFixed(1)} s`,
        `${Math.round(median(s.tbtMs))} ms`,
        median(s.cls).toFixed(3),
        within(s) ? "PASS" : "MISS",
      ]),
    );
    console.log(`\n${table}`);
    const ok = results.every(within);
    const at = new Date();
    await appendHistory({ bench: "lighthouse", at: at.toISOString(), machine, results, ok });
    await writeBenchmarksSection(
      "lighthouse",
      `Latest run ${at.toISOString().slice(0, 16).replace("T", " ")} UTC — ${describeMachine(machine)}, Lighthouse ${
        (await import("lighthouse/package.json", { with: { type: "json" } })).default.version
      }, default mobile profile (simulated slow 4G, 4× CPU slowdown), Debian Chromium, production server with the demo content; budget: performance ≥ ${PERFORMANCE_BUDGET}, accessibility ${ACCESSIBILITY_BUDGET}, LCP < ${LCP_BUDGET_MS / 1000} s, TBT < ${TBT_BUDGET_MS} ms, CLS < ${CLS_BUDGET}:\n\n${table}`,
      process.env.BENCH_LIGHTHOUSE_MD || undefined,
    );
    return ok || process.env.BENCH_STRICT !== "1" ? 0 : 1;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

process.exit(await main());
