import { STAR_SCORE_DELTA } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { bookCounters, failInsertsFor } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("stars, lists and launch subscriptions API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let clockMs = Date.parse("2026-11-21T10:00:00.000Z");
  const tick = () => {
    clockMs += 1000;
    return new Date(clockMs);
  };
  const t = useTestApp(testDb, { clock: tick });

  type Headers = Record<string, string>;
  const call = (method: "GET" | "PUT" | "DELETE", url: string, headers: Headers = {}) =>
    t.app.inject({ method, url, headers });
  const starUrl = (bookId: string) => `/api/v1/books/${bookId}/star`;
  const launchUrl = (bookId: string) => `/api/v1/books/${bookId}/launch-subscription`;
  const stateUrl = (bookId: string) => `/api/v1/books/${bookId}/viewer-state`;
  const listUrl = (list: string, bookId: string) => `/api/v1/me/lists/${list}/${bookId}`;
  const signedIn = () => createSignedInUser(testDb.db);
  const scheduledBook = () =>
    createBook(testDb.db, {
      book: { status: "scheduled", launchedDate: new Date(clockMs + 86_400_000).toISOString() },
    });

  it("asks visitors to log in before starring, listing or subscribing", async () => {
    const book = await createBook(testDb.db);
    const scheduled = await scheduledBook();
    for (const [method, url] of [
      ["PUT", starUrl(book.id)],
      ["DELETE", starUrl(book.id)],
      ["PUT", launchUrl(scheduled.id)],
      ["DELETE", launchUrl(scheduled.id)],
      ["GET", "/api/v1/me/lists"],
      ["PUT", listUrl("reading", book.id)],
      ["DELETE", `/api/v1/me/lists/${book.id}`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toEqual({
        code: "unauthenticated",
        message: "Please login!",
        reason: "not_logged_in",
      });
    }
  });

  it("stars and unstars idempotently, moving the count and the score with the rows", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const book = await createBook(testDb.db, { book: { interactionScore: 100 } });
    const first = await call("PUT", starUrl(book.id), alice.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ starred: true, nUserStarred: 1 });
    expect((await call("PUT", starUrl(book.id), alice.headers)).json()).toEqual({ starred: true, nUserStarred: 1 });
    expect((await call("PUT", starUrl(book.id), bob.headers)).json()).toEqual({ starred: true, nUserStarred: 2 });
    let counters = await bookCounters(testDb.db, book.id);
    expect(counters).toMatchObject({ nUserStarred: 2, stars: 2, interactionScore: 100 + 2 * STAR_SCORE_DELTA });
    expect(counters.lastInteractedAt).toBe(new Date(clockMs).toISOString());

    expect((await call("DELETE", starUrl(book.id), alice.headers)).json()).toEqual({ starred: false, nUserStarred: 1 });
    expect((await call("DELETE", starUrl(book.id), alice.headers)).json()).toEqual({ starred: false, nUserStarred: 1 });
    counters = await bookCounters(testDb.db, book.id);
    expect(counters).toMatchObject({ nUserStarred: 1, stars: 1, interactionScore: 100 + STAR_SCORE_DELTA });
    const stars = await testDb.db.selectFrom("stars").select("userId").where("bookId", "=", book.id).execute();
    expect(stars).toEqual([{ userId: bob.user.id }]);
  });

  it("never lets a star take the score below 0", async () => {
    const { headers } = await signedIn();
    const book = await createBook(testDb.db);
    await call("PUT", starUrl(book.id), headers);
    await testDb.db.updateTable("books").set({ interactionScore: 2 }).where("id", "=", book.id).execute();
    await call("DELETE", starUrl(book.id), headers);
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ interactionScore: 0, nUserStarred: 0, stars: 0 });
  });

  it("does not star unknown or hidden books", async () => {
    const { headers } = await signedIn();
    const hidden = await createBook(testDb.db, { book: { display: 0 } });
    for (const id of ["no-such-book", hidden.id]) {
      for (const method of ["PUT", "DELETE"] as const) {
        const response = await call(method, starUrl(id), headers);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: "not-found", message: "Book not found" });
      }
    }
    expect(await bookCounters(testDb.db, hidden.id)).toMatchObject({ nUserStarred: 0, stars: 0 });
  });

  it("refuses to star a book before its launch (issue 17 finding 9), but lets a star be taken back", async () => {
    const { user, headers } = await signedIn();
    const book = await scheduledBook();
    const refused = await call("PUT", starUrl(book.id), headers);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error).toEqual({
      code: "failed-precondition",
      message: "This book has not launched yet. Subscribe to hear when it does.",
    });
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nUserStarred: 0, stars: 0, interactionScore: 0 });
    const activities = await testDb.db.selectFrom("activities").select("verb").where("actorId", "=", user.id).execute();
    expect(activities).toEqual([]);
    expect((await call("DELETE", starUrl(book.id), headers)).json()).toEqual({ starred: false, nUserStarred: 0 });
  });

  it("keeps a book in one list at a time, and lists each list's books newest first", async () => {
    const { user, headers } = await signedIn();
    const [a, b, c] = [await createBook(testDb.db), await createBook(testDb.db), await createBook(testDb.db)];
    const put = await call("PUT", listUrl("want-to-read", a.id), headers);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ bookId: a.id, list: "want-to-read", addedAt: new Date(clockMs).toISOString() });
    // Putting it where it already is keeps its date.
    expect((await call("PUT", listUrl("want-to-read", a.id), headers)).json().addedAt).toBe(put.json().addedAt);
    await call("PUT", listUrl("want-to-read", b.id), headers);
    await call("PUT", listUrl("finished", c.id), headers);
    const moved = await call("PUT", listUrl("reading", a.id), headers);
    expect(moved.json()).toMatchObject({ bookId: a.id, list: "reading" });
    const entries = await testDb.db
      .selectFrom("listEntries")
      .select(["bookId", "list"])
      .where("userId", "=", user.id)
      .execute();
    expect(entries).toHaveLength(3);

    const lists = await call("GET", "/api/v1/me/lists", headers);
    expect(lists.statusCode, lists.body).toBe(200);
    const ids = (entries: { book: { id: string } }[]) => entries.map((entry) => entry.book.id);
    expect(ids(lists.json().lists["want-to-read"])).toEqual([b.id]);
    expect(ids(lists.json().lists.reading)).toEqual([a.id]);
    expect(ids(lists.json().lists.finished)).toEqual([c.id]);
    expect(lists.json().lists.reading[0]).toMatchObject({ book: { title: a.title }, addedAt: moved.json().addedAt });

    const removed = await call("DELETE", `/api/v1/me/lists/${a.id}`, headers);
    expect(removed.json()).toEqual({ bookId: a.id, list: null, addedAt: null });
    expect((await call("DELETE", `/api/v1/me/lists/${a.id}`, headers)).statusCode).toBe(200);
    expect((await call("GET", "/api/v1/me/lists", headers)).json().lists.reading).toEqual([]);
    // The profile's systemLists read the same rows.
    const me = await call("GET", "/api/v1/me", headers);
    expect(me.json().user.systemLists).toEqual({ "want-to-read": [b.id], reading: [], finished: [c.id] });
  });

  it("refuses unknown lists and books; a hidden book leaves the lists page but can still be removed", async () => {
    const { headers } = await signedIn();
    const book = await createBook(testDb.db);
    const unknownList = await call("PUT", listUrl("favourites", book.id), headers);
    expect(unknownList.statusCode).toBe(400);
    expect(unknownList.json().error.code).toBe("invalid-argument");
    for (const response of [
      await call("PUT", listUrl("reading", "no-such-book"), headers),
      await call("DELETE", "/api/v1/me/lists/no-such-book", headers),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "not-found", message: "Book not found" });
    }
    await call("PUT", listUrl("reading", book.id), headers);
    await testDb.db.updateTable("books").set({ display: 0 }).where("id", "=", book.id).execute();
    expect((await call("PUT", listUrl("finished", book.id), headers)).statusCode).toBe(404);
    expect((await call("GET", "/api/v1/me/lists", headers)).json().lists.reading).toEqual([]);
    expect((await call("DELETE", `/api/v1/me/lists/${book.id}`, headers)).json()).toMatchObject({ list: null });
  });

  it("subscribes to a scheduled book's launch, and refuses other books with 412", async () => {
    const { user, headers } = await signedIn();
    const book = await scheduledBook();
    expect((await call("PUT", launchUrl(book.id), headers)).json()).toEqual({ subscribed: true });
    expect((await call("PUT", launchUrl(book.id), headers)).json()).toEqual({ subscribed: true });
    const rows = () => testDb.db.selectFrom("launchSubscriptions").selectAll().where("bookId", "=", book.id).execute();
    expect(await rows()).toEqual([{ bookId: book.id, userId: user.id, createdAt: expect.any(String) }]);
    expect((await call("DELETE", launchUrl(book.id), headers)).json()).toEqual({ subscribed: false });
    expect(await rows()).toEqual([]);

    const launched = await createBook(testDb.db);
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await call(method, launchUrl(launched.id), headers);
      expect(response.statusCode).toBe(412);
      expect(response.json().error).toEqual({
        code: "failed-precondition",
        message: "Launch notifications are only for books that are scheduled to launch.",
      });
    }
    expect((await call("PUT", launchUrl("no-such-book"), headers)).statusCode).toBe(404);
  });

  it("shows the viewer's own star, list, subscription and progress; visitors and others see none", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    // Starred and read while it was out, then taken back to a scheduled launch (so one can subscribe).
    const book = await createBook(testDb.db);
    const nothing = { starred: false, list: null, subscribed: false, progress: null };
    expect((await call("GET", stateUrl(book.id), alice.headers)).json()).toEqual(nothing);
    await call("PUT", starUrl(book.id), alice.headers);
    await call("PUT", listUrl("want-to-read", book.id), alice.headers);
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/v1/books/${book.id}/progress`,
      headers: alice.headers,
      payload: { progress: 30, currentChapter: "chapter-2", epubPosition: { anchorId: "chapter-2", offset: 0.1 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await testDb.db.updateTable("books").set({ status: "scheduled" }).where("id", "=", book.id).execute();
    await call("PUT", launchUrl(book.id), alice.headers);

    const state = await call("GET", stateUrl(book.id), alice.headers);
    expect(state.statusCode, state.body).toBe(200);
    expect(state.headers["cache-control"]).toBe("private, no-store");
    expect(state.json()).toEqual({ starred: true, list: "reading", subscribed: true, progress: saved.json().progress });
    expect((await call("GET", stateUrl(book.id), bob.headers)).json()).toEqual(nothing);
    expect((await call("GET", stateUrl(book.id))).json()).toEqual(nothing);
    const unknown = await call("GET", stateUrl("no-such-book"), alice.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it("never lets one user's removals touch another user's star, list entry or subscription", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    // Starred while it was out, then taken back to a scheduled launch.
    const book = await createBook(testDb.db);
    await call("PUT", starUrl(book.id), alice.headers);
    await testDb.db.updateTable("books").set({ status: "scheduled" }).where("id", "=", book.id).execute();
    await call("PUT", listUrl("want-to-read", book.id), alice.headers);
    await call("PUT", launchUrl(book.id), alice.headers);
    expect((await call("DELETE", starUrl(book.id), bob.headers)).json()).toEqual({ starred: false, nUserStarred: 1 });
    expect((await call("DELETE", `/api/v1/me/lists/${book.id}`, bob.headers)).statusCode).toBe(200);
    expect((await call("DELETE", launchUrl(book.id), bob.headers)).statusCode).toBe(200);
    expect((await call("GET", "/api/v1/me/lists", bob.headers)).json().lists["want-to-read"]).toEqual([]);
    expect((await call("GET", stateUrl(book.id), alice.headers)).json()).toEqual({
      starred: true,
      list: "want-to-read",
      subscribed: true,
      progress: null,
    });
  });

  it("answers with the catalogue's failure messages when the database fails", async () => {
    const { headers } = await signedIn();
    const book = await createBook(testDb.db);
    const scheduled = await scheduledBook();
    const cases = [
      { table: "stars", bookId: book.id, url: starUrl(book.id), message: "Failed to toggle book star." },
      {
        table: "list_entries",
        bookId: book.id,
        url: listUrl("reading", book.id),
        message: "Error updating reading list.",
      },
      {
        table: "launch_subscriptions",
        bookId: scheduled.id,
        url: launchUrl(scheduled.id),
        message: "Failed to subscribe to book notifications",
      },
    ] as const;
    for (const { table, bookId, url, message } of cases) {
      const restore = await failInsertsFor(testDb.db, dialect, table, bookId);
      try {
        const response = await call("PUT", url, headers);
        expect(response.statusCode).toBe(500);
        expect(response.json().error).toEqual({ code: "internal", message });
      } finally {
        await restore();
      }
    }
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nUserStarred: 0, stars: 0 });
  });
});
