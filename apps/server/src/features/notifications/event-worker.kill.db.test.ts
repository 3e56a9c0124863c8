import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { dialectsUnderTest, useSharedTestDatabase } from "../../../test/test-db";
import { notificationsDeliveredTo, queueNewFollowerEvents } from "../../../test/user-event-fixtures";

const EVENTS = 10_000;
const KILLS = 3;
const CHILD = join(import.meta.dirname, "../../../test/event-worker-child.ts");

/**
 * The outbox's promise under real crashes: worker processes are SIGKILLed in the middle of their
 * work several times (no cleanup, no rollback but the database's own), restarted, and in the end
 * every event is delivered exactly once. On PostgreSQL two workers share the queue each round.
 */
describe.each(dialectsUnderTest())("event worker processes killed on %s", (dialect) => {
  const shared = useSharedTestDatabase(dialect);
  const db = () => shared.db;

  const startWorker = (): { child: ChildProcess; exited: Promise<number | null> } => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, shared.processUrl], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => {
        if (code !== 0 && code !== null) console.error(stderr);
        resolve(code);
      }),
    );
    return { child, exited };
  };

  const processed = async () => {
    const row = await db()
      .selectFrom("userEvents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("processed", "=", 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it(`delivers ${EVENTS.toLocaleString("en")} events exactly once with workers killed ${KILLS} times`, async () => {
    const user = await queueNewFollowerEvents(db(), EVENTS);
    const workersPerRound = dialect === "postgres" ? 2 : 1;
    let done = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const workers = Array.from({ length: workersPerRound }, startWorker);
      // Kill once this round has committed a batch, so the next one is under way (or just claimed).
      await vi.waitFor(async () => expect(await processed()).toBeGreaterThan(done), { timeout: 30_000, interval: 10 });
      for (const { child } of workers) child.kill("SIGKILL");
      const codes = await Promise.all(workers.map((worker) => worker.exited));
      done = await processed();
      // Each kill must have landed before the queue ran dry, or it proved nothing.
      expect(
        codes.every((code) => code === null),
        `round ${kill + 1} ended before it was killed`,
      ).toBe(true);
      expect(done).toBeLessThan(EVENTS);
    }
    expect(done).toBeGreaterThan(0);

    const finishers = Array.from({ length: workersPerRound }, startWorker);
    expect(await Promise.all(finishers.map((worker) => worker.exited))).toEqual(finishers.map(() => 0));
    expect(await processed()).toBe(EVENTS);
    expect(await notificationsDeliveredTo(db(), user.id)).toEqual({ total: EVENTS, distinct: EVENTS });
  }, 120_000);
});
