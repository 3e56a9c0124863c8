// Preloaded into each API process by the scale bench (NODE_OPTIONS=--import): the event loop's delay and the
// longest garbage-collection pause since the last SIGUSR2, written as JSON to QUIRE_BENCH_LOOP_DIR/loop-<pid>.json
// on SIGUSR2 (then reset). Node's cluster workers each report their own.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const dir = process.env.QUIRE_BENCH_LOOP_DIR;
if (isMainThread && dir) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
  }).observe({ entryTypes: ["gc"] });
  process.on("SIGUSR2", () => {
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      join(dir, `loop-${process.pid}.json`),
      JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), gcMaxMs }),
    );
    delay.reset();
    gcMaxMs = 0;
  });
}
