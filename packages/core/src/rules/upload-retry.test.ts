import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWithinUploadRetryTime, uploadRetryDelayMs } from "./upload-retry";

describe("uploadRetryDelayMs", () => {
  it("waits 1 s, then twice as long each time, capped at 64 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 12].map((attempt) => uploadRetryDelayMs(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 64_000, 64_000,
    ]);
  });

  it("adds at most a second of jitter and never passes the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.double({ min: -1, max: 2, noNaN: true }), (attempt, jitter) => {
        const delay = uploadRetryDelayMs(attempt, jitter);
        const plain = uploadRetryDelayMs(attempt);
        expect(delay).toBeGreaterThanOrEqual(plain);
        expect(delay - plain).toBeLessThanOrEqual(1000);
        expect(delay).toBeLessThanOrEqual(64_000);
      }),
    );
  });
});

describe("isWithinUploadRetryTime", () => {
  it("allows retries that start within 10 minutes of the first failure", () => {
    const start = 1_000_000;
    expect(isWithinUploadRetryTime(start, start, 1000)).toBe(true);
    expect(isWithinUploadRetryTime(start, start + 9 * 60_000, 60_000)).toBe(true);
    expect(isWithinUploadRetryTime(start, start + 9 * 60_000 + 1, 60_000)).toBe(false);
  });
});
