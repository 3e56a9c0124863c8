import { mkdirSync } from "node:fs";
import type { Logger } from "pino";
import type { Config } from "./config";
import { createDatabase, type DatabaseHandle } from "./db/database";
import { type FileStorage, LocalFileStorage } from "./infra/storage";
import { createRootLogger } from "./logger";

/** Everything a request handler or job needs, built once per process (or per test) and passed down. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
  clock: () => Date;
}

export interface ContextOverrides {
  database?: DatabaseHandle;
  storage?: FileStorage;
  logger?: Logger;
  clock?: () => Date;
}

export function createContext(config: Config, overrides: ContextOverrides = {}): AppContext {
  if (!overrides.database || !overrides.storage) mkdirSync(config.filesDir, { recursive: true });
  return {
    config,
    database: overrides.database ?? createDatabase({ url: config.database.url }),
    storage: overrides.storage ?? new LocalFileStorage(config.filesDir),
    logger: overrides.logger ?? createRootLogger(config.logLevel),
    clock: overrides.clock ?? (() => new Date()),
  };
}
