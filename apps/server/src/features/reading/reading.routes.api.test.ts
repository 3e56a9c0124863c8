import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import {
  authorReaders,
  bookCounters,
  createAuthorOf,
  failInsertsFor,
  setChapterWords,
} from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import type { NewBook } from "../../db/schema";

type Book = NewBook & { id: string };

describe.each(dialectsUnderTest())("reading progress API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // Each request is one second after the previous one, so "most recent" is well defined.
  let clockMs = Date.parse("2026-11-21T10:00:00.000Z");
  const tick = () => {
    clockMs += 1000;
    return new Date(clockMs);
  };
  const t = useTestApp(testDb, { clock: tick });

  type Headers = Record<string, string>;
  const progressUrl = (bookId: string) => `/api/v1/books/${bookId}/progress`;
  const chapterUrl = (bookId: string, anchorId: string) => `/api/v1/books/${bookId}/chapters/${anchorId}/progress`;
  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: "GET", url, headers });
  const put = (url: string, payload: object, headers: Headers = {}) =>
    t.app.inject({ method: "PUT", url, payload, headers });
  const bookBody = (progress: number, anchorId = "chapter-1", offset = 0.5) => ({
    progress,
    currentChapter: anchorId,
    epubPosition: { anchorId, offset },
  });
  /** A place on the book route: the figure follows from it (the client's own figure is not asked). */
  const at = (anchorId: string, offset: number, readAt?: string) => ({
    ...bookBody(0, anchorId, offset),
    ...(readAt ? { readAt } : {}),
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  const reader = () => createSignedInUser(testDb.db, { firstName: "Ada", lastName: "Lovelace" });
  const listOf = async (userId: string, bookId: string) =>
    (
      await testDb.db
        .selectFrom("listEntries")
        .select("list")
        .where("userId", "=", userId)
        .where("bookId", "=", bookId)
        .executeTakeFirst()
    )?.list;

  it("asks visitors to log in, for reads and writes alike", async () => {
    const book = await createBook(testDb.db);
    for (const response of [
      await get(progressUrl(book.id)),
      await put(progressUrl(book.id), bookBody(10)),
      await put(chapterUrl(book.id, "chapter-1"), { progress: 10 }),
      await get("/api/v1/me/progress"),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: "unauthenticated",
        message: "Please login!",
        reason: "not_logged_in",
      });
    }
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nCurrentReads: 0, current: 0 });
  });

  it("answers an unread book with no progress, and unknown or hidden books with 'Book not found!'", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db);
    const hidden = await createBook(testDb.db, { book: { display: 0 } });
    expect((await get(progressUrl(book.id), headers)).json()).toEqual({ progress: null, chapters: [] });
    for (const id of ["no-such-book", hidden.id]) {
      for (const response of [
        await get(progressUrl(id), headers),
        await put(progressUrl(id), bookBody(10), headers),
        await put(chapterUrl(id, "chapter-1"), { progress: 10 }, headers),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: "not-found", message: "Book not found!" });
      }
    }
  });

  it("refuses chapters the book does not have, and malformed bodies", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 2 });
    for (const response of [
      await put(chapterUrl(book.id, "chapter-9"), { progress: 10 }, headers),
      await put(progressUrl(book.id), bookBody(10, "chapter-9"), headers),
      await put(
        chapterUrl(book.id, "chapter-1"),
        { progress: 10, epubPosition: { anchorId: "chapter-9", offset: 0 } },
        headers,
      ),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({
        code: "not-found",
        message: "This chapter does not exist in this book.",
      });
    }
    const missing = await put(progressUrl(book.id), { progress: 10 }, headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("invalid-argument");
    const badOffset = await put(progressUrl(book.id), bookBody(10, "chapter-1", 2), headers);
    expect(badOffset.statusCode).toBe(400);
    expect((await get(progressUrl(book.id), headers)).json()).toEqual({ progress: null, chapters: [] });
  });

  it("takes a chapterless book's own figure, clamped and rounded; the first record makes one current read", async () => {
    const { user, headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 0 });
    const first = await put(progressUrl(book.id), bookBody(42.6, "chapter-2", 0.25), headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      progress: {
        userId: user.id,
        bookId: book.id,
        progress: 43,
        currentChapter: "chapter-2",
        lastReadAt: expect.any(String),
        isRead: false,
        epubPosition: { anchorId: "chapter-2", offset: 0.25 },
      },
      chapters: [],
    });
    expect((await put(progressUrl(book.id), bookBody(-5), headers)).json().progress.progress).toBe(0);
    expect((await put(progressUrl(book.id), bookBody(Number.MAX_VALUE), headers)).json().progress.progress).toBe(100);
    const counters = await bookCounters(testDb.db, book.id);
    // One record, now finished: it counted once as a current read, then moved.
    expect(counters).toMatchObject({ nCurrentReads: 0, nFinishedReads: 1, current: 0, finished: 1 });
    expect(counters.lastInteractedAt).not.toBeNull();
    expect((await get(progressUrl(book.id), headers)).json().progress).toMatchObject({
      progress: 100,
      isRead: true,
      currentChapter: "chapter-1",
      epubPosition: { anchorId: "chapter-1", offset: 0.5 },
    });
  });

  it("files a started book under 'reading' and counts its reader for each author once", async () => {
    const { user, headers } = await reader();
    const [first, second] = [await createBook(testDb.db), await createBook(testDb.db)];
    const author = await createAuthorOf(testDb.db, [first.id, second.id]);
    await testDb.db
      .insertInto("listEntries")
      .values({ userId: user.id, bookId: first.id, list: "want-to-read", addedAt: new Date().toISOString() })
      .execute();
    await put(progressUrl(first.id), bookBody(10), headers);
    await put(progressUrl(first.id), bookBody(20), headers);
    await put(chapterUrl(second.id, "chapter-1"), { progress: 30 }, headers);
    expect(await listOf(user.id, first.id)).toBe("reading");
    expect(await listOf(user.id, second.id)).toBe("reading");
    expect(await bookCounters(testDb.db, first.id)).toMatchObject({ nCurrentReads: 1, current: 1 });
    expect(await bookCounters(testDb.db, second.id)).toMatchObject({ nCurrentReads: 1, current: 1 });
    expect(await authorReaders(testDb.db, author.id)).toEqual({ nReaders: 1, distinctReaders: 1 });
    const other = await reader();
    await put(progressUrl(second.id), bookBody(5), other.headers);
    expect(await authorReaders(testDb.db, author.id)).toEqual({ nReaders: 2, distinctReaders: 2 });
  });

  it("finishes a book once: counters move, the list changes, one 'read book' event, and it stays read", async () => {
    const { user, headers } = await reader();
    const book = await createBook(testDb.db, { book: { title: "The Finished Tale" } });
    await put(progressUrl(book.id), at("chapter-2", 0.2), headers);
    const done = await put(progressUrl(book.id), at("chapter-2", 1), headers);
    expect(done.json().progress).toMatchObject({ progress: 100, isRead: true });
    expect((await put(progressUrl(book.id), at("chapter-2", 1), headers)).json().progress.isRead).toBe(true);
    // A re-read moves the place back; the book stays read and is not finished a second time.
    const reread = await put(progressUrl(book.id), at("chapter-1", 0.24), headers);
    expect(reread.json().progress).toMatchObject({ progress: 12, isRead: true });
    await put(progressUrl(book.id), at("chapter-2", 1), headers);

    expect(await bookCounters(testDb.db, book.id)).toMatchObject({
      nCurrentReads: 0,
      nFinishedReads: 1,
      current: 0,
      finished: 1,
    });
    expect(await listOf(user.id, book.id)).toBe("finished");
    const events = await testDb.db
      .selectFrom("userEvents")
      .selectAll()
      .where("triggeredByUserId", "=", user.id)
      .execute();
    expect(events).toEqual([
      {
        id: expect.any(String),
        eventType: "read book",
        priority: "low",
        targetUserId: null,
        triggeredByUserId: user.id,
        triggeredByUserName: "Ada Lovelace",
        targetResourceId: book.id,
        targetResourceType: "book",
        targetResourceName: "The Finished Tale",
        processed: expect.any(Number),
        createdAt: done.json().progress.lastReadAt,
      },
    ]);
  });

  it("counts the words before the reader's place: forward and back, whatever the client's own figure", async () => {
    const { user, headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 3 });
    await setChapterWords(testDb.db, book.id, [100, 300, 600]);
    const first = await put(chapterUrl(book.id, "chapter-2"), { progress: 50 }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      progress: {
        userId: user.id,
        bookId: book.id,
        progress: 25,
        currentChapter: "chapter-2",
        lastReadAt: expect.any(String),
        isRead: false,
        epubPosition: null,
      },
      chapters: [
        {
          userId: user.id,
          bookId: book.id,
          anchorId: "chapter-2",
          progress: 50,
          isRead: false,
          lastReadAt: first.json().progress.lastReadAt,
          epubPosition: null,
        },
      ],
    });
    // Chapters nobody opened count all the same when they lie behind the place.
    const position = { anchorId: "chapter-3", offset: 0.25 };
    const later = await put(chapterUrl(book.id, "chapter-3"), { progress: 30, epubPosition: position }, headers);
    expect(later.json().progress).toMatchObject({ progress: 58, currentChapter: "chapter-3", epubPosition: position });
    // Back to the first chapter: the figure follows the place down; a position left out keeps the stored one.
    const back = await put(chapterUrl(book.id, "chapter-1"), { progress: 40 }, headers);
    expect(back.json().progress).toMatchObject({ progress: 4, currentChapter: "chapter-1", epubPosition: position });
    expect(back.json().chapters.map((c: { anchorId: string }) => c.anchorId)).toEqual([
      "chapter-1",
      "chapter-2",
      "chapter-3",
    ]);
    // On the book route the place is the position's offset; the client's 90 is not the book's figure.
    const book90 = await put(progressUrl(book.id), { ...at("chapter-3", 0.5), progress: 90 }, headers);
    expect(book90.json().progress.progress).toBe(70);
    // Short of the very end it never rounds up to 100.
    expect((await put(chapterUrl(book.id, "chapter-3"), { progress: 99.4 }, headers)).json().progress).toMatchObject({
      progress: 99,
      isRead: false,
    });
    expect((await get(progressUrl(book.id), headers)).json().progress.progress).toBe(99);
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nCurrentReads: 1, current: 1, finished: 0 });
  });

  it("finishes a book at the end of its last chapter, whether or not every chapter was opened", async () => {
    const { user, headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 4 });
    await put(chapterUrl(book.id, "chapter-1"), { progress: 30 }, headers);
    const end = await put(chapterUrl(book.id, "chapter-4"), { progress: 100 }, headers);
    expect(end.json().progress).toMatchObject({ progress: 100, isRead: true, currentChapter: "chapter-4" });
    expect(end.json().chapters).toHaveLength(2);
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({
      nCurrentReads: 0,
      nFinishedReads: 1,
      current: 0,
      finished: 1,
    });
    expect(await listOf(user.id, book.id)).toBe("finished");
    expect(
      (await get("/api/v1/me/lists", headers)).json().lists.finished.map((e: { book: Book }) => e.book.id),
    ).toEqual([book.id]);
    // Going back after finishing does not un-finish it: the place moves, the book stays read.
    const back = await put(chapterUrl(book.id, "chapter-2"), { progress: 50 }, headers);
    expect(back.json().progress).toMatchObject({ progress: 38, isRead: true });
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nFinishedReads: 1, finished: 1, current: 0 });
    expect(await listOf(user.id, book.id)).toBe("finished");
    const state = await get(`/api/v1/books/${book.id}/viewer-state`, headers);
    expect(state.json().progress).toEqual(back.json().progress);
  });

  it("counts a classic's body chapters only: front matter is 0, the end of the last body chapter finishes it", async () => {
    const { user, headers } = await reader();
    // A title page, three stories, a colophon.
    const book = await createBook(testDb.db, { chapters: 5 });
    const setRole = (anchorId: string, role: "front" | "back") =>
      testDb.db
        .updateTable("chapters")
        .set({ role })
        .where("bookId", "=", book.id)
        .where("anchorId", "=", anchorId)
        .execute();
    await setRole("chapter-1", "front");
    await setRole("chapter-5", "back");

    const titlePage = await put(progressUrl(book.id), at("chapter-1", 0.9), headers);
    expect(titlePage.json().progress).toMatchObject({ progress: 0, isRead: false });
    const middle = await put(progressUrl(book.id), at("chapter-3", 0.5), headers);
    expect(middle.json().progress).toMatchObject({ progress: 50, isRead: false });
    const end = await put(chapterUrl(book.id, "chapter-4"), { progress: 100 }, headers);
    expect(end.json().progress).toMatchObject({ progress: 100, isRead: true, currentChapter: "chapter-4" });
    expect(await listOf(user.id, book.id)).toBe("finished");
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nFinishedReads: 1, finished: 1, current: 0 });
    // The colophon after the book is past its end; "Mark as finished" and "Start over" skip the matter.
    expect((await put(progressUrl(book.id), at("chapter-5", 0.2), headers)).json().progress.progress).toBe(100);
    const over = await t.app.inject({
      method: "POST",
      url: `${progressUrl(book.id)}/start-over`,
      headers,
      payload: {},
    });
    expect(over.json().progress).toMatchObject({ progress: 0, currentChapter: "chapter-2" });
    const finished = await t.app.inject({
      method: "POST",
      url: `${progressUrl(book.id)}/finish`,
      headers,
      payload: {},
    });
    expect(finished.json().progress).toMatchObject({ progress: 100, isRead: true, currentChapter: "chapter-4" });
  });

  it("lets the latest write win: an older one arriving late moves nothing, yet still counts a finish", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 2 });
    const now = clockMs;
    const newer = await put(progressUrl(book.id), at("chapter-2", 0.5, iso(now - 1_000)), headers);
    expect(newer.json().progress).toMatchObject({ progress: 75, lastReadAt: iso(now - 1_000) });
    // Sent earlier from another device, delivered after: the stored place stays.
    const late = await put(progressUrl(book.id), at("chapter-1", 0.2, iso(now - 5_000)), headers);
    expect(late.statusCode).toBe(200);
    expect(late.json().progress).toEqual(newer.json().progress);
    const lateChapter = await put(
      chapterUrl(book.id, "chapter-1"),
      { progress: 10, epubPosition: { anchorId: "chapter-1", offset: 0.1 }, readAt: iso(now - 4_000) },
      headers,
    );
    expect(lateChapter.json().progress).toEqual(newer.json().progress);
    // Its chapter row is new, so it is kept; the same chapter's older write after it changes nothing.
    expect(lateChapter.json().chapters).toMatchObject([{ anchorId: "chapter-1", progress: 10 }]);
    const older = await put(chapterUrl(book.id, "chapter-1"), { progress: 90, readAt: iso(now - 6_000) }, headers);
    expect(older.json().chapters).toMatchObject([{ anchorId: "chapter-1", progress: 10 }]);
    // A moment from the future counts as the server's now, so it cannot lock other devices out.
    const ahead = await put(progressUrl(book.id), at("chapter-1", 0.5, iso(now + 3_600_000)), headers);
    expect(Date.parse(ahead.json().progress.lastReadAt)).toBeLessThanOrEqual(clockMs);
    expect(ahead.json().progress.progress).toBe(25);
    const next = await put(progressUrl(book.id), at("chapter-1", 0.8, iso(clockMs + 500)), headers);
    expect(next.json().progress.progress).toBe(40);
    // A late write that reached the end still finishes the book, but the newer place stays.
    const lateEnd = await put(progressUrl(book.id), at("chapter-2", 1, iso(now - 2_000)), headers);
    expect(lateEnd.json().progress).toMatchObject({ progress: 40, isRead: true });
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nFinishedReads: 1, finished: 1, current: 0 });
  });

  it("sorts out simultaneous writes from two devices by their moments, whatever order they land in", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 2 });
    const base = clockMs;
    const writes = Array.from({ length: 12 }, (_, index) =>
      at(index % 2 ? "chapter-2" : "chapter-1", 0.5, iso(base - 12_000 + index * 1_000)),
    );
    const shuffled = [...writes].reverse();
    await Promise.all(shuffled.map((body) => put(progressUrl(book.id), body, headers)));
    const stored = (await get(progressUrl(book.id), headers)).json().progress;
    expect(stored).toMatchObject({ progress: 75, lastReadAt: iso(base - 1_000), currentChapter: "chapter-2" });
  });

  it("marks a book finished and starts it over, the counters always equal their rows", async () => {
    const alice = await reader();
    const bob = await reader();
    const book = await createBook(testDb.db, { chapters: 3, book: { title: "Twice Told" } });
    const finishUrl = `/api/v1/books/${book.id}/progress/finish`;
    const startOverUrl = `/api/v1/books/${book.id}/progress/start-over`;
    const post = (url: string, headers: Headers, payload?: object) =>
      t.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });
    const recount = async () => {
      const counters = await bookCounters(testDb.db, book.id);
      expect(counters.nCurrentReads).toBe(counters.current);
      expect(counters.nFinishedReads).toBe(counters.finished);
      return counters;
    };

    await put(chapterUrl(book.id, "chapter-1"), { progress: 50 }, alice.headers);
    await put(chapterUrl(book.id, "chapter-2"), { progress: 10 }, bob.headers);
    const finished = await post(finishUrl, alice.headers);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().progress).toMatchObject({
      progress: 100,
      isRead: true,
      currentChapter: "chapter-3",
      epubPosition: { anchorId: "chapter-3", offset: 1 },
    });
    expect(await recount()).toMatchObject({ current: 1, finished: 1 });
    expect(await listOf(alice.user.id, book.id)).toBe("finished");
    // Marking it again changes nothing.
    await post(finishUrl, alice.headers, {});
    expect(await recount()).toMatchObject({ current: 1, finished: 1 });

    const over = await post(startOverUrl, alice.headers, { readAt: iso(clockMs) });
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json()).toEqual({
      progress: expect.objectContaining({
        progress: 0,
        isRead: false,
        currentChapter: "chapter-1",
        epubPosition: { anchorId: "chapter-1", offset: 0 },
      }),
      chapters: [],
    });
    expect(await recount()).toMatchObject({ current: 2, finished: 0 });
    expect(await listOf(alice.user.id, book.id)).toBe("reading");
    // Bob's place on the same book is his own: Alice's actions leave it be.
    expect((await get(progressUrl(book.id), bob.headers)).json()).toMatchObject({
      progress: { progress: 37, isRead: false },
      chapters: [{ anchorId: "chapter-2", progress: 10 }],
    });
    // A save made before "Start over", arriving after it, cannot undo it.
    const stale = await put(progressUrl(book.id), at("chapter-3", 0.9, iso(clockMs - 60_000)), alice.headers);
    expect(stale.json().progress.progress).toBe(0);

    // Reading to the end again counts one more finish, and a second 'read book' event.
    await put(chapterUrl(book.id, "chapter-3"), { progress: 100 }, alice.headers);
    expect(await recount()).toMatchObject({ current: 1, finished: 1 });
    // Starting over a book never opened is its first record.
    const fresh = await post(startOverUrl, bob.headers);
    expect(fresh.json().progress).toMatchObject({ progress: 0, isRead: false });
    const carol = await reader();
    const carolFinish = await post(finishUrl, carol.headers);
    expect(carolFinish.json().progress).toMatchObject({ progress: 100, isRead: true });
    expect(await recount()).toMatchObject({ current: 1, finished: 2 });
    const events = await testDb.db
      .selectFrom("userEvents")
      .select("triggeredByUserId")
      .where("targetResourceId", "=", book.id)
      .execute();
    expect(events.map((event) => event.triggeredByUserId).sort()).toEqual(
      [alice.user.id, alice.user.id, carol.user.id].sort(),
    );
    for (const url of [finishUrl, startOverUrl]) {
      const visitor = await post(url, {});
      expect(visitor.statusCode).toBe(401);
      for (const id of ["no-such-book", (await createBook(testDb.db, { book: { display: 0 } })).id]) {
        const missing = await post(url.replace(book.id, id), alice.headers);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error.message).toBe("Book not found!");
      }
    }
  });

  it("refuses progress on a book before its launch, as its text is (issue 17 finding 9)", async () => {
    const { user, headers } = await reader();
    const book = await createBook(testDb.db, {
      book: { status: "scheduled", launchedDate: new Date(clockMs + 86_400_000).toISOString() },
    });
    for (const response of [
      await put(progressUrl(book.id), at("chapter-2", 1), headers),
      await put(chapterUrl(book.id, "chapter-2"), { progress: 100 }, headers),
      await t.app.inject({ method: "POST", url: `/api/v1/books/${book.id}/progress/finish`, headers }),
      await t.app.inject({ method: "POST", url: `/api/v1/books/${book.id}/progress/start-over`, headers }),
    ]) {
      expect(response.statusCode).toBe(412);
      expect(response.json().error).toEqual({
        code: "failed-precondition",
        message: "This book has not launched yet. Subscribe to hear when it does.",
      });
    }
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({
      nCurrentReads: 0,
      nFinishedReads: 0,
      current: 0,
      finished: 0,
    });
    expect(await testDb.db.selectFrom("chapterProgress").selectAll().where("bookId", "=", book.id).execute()).toEqual(
      [],
    );
    expect(await testDb.db.selectFrom("activities").selectAll().where("actorId", "=", user.id).execute()).toEqual([]);
    expect(
      await testDb.db.selectFrom("userEvents").selectAll().where("triggeredByUserId", "=", user.id).execute(),
    ).toEqual([]);
    expect(await listOf(user.id, book.id)).toBeUndefined();
  });

  it("keeps each reader's progress their own", async () => {
    const alice = await reader();
    const bob = await reader();
    const book = await createBook(testDb.db);
    await put(chapterUrl(book.id, "chapter-1"), { progress: 70 }, alice.headers);
    expect((await get(progressUrl(book.id), bob.headers)).json()).toEqual({ progress: null, chapters: [] });
    expect((await get("/api/v1/me/progress", bob.headers)).json()).toEqual({ items: [] });
    await put(progressUrl(book.id), bookBody(10), bob.headers);
    const alices = (await get(progressUrl(book.id), alice.headers)).json();
    expect(alices.progress).toMatchObject({ userId: alice.user.id, progress: 35 });
    expect(alices.chapters).toHaveLength(1);
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nCurrentReads: 2, current: 2 });
  });

  it("lists books in progress, most recently read first, without finished or hidden books", async () => {
    const { headers } = await reader();
    const books = await Promise.all(Array.from({ length: 23 }, () => createBook(testDb.db)));
    for (const book of books) await put(progressUrl(book.id), at("chapter-1", 0.2), headers);
    const [finished, hidden, reread] = books as [Book, Book, Book, ...Book[]];
    await put(progressUrl(finished.id), at("chapter-2", 1), headers);
    await put(progressUrl(reread.id), at("chapter-2", 1), headers);
    await put(progressUrl(reread.id), at("chapter-1", 0.6), headers);
    await testDb.db.updateTable("books").set({ display: 0 }).where("id", "=", hidden.id).execute();

    const response = await get("/api/v1/me/progress", headers);
    expect(response.statusCode, response.body).toBe(200);
    const items: { book: { id: string; nCurrentReads: number }; progress: { bookId: string } }[] =
      response.json().items;
    expect(items).toHaveLength(20);
    const expected = [reread, ...books.slice(3).reverse()].slice(0, 20).map((book) => book.id);
    expect(items.map((item) => item.book.id)).toEqual(expected);
    for (const item of items) expect(item.progress.bookId).toBe(item.book.id);
    expect(items[1]?.book.nCurrentReads).toBe(1);
  });

  it("answers 'Failed to update reading progress.' when the database fails", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db);
    const restore = await failInsertsFor(testDb.db, dialect, "chapter_progress", book.id);
    try {
      const response = await put(chapterUrl(book.id, "chapter-1"), { progress: 10 }, headers);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toEqual({ code: "internal", message: "Failed to update reading progress." });
    } finally {
      await restore();
    }
    // Nothing of the failed write remains, and the next one works.
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nCurrentReads: 0, current: 0 });
    expect((await put(chapterUrl(book.id, "chapter-1"), { progress: 10 }, headers)).statusCode).toBe(200);
  });
});
