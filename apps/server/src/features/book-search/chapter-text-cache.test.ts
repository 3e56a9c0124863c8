import { searchableText } from "@quire/core";
import { describe, expect, it } from "vitest";
import { ChapterTextCache } from "./chapter-text-cache";

describe("ChapterTextCache", () => {
  it("keeps at most its size in characters, dropping the least recently used first", () => {
    // Each text costs its characters twice (as written and folded): 20 units.
    const cache = new ChapterTextCache(50);
    const text = (label: string) => searchableText(label.repeat(10));
    cache.set("a", text("a"));
    cache.set("b", text("b"));
    expect(cache.get("a")?.text).toBe("aaaaaaaaaa");
    cache.set("c", text("c"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.size).toBe(2);
    // Set again under the same key, it replaces rather than adds; one too big for the whole cache is not kept.
    cache.set("c", text("d"));
    expect(cache.get("c")?.text).toBe("dddddddddd");
    cache.set("huge", searchableText("x".repeat(60)));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
