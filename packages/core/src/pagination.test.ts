import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./pagination";

describe("cursors", () => {
  it("round-trip any sort value and id, URL-safe", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
        fc.string(),
        (value, id) => {
          const cursor = encodeCursor([value, id]);
          expect(cursor).toMatch(/^[A-Za-z0-9_-]*$/);
          expect(decodeCursor(cursor)).toEqual([Object.is(value, -0) ? 0 : value, id]);
        },
      ),
    );
  });

  it("refuses anything this server did not make", () => {
    expect(decodeCursor("not a cursor")).toBeUndefined();
    expect(decodeCursor(btoa(JSON.stringify({ a: 1 })))).toBeUndefined();
    expect(decodeCursor("")).toBeUndefined();
  });
});
