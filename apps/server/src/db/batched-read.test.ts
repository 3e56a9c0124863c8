import { describe, expect, it } from "vitest";
import { BatchedRead, MAX_BATCH_KEYS, MAX_BATCHES_IN_FLIGHT } from "./batched-read";

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

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Reads that answer only when the test opens their gate, in the order they were made. */
function gatedReads() {
  const gates: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => gates.push(resolve));
  return { gates, gate };
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

  it(`sends at most ${MAX_BATCHES_IN_FLIGHT} batches at once; keys asked for meanwhile go out together when one returns`, async () => {
    const { gates, gate } = gatedReads();
    const batches: number[][] = [];
    const read = new BatchedRead<number, number>(async (keys) => {
      batches.push(keys);
      await gate();
      return new Map(keys.map((key) => [key, -key]));
    });
    const answers: Promise<number | undefined>[] = [];
    for (let turn = 0; turn < MAX_BATCHES_IN_FLIGHT; turn++) {
      answers.push(read.load(turn));
      await nextTurn();
    }
    answers.push(read.load(10));
    await nextTurn();
    answers.push(read.load(11), read.load(10));
    await nextTurn();
    answers.push(read.load(12));
    expect(batches).toEqual(Array.from({ length: MAX_BATCHES_IN_FLIGHT }, (_, turn) => [turn]));
    gates[0]?.();
    await nextTurn();
    expect(batches.slice(MAX_BATCHES_IN_FLIGHT)).toEqual([[10, 11, 12]]);
    // Once sent, the batch takes no more keys: 10 asked for now waits for the next statement.
    answers.push(read.load(10));
    for (let round = 0; round < 3; round++) {
      for (const open of gates) open();
      await nextTurn();
    }
    expect(await Promise.all(answers)).toEqual([
      ...Array.from({ length: MAX_BATCHES_IN_FLIGHT }, (_, turn) => -turn),
      -10,
      -11,
      -10,
      -12,
      -10,
    ]);
    expect(batches.at(-1)).toEqual([10]);
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
