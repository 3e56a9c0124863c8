/**
 * What a page's long tasks ran, from a trace kept by the Lighthouse bench (BENCH_LIGHTHOUSE_JSON=<dir>
 * BENCH_LIGHTHOUSE_TRACE=1): each main-thread task over a threshold, its heaviest trace events and, from the
 * JavaScript samples such a trace carries, the functions it spent its time in (self and with callees) and the
 * hottest positions in the built files (inside a module's top-level code, the expression that costs).
 * Times are as observed on this machine, before Lighthouse's 4× CPU slowdown.
 * `node --import tsx bench/lighthouse-tasks.ts <page-run.trace.json> [min task ms = 30] [rows = 8]`
 */
import { readFileSync } from "node:fs";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

const [tracePath, minMsArg, rowsArg] = process.argv.slice(2);
if (!tracePath) throw new Error("usage: lighthouse-tasks.ts <trace.json> [min task ms] [rows]");
const minMs = Number(minMsArg ?? 30);
const rows = Number(rowsArg ?? 8);
const raw = JSON.parse(readFileSync(tracePath, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;
const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

// The page's main thread: of the renderers' main threads, the one that ran the most.
const mainThreads = new Set(
  events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map(threadOf),
);
const busy = new Map<string, number>();
for (const e of events) {
  if (e.name === "RunTask" && mainThreads.has(threadOf(e)))
    busy.set(threadOf(e), (busy.get(threadOf(e)) ?? 0) + (e.dur ?? 0));
}
const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
const navigation = events.find((e) => e.name === "navigationStart" && threadOf(e) === main);
const origin = navigation?.ts ?? 0;
const slices = events.filter((e) => threadOf(e) === main && e.ph === "X").sort((a, b) => a.ts - b.ts);

// The sampled stacks: nodes and (time, node) samples from the main thread's profile chunks.
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number; line?: number; column?: number }[] = [];
// Profile ids are per process: a chunk is the main thread's when its process and id match its Profile event's.
const profileKey = (e: TraceEvent) => `${e.pid}:${e.id}`;
const profiles = new Set(events.filter((e) => e.name === "Profile" && threadOf(e) === main).map(profileKey));
const clocks = new Map<string, number>();
for (const e of events) {
  if (!profiles.has(profileKey(e))) continue;
  if (e.name === "Profile") clocks.set(profileKey(e), Number(e.args?.data?.startTime ?? 0));
  if (e.name !== "ProfileChunk") continue;
  const data = e.args?.data as {
    cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    timeDeltas?: number[];
    lines?: number[];
    columns?: number[];
  };
  for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  let clock = clocks.get(profileKey(e)) ?? 0;
  (data.cpuProfile?.samples ?? []).forEach((node, index) => {
    clock += data.timeDeltas?.[index] ?? 0;
    samples.push({ ts: clock, node, line: data.lines?.[index], column: data.columns?.[index] });
  });
  clocks.set(profileKey(e), clock);
}
samples.sort((a, b) => a.ts - b.ts);

const label = (node: ProfileNode) => {
  const { functionName, url = "", lineNumber = -1, columnNumber = -1 } = node.callFrame;
  return url
    ? `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}:${columnNumber + 1}`
    : functionName;
};
const top = (totals: Map<string, number>) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, us]) => `    ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);

const SAMPLE_GAP_CAP_US = 5000;
for (const task of slices.filter((e) => e.name === "RunTask" && (e.dur ?? 0) >= minMs * 1000)) {
  const end = task.ts + (task.dur ?? 0);
  const byEvent = new Map<string, number>();
  for (const e of slices) {
    if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
    const data = e.args?.data ?? {};
    const detail = [data.functionName, data.url, data.type].filter(Boolean).join(" ");
    const name = detail ? `${e.name} ${String(detail).split("/").pop()}` : e.name;
    byEvent.set(name, (byEvent.get(name) ?? 0) + (e.dur ?? 0));
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const positions = new Map<string, number>();
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
  inTask.forEach((sample, index) => {
    const weight = Math.min((inTask[index + 1]?.ts ?? end) - sample.ts, SAMPLE_GAP_CAP_US);
    let node = nodes.get(sample.node);
    if (!node) return;
    self.set(label(node), (self.get(label(node)) ?? 0) + weight);
    // Where in the function: inside a module's top-level code, the very expression (the sampled line and column).
    const { url } = node.callFrame;
    if (url && sample.line) {
      const position = `${url.split("/").pop()}:${sample.line}:${sample.column}`;
      positions.set(position, (positions.get(position) ?? 0) + weight);
    }
    const seen = new Set<string>();
    for (; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      const name = label(node);
      if (seen.has(name) || name.startsWith("(root)")) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
    }
  });
  console.log(`\n@${((task.ts - origin) / 1000).toFixed(0)} ms: a ${((task.dur ?? 0) / 1000).toFixed(1)} ms task`);
  console.log("  trace events (inclusive):");
  console.log(top(byEvent).join("\n"));
  if (inTask.length > 0) {
    console.log("  functions, self:");
    console.log(top(self).join("\n"));
    console.log("  functions, with callees:");
    console.log(top(inclusive).join("\n"));
    console.log("  hottest positions (file:line:column of the built file):");
    console.log(top(positions).join("\n"));
  }
}
