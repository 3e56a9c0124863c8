import type { LaunchResponse, StudioBook } from "@quire/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { createStudioServices } from "./studio-services";
import { studioClient } from "./studio-test-client";

const HOUR = 3_600_000;

describe.each(dialectsUnderTest())("scheduling and launching books on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // Near the wall clock: the factories' sessions last a day from the real now.
  let now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const t = useTestApp(testDb, { clock: () => now });
  const studio = studioClient(t, testDb);
  const { call, ok } = studio;
  const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();

  const subscribe = async (bookId: string, count: number) => {
    const users = [];
    for (let i = 0; i < count; i++) {
      const user = await createUser(testDb.db);
      await testDb.db
        .insertInto("launchSubscriptions")
        .values({ bookId, userId: user.id, createdAt: now.toISOString() })
        .execute();
      users.push(user.id);
    }
    return users;
  };
  const eventsFor = (bookId: string) =>
    testDb.db
      .selectFrom("userEvents")
      .selectAll()
      .where("targetResourceId", "=", bookId)
      .orderBy("targetUserId")
      .execute();
  const statusOf = (bookId: string) =>
    testDb.db
      .selectFrom("books")
      .select(["status", "launchedDate", "display"])
      .where("id", "=", bookId)
      .executeTakeFirstOrThrow();

  describe("schedule", () => {
    it("accepts only a launch date in the future, and shows the scheduled book", async () => {
      const author = await studio.author();
      const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
      const url = `/api/v1/studio/books/${bookId}/schedule`;
      for (const launchDate of [inHours(-1), now.toISOString()]) {
        const refused = await call("POST", url, author.headers, { launchDate });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.message).toBe("Choose a launch date in the future.");
      }
      expect((await call("POST", url, author.headers, { launchDate: "next week" })).statusCode).toBe(400);
      expect((await statusOf(bookId)).status).toBe("wip");

      const scheduled = await ok<StudioBook>(call("POST", url, author.headers, { launchDate: inHours(48) }));
      expect(scheduled.book).toMatchObject({ status: "scheduled", launchedDate: inHours(48), display: true });
      const page = (await call("GET", `/api/v1/books/${bookId}`, {})).json();
      expect(page.book).toMatchObject({ status: "scheduled", launchedDate: inHours(48) });
      // A new date may be set while it is scheduled.
      const moved = await ok<StudioBook>(call("POST", url, author.headers, { launchDate: inHours(2) }));
      expect(moved.book.launchedDate).toBe(inHours(2));
    });

    it("needs a chapter, and is refused once the book has launched", async () => {
      const author = await studio.author();
      const { book } = await studio.createBook(author.headers);
      const empty = await call("POST", `/api/v1/studio/books/${book.id}/schedule`, author.headers, {
        launchDate: inHours(5),
      });
      expect(empty.statusCode).toBe(412);
      expect(empty.json().error.message).toBe("Write at least one chapter first.");
      await studio.addChapter(author.headers, book.id, "One", "text");
      await ok(call("POST", `/api/v1/studio/books/${book.id}/launch`, author.headers));
      const late = await call("POST", `/api/v1/studio/books/${book.id}/schedule`, author.headers, {
        launchDate: inHours(5),
      });
      expect(late.statusCode).toBe(412);
      expect(late.json().error.message).toBe("This book has already launched.");
    });
  });

  describe("launch", () => {
    it("launches and writes one high-priority book-launched event per subscriber", async () => {
      const author = await studio.author({ firstName: "Lena", lastName: "Ward" });
      const bookId = await studio.bookWithChapters(author.headers, { One: "text" }, "Night Harbour");
      await ok(call("POST", `/api/v1/studio/books/${bookId}/schedule`, author.headers, { launchDate: inHours(24) }));
      const subscribers = await subscribe(bookId, 3);
      now = new Date(now.getTime() + HOUR);

      const launched = await ok<LaunchResponse>(call("POST", `/api/v1/studio/books/${bookId}/launch`, author.headers));
      expect(launched.notifiedSubscribers).toBe(3);
      expect(launched.book.book).toMatchObject({ status: "launched", launchedDate: now.toISOString(), display: true });
      const events = await eventsFor(bookId);
      expect(events.map((event) => event.targetUserId)).toEqual([...subscribers].sort());
      for (const event of events) {
        expect(event).toMatchObject({
          eventType: "book launched",
          priority: "high",
          triggeredByUserId: author.user.id,
          triggeredByUserName: "Lena Ward",
          targetResourceId: bookId,
          targetResourceType: "book",
          targetResourceName: "Night Harbour",
          createdAt: now.toISOString(),
        });
      }

      const again = await call("POST", `/api/v1/studio/books/${bookId}/launch`, author.headers);
      expect(again.statusCode).toBe(412);
      expect(again.json().error.message).toBe("Failed to launched book: it has already launched.");
      expect(await eventsFor(bookId)).toHaveLength(3);
    });

    it("refuses a book without chapters with the spec's message", async () => {
      const author = await studio.author();
      const { book } = await studio.createBook(author.headers);
      const refused = await call("POST", `/api/v1/studio/books/${book.id}/launch`, author.headers);
      expect(refused.statusCode).toBe(412);
      expect(refused.json().error.message).toBe("Failed to launched book: it has no chapters yet.");
    });

    it("launches nothing when the events cannot be written: status and events share one transaction", async () => {
      const author = await studio.author();
      const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
      await subscribe(bookId, 2);
      // Makes every insert into user_events fail, inside the launch's transaction.
      if (dialect === "sqlite") {
        await sql`create trigger refuse_events before insert on user_events begin select raise(abort, 'refused'); end`.execute(
          testDb.db,
        );
      } else {
        await sql`alter table user_events add constraint refuse_events check (event_type <> 'book launched') not valid`.execute(
          testDb.db,
        );
      }
      try {
        const failed = await call("POST", `/api/v1/studio/books/${bookId}/launch`, author.headers);
        expect(failed.statusCode).toBe(500);
        expect(failed.json().error.message).toBe("Failed to launched book: please try again.");
      } finally {
        await (dialect === "sqlite"
          ? sql`drop trigger refuse_events`
          : sql`alter table user_events drop constraint refuse_events`
        ).execute(testDb.db);
      }
      expect((await statusOf(bookId)).status).toBe("wip");
      expect(await eventsFor(bookId)).toHaveLength(0);
      const retried = await ok<LaunchResponse>(call("POST", `/api/v1/studio/books/${bookId}/launch`, author.headers));
      expect(retried.notifiedSubscribers).toBe(2);
    });
  });

  describe("launch worker", () => {
    it("launches scheduled books when the clock reaches their date, exactly once across concurrent ticks", async () => {
      const author = await studio.author();
      const books: string[] = [];
      for (const hours of [1, 2, 30]) {
        const bookId = await studio.bookWithChapters(author.headers, { One: "text" }, `Due in ${hours}h`);
        await ok(
          call("POST", `/api/v1/studio/books/${bookId}/schedule`, author.headers, { launchDate: inHours(hours) }),
        );
        await subscribe(bookId, 2);
        books.push(bookId);
      }
      const [first, second, later] = books as [string, string, string];

      expect(await t.app.launchWorker.tick()).toEqual([]);
      now = new Date(now.getTime() + 2 * HOUR);

      // Two processes' workers, and two ticks of this one, all at once.
      const hooks = { onPublicChange: () => {}, onEventsWritten: () => {} };
      const otherProcess = createStudioServices(t.ctx, hooks).launches;
      const thirdProcess = createStudioServices(t.ctx, hooks).launches;
      const results = await Promise.all([
        otherProcess.launchDue(),
        thirdProcess.launchDue(),
        t.app.launchWorker.tick(),
        t.app.launchWorker.tick(),
      ]);
      const launched = results.flat();
      // Books scheduled by earlier tests in this database may fall due too; none launches twice.
      expect(new Set(launched).size).toBe(launched.length);
      expect(launched.filter((id) => books.includes(id)).sort()).toEqual([first, second].sort());
      for (const bookId of [first, second]) {
        expect(await statusOf(bookId)).toMatchObject({ status: "launched", launchedDate: now.toISOString() });
        const events = await eventsFor(bookId);
        expect(events).toHaveLength(2);
        expect(events.every((event) => event.triggeredByUserId === author.user.id && event.priority === "high")).toBe(
          true,
        );
      }
      expect((await statusOf(later)).status).toBe("scheduled");
      expect(await eventsFor(later)).toHaveLength(0);
      expect(await t.app.launchWorker.tick()).toEqual([]);
    });

    it("leaves a book hidden since it was scheduled hidden when it launches", async () => {
      const author = await studio.author();
      const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
      await ok(call("POST", `/api/v1/studio/books/${bookId}/schedule`, author.headers, { launchDate: inHours(1) }));
      await ok(call("PATCH", `/api/v1/studio/books/${bookId}`, author.headers, { display: false }));
      now = new Date(now.getTime() + HOUR);
      expect(await t.app.launchWorker.tick()).toEqual([bookId]);
      expect(await statusOf(bookId)).toMatchObject({ status: "launched", display: 0 });
    });
  });

  it("lets a reader see the launched book's chapters", async () => {
    const author = await studio.author();
    const reader = await createSignedInUser(testDb.db);
    const bookId = await studio.bookWithChapters(author.headers, { Opening: "The *first* words." });
    await ok(call("POST", `/api/v1/studio/books/${bookId}/launch`, author.headers));
    const chapter = await call("GET", `/api/v1/books/${bookId}/chapters/chapter-1`, reader.headers);
    expect(chapter.statusCode, chapter.body).toBe(200);
    expect(chapter.json().chapter).toMatchObject({
      name: "Opening",
      html: "<h2>Opening</h2>\n<p>The <em>first</em> words.</p>",
    });
  });
});
