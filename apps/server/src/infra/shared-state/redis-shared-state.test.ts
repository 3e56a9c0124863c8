import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { AppError } from "@quire/core";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIS_TEST_URL, useTestRedis } from "../../../test/test-redis";
import { MemorySharedState } from "./memory-shared-state";
import { connectRedisSharedState, type RedisSharedState } from "./redis-shared-state";
import { createSharedState } from "./shared-state";

const silent = pino({ level: "silent" });

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
};

const until = async (condition: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("shared state in Redis", () => {
  const redis = useTestRedis();
  /** Two connections on one prefix: what two API processes hold. */
  let one: RedisSharedState;
  let two: RedisSharedState;

  beforeAll(async () => {
    const config = { url: REDIS_TEST_URL, keyPrefix: redis.prefix };
    [one, two] = await Promise.all([connectRedisSharedState(config, silent), connectRedisSharedState(config, silent)]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  describe("attempt limiter", () => {
    it("counts one window across connections and refuses the attempt after the last, with the seconds to wait", async () => {
      const limit = { name: "unit-sign-in", max: 4, windowMs: 60_000 };
      const [first, second] = [one.attemptLimiter(limit), two.attemptLimiter(limit)];
      for (const limiter of [first, second, first, second]) await limiter.hit("reader@example.test");
      const refused = await errorOf(second.hit("reader@example.test"));
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("resource-exhausted");
      const { retryAfterSeconds } = (refused as AppError).details as { retryAfterSeconds: number };
      expect(retryAfterSeconds).toBeGreaterThan(55);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      await first.hit("someone-else@example.test");
    });

    it("is exact under concurrency: of 60 simultaneous attempts from two connections, 25 pass", async () => {
      const limit = { name: "unit-race", max: 25, windowMs: 60_000 };
      const limiters = [one.attemptLimiter(limit), two.attemptLimiter(limit)];
      const results = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) => limiters[i % 2]?.hit("account-1") ?? Promise.resolve()),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(25);
    });

    it("resets for every connection, and a window ends by itself", async () => {
      const limit = { name: "unit-reset", max: 1, windowMs: 300 };
      const [first, second] = [one.attemptLimiter(limit), two.attemptLimiter(limit)];
      await first.hit("a");
      await expect(second.hit("a")).rejects.toThrow(AppError);
      await second.reset("a");
      await first.hit("a");
      await new Promise((resolve) => setTimeout(resolve, 400));
      await second.hit("a");
    });

    it("keeps no email in Redis: keys are hashed and expire", async () => {
      await one.attemptLimiter({ name: "unit-privacy", max: 5, windowMs: 60_000 }).hit("private.person@example.test");
      const keys = await redis.client.keys(`${redis.prefix}attempts:unit-privacy:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toContain("private");
      expect(await redis.client.pttl(keys[0] as string)).toBeGreaterThan(0);
    });
  });

  describe("captcha replay memory", () => {
    it("lets a token be claimed once across connections, and forgets it when it expires", async () => {
      const expiresAt = Date.now() + 60_000;
      expect(await one.captchaTokens.claim("signature-1", expiresAt)).toBe(true);
      expect(await two.captchaTokens.claim("signature-1", expiresAt)).toBe(false);
      expect(await one.captchaTokens.claim("signature-1", expiresAt)).toBe(false);
      expect(await two.captchaTokens.claim("signature-2", expiresAt)).toBe(true);
      const ttl = await redis.client.pttl(`${redis.prefix}captcha-used:signature-1`);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });
  });

  describe("rate-limit store", () => {
    type RouteStore = ReturnType<typeof routeStore>;
    const routeStore = (state: RedisSharedState, url: string) =>
      new state.rateLimit.store({}).child({ method: "GET", url } as Parameters<FastifyRateLimitStore["child"]>[0]);
    const incr = (store: RouteStore, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), 60_000, 10),
      );

    it("counts a route's key across connections, and each route on its own", async () => {
      const [searchOnOne, searchOnTwo] = [routeStore(one, "/api/v1/search"), routeStore(two, "/api/v1/search")];
      expect((await incr(searchOnOne, "10.0.0.1")).current).toBe(1);
      expect((await incr(searchOnTwo, "10.0.0.1")).current).toBe(2);
      const counted = await incr(searchOnOne, "10.0.0.1");
      expect(counted.current).toBe(3);
      expect(counted.ttl).toBeGreaterThan(55_000);
      expect((await incr(searchOnTwo, "10.0.0.2")).current).toBe(1);
      expect((await incr(routeStore(two, "/api/v1/books"), "10.0.0.1")).current).toBe(1);
    });
  });

  describe("public changes", () => {
    it("runs the announcing process's listeners at once and once, and the other's when the message arrives", async () => {
      let [seenByOne, seenByTwo] = [0, 0];
      one.publicChanges.onChange(() => {
        seenByOne += 1;
      });
      two.publicChanges.onChange(() => {
        seenByTwo += 1;
      });
      one.publicChanges.announce();
      expect(seenByOne).toBe(1);
      await until(() => seenByTwo === 1);
      two.publicChanges.announce();
      await until(() => seenByOne === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([seenByOne, seenByTwo]).toEqual([2, 2]);
    });
  });
});

describe("shared state when Redis cannot be reached", () => {
  let state: RedisSharedState;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails after its short deadline.
    state = await connectRedisSharedState({ url: "redis://127.0.0.1:1", keyPrefix: "unreachable:" }, silent);
  });
  afterAll(async () => {
    await state?.close();
  });

  it("refuses attempts with `unavailable` (fail closed) rather than letting them through", async () => {
    const refused = await errorOf(state.attemptLimiter({ name: "down", max: 100, windowMs: 60_000 }).hit("a"));
    expect((refused as AppError).code).toBe("unavailable");
    expect((refused as AppError).message).toBe("The server cannot check its limits right now. Please try again.");
  });

  it("refuses a captcha it cannot record, and announces changes locally without throwing", async () => {
    expect(await state.captchaTokens.claim("signature", Date.now() + 60_000)).toBe(false);
    let seen = 0;
    state.publicChanges.onChange(() => {
      seen += 1;
    });
    state.publicChanges.announce();
    expect(seen).toBe(1);
  });
});

describe("shared state without REDIS_URL", () => {
  it("is the in-process implementation", async () => {
    const state = await createSharedState({ redis: undefined }, silent);
    expect(state).toBeInstanceOf(MemorySharedState);
    expect(state.rateLimit).toEqual({});
    await state.close();
  });

  it("does not even load the Redis client (a fresh process tells)", async () => {
    const probe = (redisUrl: string | undefined) =>
      run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", LOADS_IOREDIS_PROBE], {
        cwd: SERVER_ROOT,
        env: { ...process.env, PROBE_REDIS_URL: redisUrl ?? "" },
      });
    expect((await probe(undefined)).stdout.trim()).toBe("ioredis loaded: false");
    expect((await probe(REDIS_TEST_URL)).stdout.trim()).toBe("ioredis loaded: true");
  });
});

const run = promisify(execFile);
const SERVER_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const LOADS_IOREDIS_PROBE = `
import { createRequire } from "node:module";
import { createSharedState } from "./src/infra/shared-state/shared-state.ts";
import { createRootLogger } from "./src/logger.ts";
const url = process.env.PROBE_REDIS_URL;
const state = await createSharedState({ redis: url ? { url, keyPrefix: "probe:" } : undefined }, createRootLogger("silent"));
await state.close();
const cached = Object.keys(createRequire(import.meta.url).cache);
console.log("ioredis loaded:", cached.some((path) => path.includes("/node_modules/ioredis/")));
`;
