import { describe, expect, it } from "vitest";
import { ConcurrencyLimit } from "./concurrency-limit";

/** A job that stays running until the test lets it finish. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("ConcurrencyLimit", () => {
  it("runs at most `limit` jobs at once and starts waiters in arrival order", async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const results = gates.map((g, index) =>
      limit.run(async () => {
        started.push(index);
        await g.opened;
        return index * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 3]);

    gates[1]?.open();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);

    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(limit.peak).toBe(2);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it("frees the slot when a job fails", async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await limit.run(async () => "next")).toBe("next");
    expect(limit.running).toBe(0);
  });

  it("refuses a limit below one", () => {
    expect(() => new ConcurrencyLimit(0)).toThrow("A concurrency limit must be 1 or more, not 0");
  });
});
