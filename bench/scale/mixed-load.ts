/**
 * The scale bench's load generator, run as its own process (`node --import tsx mixed-load.ts <spec.json>`): a
 * weighted mix of routes, either at a fixed arrival rate (open loop, wrk2-style: each request's latency counts
 * from when it was due, so a server that falls behind shows it) or with N connections in a closed loop (the
 * most it serves). autocannon reports one latency for all requests; this one keeps one per route. Prints one
 * MixedResult as JSON on stdout and nothing else.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

export interface RouteRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RouteMix {
  route: string;
  /** Share of all requests, relative to the other routes' weights. */
  weight: number;
  requests: RouteRequest[];
}

export interface MixedSpec {
  origin: string;
  routes: RouteMix[];
  /** `rate`: requests per second, open loop; `closed`: `connections` requests always in flight. */
  mode: "rate" | "closed";
  rate: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface RouteFigures {
  route: string;
  requests: number;
  failed: number;
  statusCodes: Record<string, number>;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

export interface MixedResult {
  /** Answered requests per second over the measured period. */
  throughput: number;
  requests: number;
  failed: number;
  routes: RouteFigures[];
  /** Requests still unanswered when the measured period ended (a fixed rate the server did not keep up with). */
  behind: number;
  /** This generator's own CPU time over its whole run, warm-up included. */
  cpuSeconds: number;
  /**
   * Fixed rate only: how late the generator itself sent the measured requests after they were due (its own
   * event loop, or a core it waited for), ms. Each request's latency includes it.
   */
  sendLag: { p50: number; p99: number; max: number };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const specPath = process.argv[2];
  if (!specPath) throw new Error("usage: mixed-load.ts <spec.json>");
  const spec = JSON.parse(readFileSync(specPath, "utf8")) as MixedSpec;
  const origin = new URL(spec.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const totalWeight = spec.routes.reduce((sum, r) => sum + r.weight, 0);
  const pickRoute = () => {
    let roll = Math.random() * totalWeight;
    for (const route of spec.routes) {
      roll -= route.weight;
      if (roll < 0) return route;
    }
    return spec.routes.at(-1) as RouteMix;
  };

  const latencies = new Map(spec.routes.map((r) => [r.route, [] as number[]]));
  const statuses = new Map(spec.routes.map((r) => [r.route, {} as Record<string, number>]));
  const failedBy = new Map(spec.routes.map((r) => [r.route, 0]));
  const started = performance.now();
  const measureFrom = started + spec.warmupSeconds * 1000;
  const endAt = measureFrom + spec.durationSeconds * 1000;
  let inFlight = 0;
  const sendLags: number[] = [];

  const send = (dueAt: number): Promise<void> => {
    const route = pickRoute();
    const request = route.requests[Math.floor(Math.random() * route.requests.length)] as RouteRequest;
    const measured = dueAt >= measureFrom && dueAt < endAt;
    if (measured && spec.mode === "rate") sendLags.push(performance.now() - dueAt);
    inFlight += 1;
    return new Promise((resolve) => {
      const done = (status: string) => {
        inFlight -= 1;
        if (measured) {
          latencies.get(route.route)?.push(performance.now() - dueAt);
          const codes = statuses.get(route.route) as Record<string, number>;
          codes[status] = (codes[status] ?? 0) + 1;
          if (!status.startsWith("2")) failedBy.set(route.route, (failedBy.get(route.route) ?? 0) + 1);
        }
        resolve();
      };
      const req = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method: request.method,
          path: request.path,
          headers:
            request.body === undefined
              ? request.headers
              : { ...request.headers, "content-length": Buffer.byteLength(request.body) },
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on("end", () => done(String(res.statusCode)));
          res.on("error", () => done("error"));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => done(error.message === "timeout" ? "timeout" : "error"));
      req.end(request.body);
    });
  };

  let behind = 0;
  if (spec.mode === "rate") {
    const pending: Promise<void>[] = [];
    let sent = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        if (now >= endAt) {
          behind = inFlight;
          return resolve();
        }
        // Every request due by now goes out, each timed from its own due moment.
        const due = Math.floor(((now - started) / 1000) * spec.rate);
        for (; sent < due; sent += 1) pending.push(send(started + (sent / spec.rate) * 1000));
        setTimeout(tick, 1);
      };
      tick();
    });
    await Promise.all(pending);
  } else {
    const loop = async () => {
      while (performance.now() < endAt) await send(performance.now());
    };
    await Promise.all(Array.from({ length: spec.connections }, loop));
  }
  agent.destroy();

  const routes = spec.routes.map((r): RouteFigures => {
    const sorted = (latencies.get(r.route) as number[]).sort((a, b) => a - b);
    return {
      route: r.route,
      requests: sorted.length,
      failed: failedBy.get(r.route) ?? 0,
      statusCodes: statuses.get(r.route) ?? {},
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      mean: sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length),
      max: sorted.at(-1) ?? 0,
    };
  });
  const requests = routes.reduce((sum, r) => sum + r.requests, 0);
  const lags = sendLags.sort((a, b) => a - b);
  const result: MixedResult = {
    throughput: requests / spec.durationSeconds,
    requests,
    failed: routes.reduce((sum, r) => sum + r.failed, 0),
    routes,
    behind,
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    sendLag: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? 0 },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
