import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";

export const REDIS_TEST_URL = process.env.QUIRE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface TestRedis {
  /** A key prefix of this test file's own: its keys are deleted afterwards. */
  readonly prefix: string;
  /** A plain client, for looking at what the code under test stored. */
  readonly client: Redis;
}

/**
 * The Redis the test tier runs with (CI and this machine have one at 127.0.0.1:6379). Without it the
 * file fails with a message saying so: these tests are never skipped silently.
 */
export function useTestRedis(): TestRedis {
  const prefix = `quire-test:${randomBytes(6).toString("hex")}:`;
  let client: Redis | undefined;

  beforeAll(async () => {
    client = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // The refusal itself (ECONNREFUSED) comes as an event; connect() only says the connection closed.
    let refusal: unknown;
    client.on("error", (error) => {
      refusal = error;
    });
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      client.disconnect();
      throw new Error(
        `Redis is not reachable at ${REDIS_TEST_URL}: the Redis tests need one (start redis-server, or set QUIRE_TEST_REDIS_URL). ${String(refusal ?? error)}`,
      );
    }
  });

  afterAll(async () => {
    if (!client) return;
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  return {
    prefix,
    get client() {
      if (!client) throw new Error("The test Redis is used before beforeAll ran");
      return client;
    },
  };
}
