/** The processes of `npm run bench:scale`: `quire start` twice, and nginx (or Node's cluster module) in front. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { BENCH_DIR, REPO_ROOT } from "../lib";

export const DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/quire_scale";
export const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
export const PROCESSES = 2;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  startedMs: number;
  /** `performance.now()` when it first answered. */
  listeningAt: number;
  rssAtStartMiB: number;
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** User + system CPU seconds of a process so far. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Busy CPU seconds of the whole machine, every core (`/proc/stat`: all but idle and I/O wait). */
export function machineBusySeconds(): number {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** CPU seconds so far per process whose command line holds `text` (the fixture's PostgreSQL backends, nginx). */
export function cpuSecondsByProcess(text: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text))
        found.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found;
}

/** CPU spent between two snapshots by the processes alive at the second (one that started since counts whole). */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * When (`performance.now()`) a process went quiet: under 30 ms of CPU over the following second. After start-up
 * that is its search index built in the background, which no request reports.
 */
export async function quietSince(pid: number, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  const samples: { at: number; cpu: number }[] = [];
  for (;;) {
    samples.push({ at: performance.now(), cpu: cpuSeconds(pid) });
    const windowStart = samples.at(-5);
    const last = samples.at(-1);
    if (windowStart && last && last.cpu - windowStart.cpu < 0.03) return windowStart.at;
    if (performance.now() - started > timeoutMs)
      throw new Error(`process ${pid} was still busy after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const serverEnv = (dataDir: string, port: number) => ({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  PORT: String(port),
  DATABASE_URL,
  REDIS_URL,
  QUIRE_DATA_DIR: dataDir,
  QUIRE_PUBLIC_URL: "http://127.0.0.1",
  QUIRE_SEED_DEMO: "never",
  QUIRE_TRUST_PROXY: "1",
  // Every simulated reader comes from the load generator's one address: its per-IP search limit stands for many.
  QUIRE_SEARCH_PER_IP_PER_MINUTE: "1000000",
  // The event loop probe (loop-probe.mjs) reports into the bench's temporary directory when asked.
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${join(BENCH_DIR, "scale", "loop-probe.mjs")}`.trim(),
  QUIRE_BENCH_LOOP_DIR: dirname(dataDir),
});

/** `quire start`, as `npm run quire -- start` runs it, timed until it answers. */
export async function startApi(dataDir: string): Promise<ApiProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "apps/server/src/cli.ts"), "start"], {
    cwd: REPO_ROOT,
    env: serverEnv(dataDir, port),
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`, 120_000);
  const listeningAt = performance.now();
  return { child, port, startedMs: listeningAt - started, listeningAt, rssAtStartMiB: rssMiB(child.pid as number) };
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 8192;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream quire {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://quire;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_max_temp_file_size 0;
    }
    location /api/v1/stream {
      proxy_pass http://quire;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
  }
}
`;
}

function onPath(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export interface Balancer {
  kind: "nginx" | "cluster";
  origin: string;
  child: ChildProcess;
  /** The API processes' ids, for their CPU time. */
  apiPids: () => number[];
}

/** nginx from PATH in front of the started processes; without nginx, the processes are not used and Node's cluster module runs its own. */
export async function startBalancer(dir: string, apis: ApiProcess[]): Promise<Balancer> {
  const port = await freePort();
  await mkdir(dir, { recursive: true });
  if (onPath("nginx")) {
    await writeFile(
      join(dir, "nginx.conf"),
      nginxConfig(
        dir,
        port,
        apis.map((a) => a.port),
      ),
    );
    const child = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`, 10_000);
    return {
      kind: "nginx",
      origin: `http://127.0.0.1:${port}`,
      child,
      apiPids: () => apis.map((a) => a.child.pid as number),
    };
  }
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(BENCH_DIR, "scale", "cluster.ts"), String(PROCESSES)],
    {
      cwd: REPO_ROOT,
      env: serverEnv(dir, port),
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`, 120_000);
  const workers = () =>
    execFileSync("pgrep", ["-P", String(child.pid)])
      .toString()
      .trim()
      .split("\n")
      .map(Number);
  return { kind: "cluster", origin: `http://127.0.0.1:${port}`, child, apiPids: workers };
}
