import { type FeedPage, READING_ACTIVITY_LIMIT, type ReadingActivity } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { activitiesRepository } from "../feed/activities.repository";

type Headers = Record<string, string>;

describe.each(dialectsUnderTest())("reading activity API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // One second per reading of the clock, so "most recent first" is well defined; an hour back, as
  // the factories' sessions start at the real now.
  let clockMs = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
  const t = useTestApp(testDb, {
    clock: () => {
      clockMs += 1000;
      return new Date(clockMs);
    },
  });

  const call = async (method: "GET" | "PUT" | "PATCH", url: string, headers: Headers = {}, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const activityOf = (userId: string, headers?: Headers): Promise<ReadingActivity> =>
    call("GET", `/api/v1/users/${userId}/reading`, headers);
  const ids = (activity: ReadingActivity) => ({
    hidden: activity.hidden,
    reading: activity.reading.map((book) => book.id),
    finished: activity.finished.map((book) => book.id),
    starred: activity.starred.map((book) => book.id),
  });
  // A place in a two-chapter book: the end of chapter 2 finishes it.
  const read = (headers: Headers, bookId: string, anchorId: string, offset: number) =>
    call("PUT", `/api/v1/books/${bookId}/progress`, headers, {
      progress: 0,
      currentChapter: anchorId,
      epubPosition: { anchorId, offset },
    });
  const star = (headers: Headers, bookId: string) => call("PUT", `/api/v1/books/${bookId}/star`, headers);
  const setPublic = (headers: Headers, readingActivityPublic: boolean) =>
    call("PATCH", "/api/v1/me", headers, { readingActivityPublic });

  it("shows anyone what a user is reading, has finished and starred, most recent first, never hidden books", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const [first, second, done, hidden] = [
      await createBook(testDb.db),
      await createBook(testDb.db),
      await createBook(testDb.db),
      await createBook(testDb.db),
    ];
    await read(reader.headers, first.id, "chapter-1", 0.3);
    await read(reader.headers, hidden.id, "chapter-1", 0.3);
    await read(reader.headers, second.id, "chapter-1", 0.5);
    await read(reader.headers, done.id, "chapter-2", 1);
    await star(reader.headers, done.id);
    await star(reader.headers, hidden.id);
    await star(reader.headers, first.id);
    await testDb.db.updateTable("books").set({ display: 0 }).where("id", "=", hidden.id).execute();
    // Someone else's reading is not this user's.
    await read(other.headers, done.id, "chapter-1", 0.1);

    const expected = {
      hidden: false,
      reading: [second.id, first.id],
      finished: [done.id],
      starred: [first.id, done.id],
    };
    expect(ids(await activityOf(reader.user.id))).toEqual(expected);
    expect(ids(await activityOf(reader.user.id, other.headers))).toEqual(expected);
    const activity = await activityOf(reader.user.id);
    expect(activity.finished[0]).toMatchObject({ id: done.id, title: done.title, nFinishedReads: 1, nUserStarred: 1 });
    expect(ids(await activityOf(other.user.id))).toEqual({
      hidden: false,
      reading: [done.id],
      finished: [],
      starred: [],
    });
  });

  it(`keeps only the ${READING_ACTIVITY_LIMIT} most recent books of a list`, async () => {
    const reader = await createSignedInUser(testDb.db);
    const starredIds: string[] = [];
    for (let i = 0; i <= READING_ACTIVITY_LIMIT; i++) {
      const book = await createBook(testDb.db, { chapters: 1 });
      await star(reader.headers, book.id);
      starredIds.unshift(book.id);
    }
    const { starred } = await activityOf(reader.user.id);
    expect(starred.map((book) => book.id)).toEqual(starredIds.slice(0, READING_ACTIVITY_LIMIT));
  });

  it("hides a user's activity from everyone but them once they switch it off, and shows it again", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    await read(reader.headers, book.id, "chapter-1", 0.5);
    await star(reader.headers, book.id);

    expect((await call("GET", "/api/v1/me", reader.headers)).user.readingActivityPublic).toBe(true);
    const switched = await setPublic(reader.headers, false);
    expect(switched.user.readingActivityPublic).toBe(false);
    const nothing = { hidden: true, reading: [], finished: [], starred: [] };
    expect(await activityOf(reader.user.id)).toEqual(nothing);
    expect(await activityOf(reader.user.id, other.headers)).toEqual(nothing);
    // The owner still sees their own, told that it is private.
    expect(ids(await activityOf(reader.user.id, reader.headers))).toEqual({
      hidden: true,
      reading: [book.id],
      finished: [],
      starred: [book.id],
    });

    await setPublic(reader.headers, true);
    expect(ids(await activityOf(reader.user.id, other.headers))).toMatchObject({ hidden: false, reading: [book.id] });
  });

  it("answers an unknown user like a missing one and refuses a malformed switch", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/users/nobody-here/reading" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not-found", message: "User not found" } });
    const reader = await createSignedInUser(testDb.db);
    const refused = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/me",
      headers: reader.headers,
      payload: { readingActivityPublic: "no" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("invalid-argument");
  });

  it("leaves a hidden user's reading out of followers' feeds, what was recorded before included, but not launches", async () => {
    const follower = await createSignedInUser(testDb.db);
    const reader = await createSignedInUser(testDb.db);
    const open = await createSignedInUser(testDb.db);
    const [started, finished, starred, launched] = [
      await createBook(testDb.db),
      await createBook(testDb.db),
      await createBook(testDb.db),
      await createBook(testDb.db),
    ];
    await call("PUT", `/api/v1/users/${reader.user.id}/follow`, follower.headers);
    await call("PUT", `/api/v1/users/${open.user.id}/follow`, follower.headers);
    await read(reader.headers, started.id, "chapter-1", 0.5);
    await read(reader.headers, finished.id, "chapter-2", 1);
    await star(reader.headers, starred.id);
    clockMs += 1000;
    await activitiesRepository.record(
      testDb.db,
      { actorId: reader.user.id, verb: "launched", bookId: launched.id },
      new Date(clockMs).toISOString(),
    );
    await star(open.headers, starred.id);
    const feed = async () =>
      ((await call("GET", "/api/v1/feed", follower.headers)) as FeedPage).items.map((item) => [
        item.type,
        item.actor.id,
        item.book.id,
      ]);
    const everything = [
      ["starred", open.user.id, starred.id],
      ["launched", reader.user.id, launched.id],
      ["starred", reader.user.id, starred.id],
      ["finished", reader.user.id, finished.id],
      ["started", reader.user.id, started.id],
    ];
    expect(await feed()).toEqual(everything);

    await setPublic(reader.headers, false);
    expect(await feed()).toEqual([
      ["starred", open.user.id, starred.id],
      ["launched", reader.user.id, launched.id],
    ]);
    await setPublic(reader.headers, true);
    expect(await feed()).toEqual(everything);
  });

  it("tells a private reader's followers nothing of the books they finish", async () => {
    const follower = await createSignedInUser(testDb.db);
    const reader = await createSignedInUser(testDb.db, { firstName: "Rita", lastName: "Page" });
    const [privately, openly] = [await createBook(testDb.db), await createBook(testDb.db)];
    await call("PUT", `/api/v1/users/${reader.user.id}/follow`, follower.headers);
    const finishedNews = async () => {
      await t.app.eventWorker.runOnce();
      const inbox: { items: { type: string; body: string }[] } = await call(
        "GET",
        "/api/v1/notifications",
        follower.headers,
      );
      return inbox.items.filter((item) => item.type === "read book").map((item) => item.body);
    };

    await setPublic(reader.headers, false);
    await read(reader.headers, privately.id, "chapter-2", 1);
    expect(await finishedNews()).toEqual([]);
    await setPublic(reader.headers, true);
    await read(reader.headers, openly.id, "chapter-2", 1);
    expect(await finishedNews()).toEqual([`Rita Page read ${openly.title}.`]);
  });
});
