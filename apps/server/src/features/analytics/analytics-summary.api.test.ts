import { type AnalyticsSummary, API_PATHS } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";
import { AnalyticsSummaryRepository } from "./analytics-summary.repository";

const SUMMARY = API_PATHS["admin.analyticsSummary"];
const CSV = API_PATHS["admin.analyticsSummaryCsv"];
// Ten days of March end on the clock's day; the rollup may take days up to the 8th (before yesterday).
const NOW = new Date("2026-03-10T12:00:00.000Z");
const RANGE = { from: "2026-03-01", to: "2026-03-10" };
const DAYS = Array.from({ length: 10 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);

interface EventRow {
  id: string;
  name: string;
  userId: string | null;
  visitorId: string | null;
  day: string;
}

describe.each(dialectsUnderTest())("admin analytics summary on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { clock: () => NOW });
  const events: EventRow[] = [];
  const people: { createdAt: string; utm: string | null; emailVerified: 0 | 1; onboardedAt: string | null }[] = [];
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let bookA: string;
  let bookB: string;

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: "GET", url, headers });
  const summaryOf = async (query = RANGE) => {
    const response = await get(`${SUMMARY}?from=${query.from}&to=${query.to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AnalyticsSummary;
  };

  beforeAll(async () => {
    const db = testDb.db;
    admin = await createSignedInUser(db, { roles: toJson(["reader", "admin"]) });
    bookA = (await createBook(db, { book: { title: '=Alpha, the "first"' } })).id;
    bookB = (await createBook(db, { book: { title: "Beta" } })).id;
    // Day i (1-based) has i page views by (i mod 3) + 1 visitors, one signed-in reader's search, and a
    // page view on the 11th, outside the range.
    DAYS.forEach((day, i) => {
      for (let n = 0; n <= i; n++) {
        events.push({ id: `pv-${day}-${n}`, name: "page_view", userId: null, visitorId: `v${n % ((i % 3) + 1)}`, day });
      }
      events.push({ id: `search-${day}`, name: "search", userId: admin.user.id, visitorId: "v0", day });
    });
    events.push({ id: "pv-late", name: "page_view", userId: null, visitorId: "v9", day: "2026-03-11" });
    await db
      .insertInto("analyticsEvents")
      .values(
        events.map((e) => ({
          ...e,
          route: e.name === "page_view" ? "/books/:bookId" : null,
          country: "FR",
          properties: null,
          occurredAt: `${e.day}T08:00:00.000Z`,
          receivedAt: `${e.day}T08:00:01.000Z`,
        })),
      )
      .execute();

    // Sign-ups: four from a newsletter, two direct; three verified, two onboarded; one outside the range.
    const newsletter = toJson({
      source: "newsletter",
      medium: "email",
      capturedAt: NOW.toISOString(),
      expiresAt: NOW.toISOString(),
    });
    people.push(
      {
        createdAt: "2026-03-02T09:00:00.000Z",
        utm: newsletter,
        emailVerified: 1,
        onboardedAt: "2026-03-02T10:00:00.000Z",
      },
      {
        createdAt: "2026-03-02T23:59:59.000Z",
        utm: newsletter,
        emailVerified: 1,
        onboardedAt: "2026-03-03T10:00:00.000Z",
      },
      { createdAt: "2026-03-05T09:00:00.000Z", utm: newsletter, emailVerified: 1, onboardedAt: null },
      { createdAt: "2026-03-10T09:00:00.000Z", utm: newsletter, emailVerified: 0, onboardedAt: null },
      { createdAt: "2026-03-01T00:00:00.000Z", utm: null, emailVerified: 0, onboardedAt: null },
      { createdAt: "2026-03-07T09:00:00.000Z", utm: null, emailVerified: 0, onboardedAt: null },
      { createdAt: "2026-03-11T00:00:00.000Z", utm: newsletter, emailVerified: 1, onboardedAt: null },
    );
    const users = [];
    for (const person of people) users.push(await createUser(db, { ...person, updatedAt: person.createdAt }));
    const [first, second, third] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    // Two of them read: the first finished book A, the second started it; the third started book B.
    const progress = (userId: string, bookId: string, isRead: 0 | 1) => ({
      userId,
      bookId,
      progress: isRead ? 100 : 10,
      currentChapter: null,
      lastReadAt: "2026-03-06T09:00:00.000Z",
      isRead,
      epubPosition: null,
    });
    await db
      .insertInto("readingProgress")
      .values([progress(first.id, bookA, 1), progress(second.id, bookA, 0), progress(third.id, bookB, 0)])
      .execute();
    const activity = (actorId: string, verb: string, bookId: string, createdAt: string) => ({
      id: `${actorId}-${verb}-${bookId}`,
      actorId,
      verb,
      bookId,
      createdAt,
    });
    await db
      .insertInto("activities")
      .values([
        activity(first.id, "started", bookA, "2026-03-03T09:00:00.000Z"),
        activity(first.id, "finished", bookA, "2026-03-06T09:00:00.000Z"),
        activity(second.id, "started", bookA, "2026-03-06T10:00:00.000Z"),
        activity(third.id, "started", bookB, "2026-03-06T11:00:00.000Z"),
        activity(third.id, "starred", bookB, "2026-03-06T11:00:00.000Z"),
      ])
      .execute();
    // Book A launched in the range with two launch subscribers; B launched before it.
    await db.updateTable("books").set({ launchedDate: "2026-03-04T00:00:00.000Z" }).where("id", "=", bookA).execute();
    await db.updateTable("books").set({ launchedDate: "2026-02-01T00:00:00.000Z" }).where("id", "=", bookB).execute();
    await db
      .insertInto("launchSubscriptions")
      .values([first, second].map((u) => ({ bookId: bookA, userId: u.id, createdAt: "2026-03-03T00:00:00.000Z" })))
      .execute();
  });

  /** The expected daily event figures, counted from the inserted rows. */
  const expectedEventDays = () =>
    DAYS.map((day) => {
      const ofDay = events.filter((e) => e.day === day);
      return {
        day,
        pageViews: ofDay.filter((e) => e.name === "page_view").length,
        activeReaders: new Set(ofDay.map((e) => e.userId ?? e.visitorId)).size,
      };
    });

  it("counts every figure from the rows, live before any rollup", async () => {
    const summary = await summaryOf();
    expect(summary.rolledUpTo).toBeNull();
    expect(summary.days.map(({ day, pageViews, activeReaders }) => ({ day, pageViews, activeReaders }))).toEqual(
      expectedEventDays(),
    );
    const inRange = people.filter((p) => p.createdAt.slice(0, 10) <= RANGE.to);
    expect(summary.days.map((d) => d.signUps)).toEqual(
      DAYS.map((day) => inRange.filter((p) => p.createdAt.startsWith(day)).length),
    );
    expect(summary.days.find((d) => d.day === "2026-03-06")).toMatchObject({ readsStarted: 2, readsFinished: 1 });
    expect(summary.days.find((d) => d.day === "2026-03-03")).toMatchObject({ readsStarted: 1, readsFinished: 0 });
    expect(summary.funnel).toEqual({
      signedUp: inRange.length,
      verified: inRange.filter((p) => p.emailVerified).length,
      onboarded: inRange.filter((p) => p.onboardedAt).length,
      readFirstChapter: 3,
      finishedBook: 1,
    });
    expect(summary.campaigns).toEqual([
      { source: "newsletter", medium: "email", signUps: 4 },
      { source: "(none)", medium: "(none)", signUps: 2 },
    ]);
    expect(summary.topBooks).toEqual([
      { bookId: bookA, title: '=Alpha, the "first"', readsStarted: 2, readsFinished: 1 },
      { bookId: bookB, title: "Beta", readsStarted: 1, readsFinished: 0 },
    ]);
    expect(summary.launches).toEqual([
      { bookId: bookA, title: '=Alpha, the "first"', launchedDate: "2026-03-04T00:00:00.000Z", subscribers: 2 },
    ]);
  });

  it("rolls up closed days once, and answers the same figures from the rollup", async () => {
    const live = await summaryOf();
    const rolledDays = await t.app.analyticsRollup.runOnce();
    expect(rolledDays).toBe(8);
    const rows = () => testDb.db.selectFrom("analyticsDaily").selectAll().orderBy("day").orderBy("metric").execute();
    const afterFirst = await rows();
    expect(afterFirst.filter((r) => r.metric === "rolled").map((r) => r.day)).toEqual(DAYS.slice(0, 8));

    const rolled = await summaryOf();
    expect(rolled.rolledUpTo).toBe("2026-03-08");
    expect({ ...rolled, rolledUpTo: null }).toEqual(live);

    expect(await t.app.analyticsRollup.runOnce()).toBe(0);
    // Rolling a day again replaces its rows with the same figures.
    await new AnalyticsSummaryRepository(testDb.db, dialect).rollDay("2026-03-04");
    expect((await rows()).map((r) => ({ ...r, value: Number(r.value) }))).toEqual(
      afterFirst.map((r) => ({ ...r, value: Number(r.value) })),
    );
    // A range wholly inside the rolled days reads only the rollup.
    const early = await summaryOf({ from: "2026-03-02", to: "2026-03-04" });
    expect(early.days.map((d) => d.pageViews)).toEqual([2, 3, 4]);
  });

  it("exports the summary as CSV, quoting titles and defusing formulas", async () => {
    const response = await get(`${CSV}?from=${RANGE.from}&to=${RANGE.to}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="quire-analytics-2026-03-01-to-2026-03-10.csv"',
    );
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe("Daily");
    expect(lines[1]).toBe("day,active readers,page views,sign-ups,reads started,reads finished");
    expect(lines[2]).toBe("2026-03-01,2,1,1,0,0");
    expect(lines).toContain(`${bookA},"'=Alpha, the ""first""",2,1`);
    expect(lines).toContain("newsletter,email,4");
  });

  it("refuses visitors (401) and readers who are not administrators (403), even with a bad range", async () => {
    const reader = await createSignedInUser(testDb.db);
    for (const url of [`${SUMMARY}?from=2026-03-01&to=2026-03-02`, `${CSV}?from=x`]) {
      const visitor = await t.app.inject({ method: "GET", url });
      expect(visitor.statusCode).toBe(401);
      const notAdmin = await get(url, reader.headers);
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json()).toMatchObject({
        error: { code: "permission-denied", message: "Only administrators can do this." },
      });
    }
  });

  it.each([
    ["a start after the end", "from=2026-03-05&to=2026-03-01", "The start date must not be after the end date."],
    ["more than 366 days", "from=2025-01-01&to=2026-01-02", "Choose at most 366 days."],
    ["a day that does not exist", "from=2026-02-30&to=2026-03-01", "Use a date that exists."],
    ["no range", "", "from"],
  ])("refuses %s (400)", async (_case, query, message) => {
    const response = await get(`${SUMMARY}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(message);
  });
});
