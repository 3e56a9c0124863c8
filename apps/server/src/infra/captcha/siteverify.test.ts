import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteverifyVerifier } from "./siteverify";

/**
 * A local stand-in for Google's and Cloudflare's siteverify endpoints: it checks the secret and
 * accepts the token "good" once, as the real services do.
 */
function startSiteverify(secret: string) {
  const received: URLSearchParams[] = [];
  const used = new Set<string>();
  let failWith: number | undefined;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      received.push(form);
      if (failWith) {
        response.writeHead(failWith).end();
        return;
      }
      const token = form.get("response") ?? "";
      const errors: string[] = [];
      if (form.get("secret") !== secret) errors.push("invalid-input-secret");
      if (token !== "good") errors.push("invalid-input-response");
      else if (used.has(token)) errors.push("timeout-or-duplicate");
      if (errors.length === 0) used.add(token);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ success: errors.length === 0, "error-codes": errors }));
    });
  });
  return {
    received,
    failNextWith(status: number | undefined) {
      failWith = status;
    },
    reset: () => used.clear(),
    listen: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(urlOf(server)))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;

describe.each(["recaptcha", "turnstile"] as const)("%s verification", (kind) => {
  const stand = startSiteverify("the-secret");
  let url = "";
  beforeAll(async () => {
    url = await stand.listen();
  });
  afterAll(() => stand.close());

  const verifier = (secretKey = "the-secret", verifyUrl = url) =>
    new SiteverifyVerifier({ kind, siteKey: "site-key", secretKey, verifyUrl, logger: pino({ level: "silent" }) });

  it("tells the web which widget to show", async () => {
    expect(await verifier().challenge()).toEqual({ kind, siteKey: "site-key" });
  });

  it("posts the secret, the token and the client's address, and accepts what the service accepts once", async () => {
    stand.reset();
    expect(await verifier().verify("good", "203.0.113.7")).toBe(true);
    expect(Object.fromEntries(stand.received.at(-1) ?? [])).toEqual({
      secret: "the-secret",
      response: "good",
      remoteip: "203.0.113.7",
    });
    expect(await verifier().verify("good", undefined)).toBe(false);
    expect(stand.received.at(-1)?.has("remoteip")).toBe(false);
  });

  it("refuses a bad token, a wrong secret, a failing service and an unreachable one", async () => {
    stand.reset();
    expect(await verifier().verify("bad", undefined)).toBe(false);
    expect(await verifier("wrong-secret").verify("good", undefined)).toBe(false);
    stand.failNextWith(500);
    expect(await verifier().verify("good", undefined)).toBe(false);
    stand.failNextWith(undefined);
    expect(await verifier("the-secret", "http://127.0.0.1:1/siteverify").verify("good", undefined)).toBe(false);
    expect(await verifier().verify("good", undefined)).toBe(true);
  });
});
