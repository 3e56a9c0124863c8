import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import { type AppContext, createContext } from "./context";
import { migrateToLatest } from "./db/migrator";
import { ANALYTICS_MAINTENANCE_INTERVAL_MS, ANALYTICS_ROLLUP_INTERVAL_MS } from "./features/analytics";
import { subsystemLogger } from "./logger";
import { seedDemoContent } from "./seed/seed";

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  close(): Promise<void>;
}

/** Migrates, seeds the demo on an empty database, and listens. Everything `npm start` does at run time. */
export async function startServer(config: Config): Promise<RunningServer> {
  const ctx = createContext(config);
  const log = subsystemLogger(ctx.logger, "server:db");
  const applied = await migrateToLatest(ctx.database.db, ctx.database.dialect);
  if (applied.length > 0) log.info({ migrations: applied }, "database migrated");
  if (config.seedDemo === "auto") {
    const result = await seedDemoContent({ db: ctx.database.db, storage: ctx.storage, now: ctx.clock() });
    if (result.seeded) subsystemLogger(ctx.logger, "server:seed").info(result, "demo content seeded");
  }
  const app = await buildApp(ctx);
  const address = await app.listen({ port: config.port, host: config.host });
  app.eventWorker.start(config.eventWorker.intervalMs);
  app.launchWorker.start(config.launchWorker.intervalMs);
  app.pushSender.start(config.push.senderIntervalMs);
  app.analyticsRollup.start(ANALYTICS_ROLLUP_INTERVAL_MS);
  app.analyticsRollup.nudge();
  app.analyticsMaintenance.start(ANALYTICS_MAINTENANCE_INTERVAL_MS);
  app.analyticsMaintenance.nudge();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await app.close();
      await ctx.database.destroy();
    })();
    return closing;
  };
  return { app, ctx, url: address, close };
}

/** Stops cleanly on SIGINT/SIGTERM: finish in-flight requests, then close the database. */
export function closeOnSignals(server: RunningServer): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.ctx.logger.info({ signal }, "shutting down");
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.ctx.logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
