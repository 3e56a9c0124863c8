/**
 * What the scale bench watches during a fixed-rate phase, to say where a slow request waited: PostgreSQL's
 * sessions on the fixture (what each is doing, sampled), the server's checkpoints and WAL flushes, and each API
 * process's event loop (loop-probe.mjs, preloaded into them).
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";

const SAMPLE_EVERY_MS = 20;

/** Average number of the fixture's sessions in each state over the samples: `CPU`, a wait event, or the app's turn. */
export interface WaitProfile {
  samples: number;
  states: { state: string; sessions: number }[];
  /** The most sessions busy (not idle) at one sample. */
  peakBusy: number;
}

export interface PhaseWatch {
  waits: WaitProfile;
  server: ServerCounters;
  /** One per API process. */
  loops: LoopDelay[];
}

/**
 * Watches a phase's measured period, from `afterMs` on until `finish`: `pg_stat_activity` sampled every 20 ms (an
 * active session without a wait event is on a CPU or waiting for one; "idle in transaction" is a transaction
 * waiting for the app's next statement), the server's counters, and each API process's event loop.
 */
export function watchPhase(
  url: string,
  database: string,
  loopDir: string,
  pids: number[],
  afterMs: number,
): { finish: () => Promise<PhaseWatch> } {
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let samples = 0;
  let peakBusy = 0;
  let running = true;
  const sample = async () => {
    const { rows } = await client.query<{ state: string; busy: number }>(
      `select case when state = 'active' then coalesce(wait_event_type || ': ' || wait_event, 'CPU')
                   else state || coalesce(' (' || wait_event || ')', '') end as state, count(*)::int as busy
         from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'
        group by 1`,
      [database],
    );
    samples += 1;
    peakBusy = Math.max(
      peakBusy,
      rows.reduce((sum, r) => sum + r.busy, 0),
    );
    for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + row.busy);
  };
  const started = (async () => {
    await client.connect();
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await loopDelays(loopDir, pids);
    const before = await serverCounters(client, database);
    const loop = (async () => {
      while (running) {
        await sample();
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
      }
    })();
    // A failed sample ends the loop; `finish` reports it.
    loop.catch(() => undefined);
    return { before, loop };
  })();
  started.catch(() => undefined);
  return {
    finish: async () => {
      const { before, loop } = await started;
      running = false;
      await loop;
      const loops = await loopDelays(loopDir, pids);
      const server = countersBetween(before, await serverCounters(client, database));
      await client.end();
      const states = [...counts]
        .map(([state, n]) => ({ state, sessions: n / Math.max(1, samples) }))
        .sort((a, b) => b.sessions - a.sessions);
      return { waits: { samples, states, peakBusy }, server, loops };
    },
  };
}

/** Server-wide counters (other sessions' databases share the server): checkpoints, WAL writes and flushes, commits. */
export interface ServerCounters {
  /** Started (PostgreSQL counts a checkpoint when it begins; its sync time when it ends). */
  checkpoints: number;
  checkpointSyncMs: number;
  walSyncs: number;
  walBytes: number;
  /** Commits on the fixture database only. */
  commits: number;
}

async function serverCounters(client: pg.Client, database: string): Promise<ServerCounters> {
  const { rows } = await client.query<ServerCounters>(
    `select (b.checkpoints_timed + b.checkpoints_req)::float8 as checkpoints,
            b.checkpoint_sync_time::float8 as "checkpointSyncMs",
            w.wal_sync::float8 as "walSyncs", w.wal_bytes::float8 as "walBytes",
            (select xact_commit from pg_stat_database where datname = $1)::float8 as commits
       from pg_stat_bgwriter b, pg_stat_wal w`,
    [database],
  );
  return rows[0] as ServerCounters;
}

function countersBetween(before: ServerCounters, after: ServerCounters): ServerCounters {
  return {
    checkpoints: after.checkpoints - before.checkpoints,
    checkpointSyncMs: after.checkpointSyncMs - before.checkpointSyncMs,
    walSyncs: after.walSyncs - before.walSyncs,
    walBytes: after.walBytes - before.walBytes,
    commits: after.commits - before.commits,
  };
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  gcMaxMs: number;
}

/** Asks each API process for its event loop's delay since it was last asked (SIGUSR2, see loop-probe.mjs). */
export async function loopDelays(dir: string, pids: number[]): Promise<LoopDelay[]> {
  const file = (pid: number) => join(dir, `loop-${pid}.json`);
  for (const pid of pids) await rm(file(pid), { force: true });
  const asked = Date.now();
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  const found: LoopDelay[] = [];
  for (const pid of pids) {
    for (;;) {
      try {
        found.push(JSON.parse(await readFile(file(pid), "utf8")) as LoopDelay);
        break;
      } catch {
        // Not written yet (or half written).
        if (Date.now() - asked > 5_000) throw new Error(`API process ${pid} did not report its event loop`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  return found;
}

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`;

/** One line each: PostgreSQL's sessions, the server's flushes and checkpoints, the API processes' event loops. */
export function describeWatch(watch: PhaseWatch, seconds: number): string[] {
  const { waits, server, loops } = watch;
  const busy = waits.states.reduce((sum, s) => sum + s.sessions, 0);
  const states = waits.states
    .filter((s) => s.sessions >= 0.005)
    .map((s) => `${s.state} ${s.sessions.toFixed(2)}`)
    .join(", ");
  return [
    `PostgreSQL sessions on the fixture busy ${busy.toFixed(2)} on average (${waits.samples} samples, every ${SAMPLE_EVERY_MS} ms; at most ${waits.peakBusy} at once): ${states || "none"}`,
    `server-wide: ${server.checkpoints} checkpoint${server.checkpoints === 1 ? "" : "s"} started, ${ms(server.checkpointSyncMs)} syncing data files at a checkpoint's end, ${Math.round(server.walSyncs / seconds)} WAL flushes/s for ${Math.round(server.commits / seconds)} commits/s on the fixture, ${(server.walBytes / 1024 ** 2 / seconds).toFixed(1)} MiB/s of WAL`,
    `API event loops: delay p99 ${loops.map((l) => ms(l.p99)).join(" / ")}, max ${loops.map((l) => ms(l.max)).join(" / ")}; longest GC pause ${loops.map((l) => ms(l.gcMaxMs)).join(" / ")}`,
  ];
}
