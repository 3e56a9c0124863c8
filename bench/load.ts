/**
 * The load generator, run as its own process (`node --import tsx load.ts <spec.json>`) so autocannon
 * never shares an event loop with the server it measures. Reads a LoadSpec, prints one LoadResult
 * as JSON on stdout and nothing else.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type { LoadResult, LoadSpec } from "./lib";

function pick<T>(values: readonly T[]): T {
  return values[Math.floor(Math.random() * values.length)] as T;
}

function summarize(result: autocannon.Result): LoadResult["measured"] {
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.latency.totalCount,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count])),
    durationSeconds: result.duration,
  };
}

async function main(): Promise<void> {
  const specPath = process.argv[2];
  if (!specPath) throw new Error("usage: load.ts <spec.json>");
  const spec = JSON.parse(readFileSync(specPath, "utf8")) as LoadSpec;
  const { paths, requests } = spec;
  if (paths.length === 0) throw new Error(`No request paths for ${spec.name}`);

  const options: autocannon.Options = {
    url: `${spec.origin}${paths[0]}`,
    title: spec.name,
    connections: spec.connections,
    duration: spec.durationSeconds,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
    // A request list, or a path list of more than one entry, is sampled at random for every request.
    ...(requests
      ? { requests: [{ setupRequest: (request) => ({ ...request, ...pick(requests) }) }] }
      : paths.length > 1
        ? { requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: pick(paths) }) }] }
        : {}),
    ...(spec.warmupSeconds > 0 ? { warmup: { duration: spec.warmupSeconds } } : {}),
  };
  const result = await autocannon(options);
  const output: LoadResult = {
    name: spec.name,
    measured: summarize(result),
    warmup: result.warmup ? summarize(result.warmup) : null,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
