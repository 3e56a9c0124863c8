import { once } from "node:events";
import { PassThrough } from "node:stream";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createRootLogger, defaultLogFormat, subsystemLogger } from "./logger";

describe("log format", () => {
  it("is pretty only in development on a terminal", () => {
    expect(defaultLogFormat("development", true)).toBe("pretty");
    expect(defaultLogFormat(undefined, true)).toBe("pretty");
    expect(defaultLogFormat("production", true)).toBe("json");
    expect(defaultLogFormat("development", false)).toBe("json");
    expect(defaultLogFormat("test", false)).toBe("json");
  });
});

describe("pretty logs", () => {
  /** Lines as they reach the terminal, and a way to wait for the next one that matches. */
  function terminal() {
    const destination = new PassThrough();
    const lines: string[] = [];
    destination.setEncoding("utf8");
    destination.on("data", (chunk: string) => lines.push(...chunk.split("\n").filter(Boolean)));
    const waitFor = async (pattern: RegExp) => {
      while (!lines.some((line) => pattern.test(line))) await once(destination, "data");
    };
    return { destination, lines, waitFor };
  }

  it("writes one short line per request", async () => {
    const { destination, lines, waitFor } = terminal();
    const root = createRootLogger("info", { format: "pretty", destination });
    const app = Fastify({ loggerInstance: root.child({ name: "server" }) as FastifyBaseLogger });
    app.get("/api/v1/hello", async () => ({ hello: "world" }));
    try {
      expect((await app.inject({ method: "GET", url: "/api/v1/hello?x=1" })).statusCode).toBe(200);
      await waitFor(/GET \/api\/v1\/hello\?x=1 200 \d+ms/);
      // Pretty lines arrive in order, so once this one is in, anything the request logged is in too.
      subsystemLogger(root, "server:db").info("marker");
      await waitFor(/marker/);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/hello\?x=1 200 \d+ms$/);
      expect(lines[1]).toMatch(/INFO: \[server:db\] marker$/);
    } finally {
      await app.close();
    }
  });
});
