import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { STORAGE_OPERATION_RETRY_MS } from "@quire/core";
import { afterEach, describe, expect, it } from "vitest";
import { type RetryClock, S3FileStorage } from "./s3-storage";

/** A clock whose sleeps only move it forward, so two minutes of retries take no real time. */
function fakeClock(): RetryClock & { elapsed(): number } {
  let now = 1_000_000;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    elapsed: () => now - 1_000_000,
  };
}

/** A bucket endpoint that answers each request with the next status of the script (the last one repeats). */
async function scriptedServer(statuses: number[]): Promise<{ server: Server; endpoint: string; requests(): number }> {
  let count = 0;
  const server = createServer((request, response) => {
    const status = statuses[Math.min(count, statuses.length - 1)] ?? 200;
    count += 1;
    request.resume();
    request.on("end", () => response.writeHead(status).end(status >= 400 ? "<Error>SlowDown</Error>" : ""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${port}`, requests: () => count };
}

describe("S3FileStorage retries (SPEC §9: storage operations retry for 2 minutes)", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  const storageAt = (endpoint: string, retryClock: RetryClock) =>
    new S3FileStorage({
      endpoint,
      bucket: "quire",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: undefined,
      retryClock,
    });

  it("tries a failing operation again with backoff and succeeds when the service recovers", async () => {
    const flaky = await scriptedServer([503, 500, 200]);
    servers.push(flaky.server);
    const clock = fakeClock();
    await expect(storageAt(flaky.endpoint, clock).put("covers/a.jpg", new Uint8Array([1]), "image/jpeg")).resolves.toBe(
      "/files/covers/a.jpg",
    );
    expect(flaky.requests()).toBe(3);
    // 1 s then 2 s (each with up to a second of jitter).
    expect(clock.elapsed()).toBeGreaterThanOrEqual(3000);
    expect(clock.elapsed()).toBeLessThanOrEqual(5000);
  });

  it("gives up with the service's answer once two minutes have passed since the first failure", async () => {
    const down = await scriptedServer([503]);
    servers.push(down.server);
    const clock = fakeClock();
    await expect(storageAt(down.endpoint, clock).read("covers/a.jpg")).rejects.toThrow(/failed with 503/);
    expect(clock.elapsed()).toBeLessThanOrEqual(STORAGE_OPERATION_RETRY_MS);
    expect(clock.elapsed()).toBeGreaterThan(STORAGE_OPERATION_RETRY_MS / 2);
    expect(down.requests()).toBeGreaterThanOrEqual(6);
  });

  it("retries an unreachable service too, and never a definite answer like 404", async () => {
    const gone = await scriptedServer([200]);
    const { endpoint } = gone;
    await new Promise((resolve) => gone.server.close(resolve));
    const clock = fakeClock();
    await expect(storageAt(endpoint, clock).exists("covers/a.jpg")).rejects.toThrow();
    expect(clock.elapsed()).toBeGreaterThan(STORAGE_OPERATION_RETRY_MS / 2);

    const missing = await scriptedServer([404]);
    servers.push(missing.server);
    expect(await storageAt(missing.endpoint, fakeClock()).read("covers/a.jpg")).toBeUndefined();
    expect(missing.requests()).toBe(1);
  });
});
