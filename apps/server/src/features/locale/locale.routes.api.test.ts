import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { API_PATHS } from "@quire/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { LOCALE_LOOKUPS_PER_IP_PER_MINUTE } from "./locale.routes";

const URL = API_PATHS["locale.get"];
const FALLBACK = { country: "US", currency: "USD", confidence: "low", source: "default" };
const guessed = (country: string, currency: string) => ({ country, currency, confidence: "medium", source: "ip" });

// Addresses whose country the bundled geo-whois-asn-country table states (checked against the package).
const KNOWN_ADDRESSES: [string, ReturnType<typeof guessed>][] = [
  ["81.2.69.142", guessed("GB", "GBP")],
  ["133.242.0.1", guessed("JP", "JPY")],
  ["8.8.8.8", guessed("US", "USD")],
  ["2a01:e00::1", guessed("FR", "EUR")],
  ["2001:4860:4860::8888", guessed("US", "USD")],
  ["::ffff:81.2.69.142", guessed("GB", "GBP")],
];

describe.each(dialectsUnderTest())("locale API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);

  describe("with the bundled database and no trusted proxy", () => {
    const t = useTestApp(testDb);
    const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: URL, remoteAddress, headers });

    it.each(KNOWN_ADDRESSES)("knows the country of %s", async (address, expected) => {
      const response = await ask(address);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(expected);
      expect(response.headers["cache-control"]).toBe("private");
    });

    // 192.168.1.1 is one the table wrongly gives a country: private addresses must never reach it.
    it.each(["127.0.0.1", "::1", "10.1.2.3", "192.168.1.1", "172.20.0.5", "fe80::1", "fd00::5", "::ffff:127.0.0.1"])(
      "answers the fallback for the private or loopback address %s",
      async (address) => {
        const response = await ask(address);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual(FALLBACK);
      },
    );

    it("ignores X-Forwarded-For without a trusted proxy", async () => {
      const response = await ask("127.0.0.1", { "x-forwarded-for": "81.2.69.142" });
      expect(response.json()).toEqual(FALLBACK);
    });

    it("limits lookups per address", async () => {
      const address = "133.242.0.9";
      for (let i = 0; i < LOCALE_LOOKUPS_PER_IP_PER_MINUTE; i++) {
        expect((await ask(address)).statusCode).toBe(200);
      }
      const refused = await ask(address);
      expect(refused.statusCode).toBe(429);
      expect((await ask("133.242.0.10")).statusCode).toBe(200);
    });
  });

  describe("behind one trusted proxy", () => {
    const t = useTestApp(testDb, { env: () => ({ QUIRE_TRUST_PROXY: "1" }) });

    it("reads the caller's address from X-Forwarded-For", async () => {
      const response = await t.app.inject({
        method: "GET",
        url: URL,
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": "2a01:e00::1" },
      });
      expect(response.json()).toEqual(guessed("FR", "EUR"));
    });
  });

  describe("with an external lookup service", () => {
    const asked: string[] = [];
    let server: Server;
    beforeAll(async () => {
      // Plain-text answers, as SPEC §7's service gives them: lower case and padded is still a country.
      const answers: Record<string, [number, string]> = {
        "/country/81.2.69.142": [200, " se\n"],
        "/country/133.242.0.1": [200, "Japan"],
        "/country/8.8.8.8": [503, "busy"],
      };
      server = createServer((request, response) => {
        asked.push(request.url ?? "");
        const [status, body] = answers[request.url ?? ""] ?? [404, "unknown"];
        response.writeHead(status, { "content-type": "text/plain" }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const t = useTestApp(testDb, {
      env: () => ({ QUIRE_IP_COUNTRY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/country/{ip}` }),
    });
    const ask = (remoteAddress: string) => t.app.inject({ method: "GET", url: URL, remoteAddress });

    it("uses the service's two-letter answer instead of the database", async () => {
      expect((await ask("81.2.69.142")).json()).toEqual(guessed("SE", "SEK"));
    });

    it("falls back when the service answers anything but two letters, or fails", async () => {
      expect((await ask("133.242.0.1")).json()).toEqual(FALLBACK);
      expect((await ask("8.8.8.8")).json()).toEqual(FALLBACK);
    });

    it("never sends it a private address", async () => {
      asked.length = 0;
      expect((await ask("10.0.0.1")).json()).toEqual(FALLBACK);
      expect(asked).toEqual([]);
    });
  });
});
