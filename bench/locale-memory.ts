/**
 * What the IP-to-country database costs in memory. Starts the whole app (SQLite in a temporary folder, no demo
 * seed), reads process RSS (after a full GC) before any locale request, then after the first
 * `GET /api/v1/locale` (which reads the MMDB file into memory) and after 10,000 more lookups of varied
 * addresses (200, 50 times each); also times those lookups through HTTP inject. Prints a Markdown table and appends to
 * bench/results/history.jsonl. Run with `npm run bench:locale -w @quire/bench` (it passes --expose-gc).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../apps/server/src/app";
import { createContext } from "../apps/server/src/context";
import { migrateToLatest } from "../apps/server/src/db/migrator";
import { appendHistory, benchServerConfig, describeMachine, fmtMs, machineInfo, markdownTable } from "./lib";

const LOOKUPS = 10_000;
const MB = 1024 * 1024;

function settledMemory(): NodeJS.MemoryUsage {
  if (!global.gc) throw new Error("Run with node --expose-gc (npm run bench:locale does).");
  global.gc();
  return process.memoryUsage();
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function main() {
  const machine = machineInfo();
  console.log(`# IP-to-country database memory\n  machine   ${describeMachine(machine)}`);
  const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-locale-"));
  const config = benchServerConfig(dataDir, undefined);
  const ctx = createContext(config);
  const app = await buildApp(ctx);
  try {
    await migrateToLatest(ctx.database.db, ctx.database.dialect);
    await app.ready();
    // One request of another route first, so the "before" figure includes Fastify's first-request costs.
    await app.inject({ method: "GET", url: "/api/v1/health" });
    const before = settledMemory();

    const first = await app.inject({ method: "GET", url: "/api/v1/locale", remoteAddress: "81.2.69.142" });
    if (first.json().country !== "GB") throw new Error(`Unexpected answer ${first.body}`);
    const afterFirst = settledMemory();

    const started = performance.now();
    for (let i = 0; i < LOOKUPS; i++) {
      // 200 addresses across the IPv4 space, 50 lookups each: under the per-IP limit, and a fixed set of rate-limit
      // keys, so growth here would be the lookup's own (10,000 distinct addresses grow any route's memory alike).
      const n = i % 200;
      const address = `${(n % 223) + 1}.${(n * 7) % 256}.${(n * 13) % 256}.${n % 250}`;
      await app.inject({ method: "GET", url: "/api/v1/locale", remoteAddress: address });
    }
    const lookupMs = (performance.now() - started) / LOOKUPS;
    const afterMany = settledMemory();

    const rows = [
      ["app started, no lookup yet", mb(before.rss), mb(before.heapUsed), mb(before.external)],
      [
        "after the first lookup (database loaded)",
        mb(afterFirst.rss),
        mb(afterFirst.heapUsed),
        mb(afterFirst.external),
      ],
      [
        `after ${LOOKUPS.toLocaleString("en-US")} more lookups`,
        mb(afterMany.rss),
        mb(afterMany.heapUsed),
        mb(afterMany.external),
      ],
    ];
    console.log(markdownTable(["state", "RSS", "heap used", "external (buffers)"], rows));
    console.log(
      `database loaded: +${mb(afterFirst.rss - before.rss)} RSS; one request through inject ${fmtMs(lookupMs)}`,
    );
    await appendHistory({
      bench: "locale-memory",
      at: new Date().toISOString(),
      machine,
      rssBeforeBytes: before.rss,
      rssAfterFirstBytes: afterFirst.rss,
      rssAfterManyBytes: afterMany.rss,
      externalBeforeBytes: before.external,
      externalAfterFirstBytes: afterFirst.external,
      lookupMs,
    });
  } finally {
    await app.close();
    await ctx.database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
