import { AppError } from "@quire/core";
import { describe, expect, it } from "vitest";
import { LocalPublicChanges, MemorySharedState } from "./memory-shared-state";

describe("the in-process shared state", () => {
  it("limits attempts per key in fixed windows on the given clock, and resets", async () => {
    let now = 0;
    const limiter = new MemorySharedState().attemptLimiter({ name: "test", max: 2, windowMs: 10_000 }, () => now);
    await limiter.hit("a");
    await limiter.hit("a");
    await limiter.hit("b");
    const refused = await limiter.hit("a").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toEqual({ retryAfterSeconds: 10 });
    await limiter.reset("a");
    await limiter.hit("a");
    await limiter.hit("a");
    now = 10_000;
    await limiter.hit("a");
  });

  it("lets a captcha token be claimed once", async () => {
    const tokens = new MemorySharedState().captchaTokens;
    expect(await tokens.claim("s", Date.now() + 60_000)).toBe(true);
    expect(await tokens.claim("s", Date.now() + 60_000)).toBe(false);
  });

  it("runs every listener when a change is announced", () => {
    const changes = new LocalPublicChanges();
    const seen: string[] = [];
    changes.onChange(() => seen.push("cache"));
    changes.onChange(() => seen.push("other"));
    changes.announce();
    expect(seen).toEqual(["cache", "other"]);
  });
});
