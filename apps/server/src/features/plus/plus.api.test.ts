import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_PATHS, type PlusPricing } from "@quire/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";
import { bundledRates } from "./rates";
import { runRatesCommand } from "./rates-command";

const PLUS = API_PATHS["plus.get"];
const BETA = API_PATHS["admin.betaSignups"];
const ME = API_PATHS["me.update"];
// The bundled table is of 2025-06-02: stale on this clock. Imported rates below are of the day before it.
const NOW = new Date("2026-11-26T12:00:00Z");

async function csvFile(text: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "quire-rates-")), "rates.csv");
  await writeFile(path, text);
  return path;
}

describe.each(dialectsUnderTest())("Quire Plus API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { clock: () => NOW, env: () => ({ QUIRE_PLUS_PRICES: "monthly=4.99,yearly=49.99" }) });
  const pricing = async (query = "") => {
    const response = await t.app.inject({ method: "GET", url: `${PLUS}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.json<PlusPricing>(), headers: response.headers };
  };
  afterEach(() => vi.restoreAllMocks());

  describe("with the bundled rates", () => {
    it("answers the USD prices, the rates table and its date, cacheable by anyone", async () => {
      const { body, headers } = await pricing();
      expect(body).toMatchObject({
        usd: { monthly: 4.99, yearly: 49.99 },
        currency: "USD",
        prices: { monthly: 4.99, yearly: 49.99 },
        missingRate: false,
        ratesDate: bundledRates().date,
        stale: true,
      });
      expect(Object.keys(body.rates).length).toBeGreaterThanOrEqual(30);
      expect(headers["cache-control"]).toBe("public, max-age=3600");
    });

    it("converts to a currency it knows and rounds to a local price", async () => {
      const { body } = await pricing("?currency=eur");
      expect(body).toMatchObject({ currency: "EUR", prices: { monthly: 4.99, yearly: 43.99 }, missingRate: false });
      expect((await pricing("?currency=JPY")).body.prices).toEqual({ monthly: 720, yearly: 7200 });
    });

    it("falls back to USD, saying so, for a currency without a rate", async () => {
      const { body } = await pricing("?currency=XCD");
      expect(body).toMatchObject({ currency: "USD", prices: { monthly: 4.99, yearly: 49.99 }, missingRate: true });
    });

    it("refuses a malformed currency", async () => {
      const response = await t.app.inject({ method: "GET", url: `${PLUS}?currency=euro` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("invalid-argument");
    });
  });

  describe("quire rates import", () => {
    const ctx = () => ({ database: testDb.handle, clock: () => NOW });

    it("refuses a table with a bad line and keeps the rates in use", async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const file = await csvFile("date,currency,rate\n2026-11-25,EUR,0.9\n2026-11-25,GBP,-1\n");
      expect(await runRatesCommand(ctx(), ["import", file])).toBe(1);
      expect(errors.mock.calls.join(" ")).toContain('Line 3: "-1" is not a positive rate.');
      expect((await pricing()).body.ratesDate).toBe(bundledRates().date);
    });

    it("stores a valid table, which then wins over the bundled one and is fresh", async () => {
      vi.spyOn(console, "log").mockImplementation(() => undefined);
      const file = await csvFile("# test rates\ndate,currency,rate\n2026-11-25,EUR,2\n2026-11-25,JPY,100\n");
      expect(await runRatesCommand(ctx(), ["import", file])).toBe(0);
      const { body } = await pricing("?currency=EUR");
      expect(body).toMatchObject({
        currency: "EUR",
        prices: { monthly: 9.99, yearly: 99.99 },
        ratesDate: "2026-11-25",
        stale: false,
        rates: { EUR: 2, JPY: 100, USD: 1 },
      });
      expect((await pricing("?currency=GBP")).body).toMatchObject({ currency: "USD", missingRate: true });
    });
  });

  describe("beta sign-up", () => {
    it("lets a reader join the beta through their profile, and an administrator list them page by page", async () => {
      const reader = await createSignedInUser(testDb.db, { createdAt: "2026-11-20T10:00:00.000Z" });
      const earlier = await createUser(testDb.db, { signUpForBeta: 1, createdAt: "2026-11-19T10:00:00.000Z" });
      await createUser(testDb.db, { signUpForBeta: 0 });
      const admin = await createSignedInUser(testDb.db, { roles: toJson(["reader", "admin"]) });

      const joined = await t.app.inject({
        method: "PATCH",
        url: ME,
        headers: reader.headers,
        payload: { signUpForBeta: true },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json().user.signUpForBeta).toBe(true);

      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = cursor ? `${BETA}?cursor=${encodeURIComponent(cursor)}` : BETA;
        const response = await t.app.inject({ method: "GET", url, headers: admin.headers });
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json<{
          items: { id: string; email: string; username: string; joinedAt: string }[];
          nextCursor: string | null;
        }>();
        all.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(all).toContain(reader.user.id);
      expect(all.indexOf(reader.user.id)).toBeLessThan(all.indexOf(earlier.id));
      expect(all).toHaveLength(new Set(all).size);
    });

    it("answers the list with 403 to a reader who is not an administrator and 401 to a visitor", async () => {
      const reader = await createSignedInUser(testDb.db);
      const refused = await t.app.inject({ method: "GET", url: BETA, headers: reader.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe("Only administrators can do this.");
      expect((await t.app.inject({ method: "GET", url: BETA })).statusCode).toBe(401);
    });

    it("refuses a cursor it did not make", async () => {
      const admin = await createSignedInUser(testDb.db, { roles: toJson(["reader", "admin"]) });
      const response = await t.app.inject({ method: "GET", url: `${BETA}?cursor=nonsense`, headers: admin.headers });
      expect(response.statusCode).toBe(400);
    });
  });
});
