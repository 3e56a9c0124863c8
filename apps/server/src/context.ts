import { mkdirSync } from "node:fs";
import type { Logger } from "pino";
import type { Config } from "./config";
import { createDatabase, type DatabaseHandle } from "./db/database";
import { createMailer, type Mailer } from "./infra/email/mailer";
import { type PublicOrigin, publicOriginResolver } from "./infra/public-origin";
import { S3FileStorage } from "./infra/s3-storage";
import { type FileStorage, LocalFileStorage } from "./infra/storage";
import { createRootLogger, subsystemLogger } from "./logger";

/** Everything a request handler or job needs, built once per process (or per test) and passed down. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  publicOrigin: PublicOrigin;
}

export interface ContextOverrides {
  database?: DatabaseHandle;
  storage?: FileStorage;
  mailer?: Mailer;
  logger?: Logger;
  clock?: () => Date;
}

export function createContext(config: Config, overrides: ContextOverrides = {}): AppContext {
  if (!overrides.database || !overrides.storage) mkdirSync(config.filesDir, { recursive: true });
  const logger = overrides.logger ?? createRootLogger(config.logLevel);
  return {
    config,
    database: overrides.database ?? createDatabase({ url: config.database.url }),
    storage: overrides.storage ?? createStorage(config),
    mailer:
      overrides.mailer ?? createMailer(config.mail, subsystemLogger(logger, "server:mail"), { clock: overrides.clock }),
    logger,
    clock: overrides.clock ?? (() => new Date()),
    publicOrigin: publicOriginResolver({
      publicUrl: config.publicUrl,
      allowedHosts: config.allowedHosts,
      port: config.port,
    }),
  };
}

function createStorage(config: Config): FileStorage {
  const { storage } = config;
  return storage.kind === "s3" ? new S3FileStorage(storage) : new LocalFileStorage(config.filesDir);
}
