import { describe, expect, it } from "vitest";
import { createBook } from "../../../test/factories";
import { type ProgressTestBook as Book, useProgressApi } from "../../../test/progress-api";
import { authorReaders, bookCounters, createAuthorOf, failInsertsFor } from "../../../test/reading-fixtures";
import { dialectsUnderTest } from "../../../test/test-db";

describe.each(dialectsUnderTest())("reading progress API on %s", (dialect) => {
  const { testDb, t, progressUrl, chapterUrl, get, put, bookBody, at, reader, listOf, clockNow } =
    useProgressApi(dialect);

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

  it("refuses progress on a book before its launch, as its text is (issue 17 finding 9)", async () => {
    const { user, headers } = await reader();
    const book = await createBook(testDb.db, {
      book: { status: "scheduled", launchedDate: new Date(clockNow() + 86_400_000).toISOString() },
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
