import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkEnd, needsResumableUpload, nextChunkSize } from "./upload-chunks";

const KB = 1024;
const MB = 1024 * KB;

describe("needsResumableUpload", () => {
  it("sends 256 KB or less in one request and anything larger resumably", () => {
    expect(needsResumableUpload(0)).toBe(false);
    expect(needsResumableUpload(256 * KB)).toBe(false);
    expect(needsResumableUpload(256 * KB + 1)).toBe(true);
  });
});

describe("nextChunkSize", () => {
  it("doubles from 256 KB and stays under 32 MB", () => {
    const sizes = [256 * KB];
    for (let i = 0; i < 10; i++) sizes.push(nextChunkSize(sizes.at(-1) as number, true));
    expect(sizes.map((size) => size / KB)).toEqual([
      256, 512, 1024, 2048, 4096, 8192, 16384, 16384, 16384, 16384, 16384,
    ]);
  });

  it("starts over at 256 KB after a failed chunk", () => {
    expect(nextChunkSize(8 * MB, false)).toBe(256 * KB);
    expect(nextChunkSize(256 * KB, false)).toBe(256 * KB);
  });

  it("never reaches 32 MB and never shrinks after a success", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (successes) => {
        let size = 256 * KB;
        for (let i = 0; i < successes; i++) {
          const next = nextChunkSize(size, true);
          expect(next).toBeGreaterThanOrEqual(size);
          size = next;
        }
        expect(size).toBeLessThan(32 * MB);
      }),
    );
  });
});

describe("chunkEnd", () => {
  it("ends a chunk at its size or at the end of the file", () => {
    expect(chunkEnd(0, 256 * KB, 1 * MB)).toBe(256 * KB);
    expect(chunkEnd(768 * KB, 512 * KB, 1 * MB)).toBe(1 * MB);
  });
});
