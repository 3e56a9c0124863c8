import pino, { type Logger } from "pino";

/** Every subsystem's logger is declared here, so log names are discoverable in one place. */
export const LOGGER_NAMES = [
  "server",
  "server:db",
  "server:web",
  "server:seed",
  "server:auth",
  "server:mail",
  "server:uploads",
  "server:events",
  "server:push",
  "server:studio",
  "cli",
] as const;
export type LoggerName = (typeof LOGGER_NAMES)[number];

const REDACT = ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'];

export function createRootLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: "[redacted]" } });
}

export function subsystemLogger(root: Logger, name: LoggerName): Logger {
  return root.child({ name });
}
