import type { Writable } from "node:stream";
import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";

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
  "server:analytics",
  "server:redis",
  "server:locale",
  "cli",
] as const;
export type LoggerName = (typeof LOGGER_NAMES)[number];

const REDACT = ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'];

export type LogFormat = "json" | "pretty";

/** A person at a terminal in development reads short lines; production, tests and pipes get JSON for machines. */
export function defaultLogFormat(
  nodeEnv = process.env.NODE_ENV,
  stdoutIsTerminal = process.stdout.isTTY === true,
): LogFormat {
  return nodeEnv !== "production" && stdoutIsTerminal ? "pretty" : "json";
}

export interface RootLoggerOptions {
  format?: LogFormat;
  /** Where pretty lines go (stdout unless a test reads them). */
  destination?: Writable;
}

export function createRootLogger(level: string, options: RootLoggerOptions = {}): Logger {
  const base: LoggerOptions = { level, redact: { paths: REDACT, censor: "[redacted]" } };
  if ((options.format ?? defaultLogFormat()) === "json") return pino(base);
  return pino(
    {
      ...base,
      // Fastify logs each request twice ("incoming request", then "request completed"); a terminal needs the second.
      hooks: {
        logMethod(args, method) {
          if (args[1] === "incoming request") return;
          method.apply(this, args);
        },
      },
      serializers: { res: (reply: FastifyReplyLike) => requestLine(reply) },
    },
    pretty({
      destination: options.destination,
      sync: !options.destination,
      translateTime: "HH:MM:ss",
      ignore: "pid,hostname,name,reqId,res,responseTime",
      messageFormat: (log, messageKey) => {
        const res = log.res as RequestLine | undefined;
        if (res && typeof log.responseTime === "number") {
          return `${res.method} ${res.url} ${res.statusCode} ${Math.round(log.responseTime)}ms`;
        }
        return log.name ? `[${log.name}] ${log[messageKey]}` : String(log[messageKey]);
      },
    }),
  );
}

interface FastifyReplyLike {
  statusCode: number;
  request?: { method: string; url: string };
}
interface RequestLine {
  method?: string;
  url?: string;
  statusCode: number;
}

function requestLine(reply: FastifyReplyLike): RequestLine {
  return { method: reply.request?.method, url: reply.request?.url, statusCode: reply.statusCode };
}

export function subsystemLogger(root: Logger, name: LoggerName): Logger {
  return root.child({ name });
}
