import { ANALYTICS_MAX_BATCH, API_PATHS } from "@quire/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { AnalyticsEventsRepository } from "./analytics-events.repository";
import { ANALYTICS_BATCHES_PER_IP_PER_MINUTE, ANALYTICS_BODY_LIMIT_BYTES } from "./analytics-events.routes";

describe.each(dialectsUnderTest())("analytics events on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);
  let addressCounter = 0;
  const freshAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  const pageView = (route = "/books/:bookId") => ({ name: "page_view", route, occurredAt: new Date().toISOString() });
  const send = (
    body: unknown,
    options: { headers?: Record<string, string>; remoteAddress?: string; contentType?: string } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: API_PATHS["analytics.events"],
      headers: { "content-type": options.contentType ?? "application/json", ...options.headers },
      remoteAddress: options.remoteAddress ?? freshAddress(),
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const rowsOfVisitor = (visitorId: string) =>
    testDb.db.selectFrom("analyticsEvents").selectAll().where("visitorId", "=", visitorId).execute();

  it("refuses a visitor's events without the consent flag, and stores nothing", async () => {
    const response = await send({ visitorId: "visitor-refused", events: [pageView()] });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: "permission-denied",
      message: "Analytics are collected only with consent.",
      reason: "analytics/no-consent",
    });
    expect(await rowsOfVisitor("visitor-refused")).toEqual([]);
  });

  it("refuses a signed-in reader who has not accepted tracking, even with the visitor flag", async () => {
    const reader = await createSignedInUser(testDb.db, { acceptedTracking: 0 });
    const response = await send(
      { consent: "granted", visitorId: "visitor-declined", events: [pageView()] },
      { headers: reader.headers },
    );
    expect(response.statusCode).toBe(403);
    expect(await rowsOfVisitor("visitor-declined")).toEqual([]);
  });

  it("refuses when the browser sends Global Privacy Control, whatever was chosen", async () => {
    const response = await send(
      { consent: "granted", visitorId: "visitor-gpc", events: [pageView()] },
      { headers: { "sec-gpc": "1" } },
    );
    expect(response.statusCode).toBe(403);
  });

  it("stores a consenting visitor's page views and events without a user id or the IP", async () => {
    const address = "10.99.12.34";
    const response = await send(
      {
        consent: "granted",
        visitorId: "visitor-allowed",
        events: [pageView(), { name: "search", properties: { results: 3 }, occurredAt: new Date().toISOString() }],
      },
      { remoteAddress: address, contentType: "text/plain;charset=UTF-8" },
    );
    expect(response.statusCode).toBe(202);
    const rows = await rowsOfVisitor("visitor-allowed");
    expect(rows.map((row) => [row.name, row.route, row.properties, row.userId]).sort()).toEqual([
      ["page_view", "/books/:bookId", null, null],
      ["search", null, '{"results":3}', null],
    ]);
    for (const row of rows) {
      expect(row.day).toBe(row.occurredAt.slice(0, 10));
      expect(Object.values(row).join(" ")).not.toContain(address);
    }
  });

  it("keeps the country of a public address, two letters, never the address", async () => {
    const address = "81.2.69.142";
    const body = { consent: "granted", visitorId: "visitor-abroad", events: [pageView()] };
    expect((await send(body, { remoteAddress: address })).statusCode).toBe(202);
    const [row] = await rowsOfVisitor("visitor-abroad");
    expect(row?.country).toBe("GB");
    expect(Object.values(row ?? {}).join(" ")).not.toContain("81.2.69");
  });

  it("attaches the user id only for a signed-in reader who accepted tracking", async () => {
    const reader = await createSignedInUser(testDb.db, { acceptedTracking: 1 });
    const response = await send({ visitorId: "visitor-reader", events: [pageView("/")] }, { headers: reader.headers });
    expect(response.statusCode).toBe(202);
    expect((await rowsOfVisitor("visitor-reader")).map((row) => row.userId)).toEqual([reader.user.id]);
  });

  it("keeps a client's time within a day of the server's", async () => {
    const farFuture = "2099-01-01T00:00:00.000Z";
    await send({ consent: "granted", visitorId: "visitor-clock", events: [{ ...pageView(), occurredAt: farFuture }] });
    const [row] = await rowsOfVisitor("visitor-clock");
    expect(Date.parse(row?.occurredAt ?? "")).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });

  it("refuses oversized batches, unknown events, raw addresses, bad JSON and bodies over the limit", async () => {
    const tooMany = Array.from({ length: ANALYTICS_MAX_BATCH + 1 }, () => pageView());
    const cases: [unknown, number][] = [
      [{ consent: "granted", events: tooMany }, 400],
      [{ consent: "granted", events: [] }, 400],
      [{ consent: "granted", events: [{ name: "clicked_ad", occurredAt: new Date().toISOString() }] }, 400],
      [{ consent: "granted", events: [pageView("/reset-password?token=secret")] }, 400],
      [{ consent: "granted", events: [pageView("https://quire.example/books/1")] }, 400],
      [
        { consent: "granted", events: [{ name: "search", properties: { query: "x".repeat(65) }, occurredAt: "now" }] },
        400,
      ],
      ["{not json", 400],
      [{ consent: "granted", events: [pageView()], padding: "x".repeat(ANALYTICS_BODY_LIMIT_BYTES) }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await send(body, { contentType: "text/plain" })).statusCode, JSON.stringify(body).slice(0, 80)).toBe(
        status,
      );
    }
  });

  it("says a body over the limit is too large", async () => {
    const padded = { consent: "granted", events: [pageView()], padding: "x".repeat(ANALYTICS_BODY_LIMIT_BYTES) };
    expect((await send(padded)).json().error.message).toBe("The request body is too large.");
  });

  it("refuses another site's page (Origin check), even as text/plain", async () => {
    const response = await send(
      { consent: "granted", visitorId: "visitor-cross-site", events: [pageView()] },
      { contentType: "text/plain", headers: { origin: "https://evil.example" } },
    );
    expect(response.statusCode).toBe(403);
    expect(await rowsOfVisitor("visitor-cross-site")).toEqual([]);
  });

  it("answers 429 past the per-address rate", async () => {
    const remoteAddress = "10.200.0.1";
    const body = { consent: "granted", events: [pageView()] };
    for (let i = 0; i < ANALYTICS_BATCHES_PER_IP_PER_MINUTE; i++) {
      expect((await send(body, { remoteAddress })).statusCode).toBe(202);
    }
    expect((await send(body, { remoteAddress })).statusCode).toBe(429);
    expect((await send(body, { remoteAddress: "10.200.0.2" })).statusCode).toBe(202);
  });

  it("maintenance makes today's partitions and drops events past retention", async () => {
    const old = { id: "old-event", name: "page_view", route: "/", occurredAt: "2020-01-01T00:00:00.000Z" };
    await testDb.db
      .insertInto("analyticsEvents")
      .values({
        ...old,
        userId: null,
        visitorId: null,
        country: null,
        properties: null,
        receivedAt: old.occurredAt,
        day: "2020-01-01",
      })
      .execute();
    const repository = new AnalyticsEventsRepository(testDb.db, dialect);
    expect(await repository.createPartitions(["2020-01-02"])).toBe(dialect === "postgres" ? 1 : 0);
    await t.app.analyticsMaintenance.runOnce();
    const today = new Date().toISOString().slice(0, 10);
    if (dialect === "postgres") {
      const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid where i.inhparent = 'analytics_events'::regclass`.execute(testDb.db);
      expect(rows.map((row) => row.name)).toContain(`analytics_events_p${today.replaceAll("-", "")}`);
      expect(rows.map((row) => row.name)).not.toContain("analytics_events_p20200102");
    }
    const left = await testDb.db.selectFrom("analyticsEvents").select("id").where("id", "=", "old-event").execute();
    expect(left).toEqual([]);
    // Events of today, stored before the partition existed, moved into it and are still there.
    expect(await testDb.db.selectFrom("analyticsEvents").select("id").where("day", "=", today).execute()).not.toEqual(
      [],
    );
  });
});
