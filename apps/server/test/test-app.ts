import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type AppContext, createContext } from "../src/context";
import { createRootLogger } from "../src/logger";
import type { TestDatabase } from "./test-db";

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
}

/**
 * The real app on a real test database, driven with `app.inject` (no port opened).
 * `webDistDir` points at a folder holding a minimal index.html so page routes can be tested without a web build.
 */
export function useTestApp(
  testDb: TestDatabase,
  options: {
    clock?: () => Date;
    webDistDir?: string;
    publicCacheTtlMs?: number;
    env?: () => Record<string, string>;
  } = {},
): TestApp {
  let app: FastifyInstance | undefined;
  let ctx: AppContext | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "quire-test-"));
    const config = loadConfig({
      NODE_ENV: "test",
      QUIRE_DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      QUIRE_WEB_DIST: options.webDistDir ?? join(import.meta.dirname, "fixtures/web-dist"),
      // Tests change data between reads; the cache has its own test that turns it on.
      QUIRE_PUBLIC_CACHE_TTL_MS: String(options.publicCacheTtlMs ?? 0),
      // Evaluated in beforeAll, so values made by other hooks (an SMTP server's port) are ready.
      ...options.env?.(),
    });
    ctx = createContext(config, {
      database: testDb.handle,
      logger: createRootLogger(process.env.TEST_LOG_LEVEL ?? "silent"),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    app = await buildApp(ctx);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    get app() {
      if (!app) throw new Error("The test app is used before beforeAll ran");
      return app;
    },
    get ctx() {
      if (!ctx) throw new Error("The test app is used before beforeAll ran");
      return ctx;
    },
  };
}
