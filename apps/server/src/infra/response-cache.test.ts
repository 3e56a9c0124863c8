import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache";

describe("ResponseCache", () => {
  it("serves a stored body until its time to live runs out", () => {
    let now = 1000;
    const cache = new ResponseCache(500, 10, () => now);
    cache.set("/a", "A");
    expect(cache.get("/a")).toBe("A");
    now = 1499;
    expect(cache.get("/a")).toBe("A");
    now = 1500;
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size).toBe(0);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 1 });
  });

  it("evicts the least recently used entry beyond its bound", () => {
    const cache = new ResponseCache(10_000, 2, () => 0);
    cache.set("/a", "A");
    cache.set("/b", "B");
    cache.get("/a");
    cache.set("/c", "C");
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBe("A");
    expect(cache.get("/c")).toBe("C");
  });

  it("stores nothing when disabled, and forgets everything on clear", () => {
    const off = new ResponseCache(0, 100);
    off.set("/a", "A");
    expect(off.get("/a")).toBeUndefined();
    const on = new ResponseCache(1000, 100);
    on.set("/a", "A");
    on.clear();
    expect(on.get("/a")).toBeUndefined();
  });
});
