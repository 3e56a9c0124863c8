import { describe, expect, it } from "vitest";
import { BatchedRead, MAX_BATCH_KEYS } from "./batched-read";

/** A BatchedRead over squares of even numbers (odd ones are not found), recording every batch it reads. */
function evenSquares(fail?: (keys: number[]) => boolean) {
  const batches: number[][] = [];
  const read = new BatchedRead<number, number>(async (keys) => {
    batches.push(keys);
    if (fail?.(keys)) throw new Error(`batch of ${keys.length} failed`);
    return new Map(keys.filter((key) => key % 2 === 0).map((key) => [key, key * key]));
  });
  return { read, batches };
}

describe("BatchedRead", () => {
  it("answers the keys asked for in one turn with one read of the distinct keys, each caller its own value", async () => {
    const { read, batches } = evenSquares();
    const answers = await Promise.all([4, 3, 4, 8, 3].map((key) => read.load(key)));
    expect(answers).toEqual([16, undefined, 16, 64, undefined]);
    expect(batches).toEqual([[4, 3, 8]]);
  });

  it("reads again for keys asked for after the batch went out", async () => {
    const { read, batches } = evenSquares();
    expect(await read.load(2)).toBe(4);
    expect(await read.load(2)).toBe(4);
    const late = read.load(6);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.all([late, read.load(6)])).toEqual([36, 36]);
    expect(batches).toEqual([[2], [2], [6], [6]]);
  });

  it(`reads at most ${MAX_BATCH_KEYS} keys at once, a key asked again after its batch filled in the next`, async () => {
    const { read, batches } = evenSquares();
    const keys = Array.from({ length: 2 * MAX_BATCH_KEYS + 10 }, (_, index) => index);
    const answers = await Promise.all([...keys, 0, 2 * MAX_BATCH_KEYS].map((key) => read.load(key)));
    expect(answers).toEqual([...keys, 0, 2 * MAX_BATCH_KEYS].map((key) => (key % 2 === 0 ? key * key : undefined)));
    expect(batches.map((batch) => batch.length)).toEqual([MAX_BATCH_KEYS, MAX_BATCH_KEYS, 11]);
    expect(batches.flat()).toEqual([...keys, 0]);
  });

  it("rejects every caller of a failed batch, and reads the next batch afresh", async () => {
    const { read, batches } = evenSquares((keys) => keys.includes(5));
    const failed = await Promise.allSettled([2, 5, 2, 7].map((key) => read.load(key)));
    expect(failed.map((answer) => answer.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    expect(failed[0]).toMatchObject({ reason: new Error("batch of 3 failed") });
    expect(await Promise.all([read.load(2), read.load(7)])).toEqual([4, undefined]);
    expect(batches).toEqual([
      [2, 5, 7],
      [2, 7],
    ]);
  });
});
