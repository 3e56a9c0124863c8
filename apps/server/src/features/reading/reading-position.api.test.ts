import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createBook } from "../../../test/factories";
import { type ProgressTestBook as Book, useProgressApi } from "../../../test/progress-api";
import { bookCounters, setChapterWords } from "../../../test/reading-fixtures";
import { dialectsUnderTest, itOnPostgres } from "../../../test/test-db";

/** A book's progress is the reader's place in it: words before the place, finishing, order of writes, start over. */
describe.each(dialectsUnderTest())("reading position API on %s", (dialect) => {
  const { testDb, t, progressUrl, chapterUrl, get, put, at, iso, reader, listOf, clockNow } = useProgressApi(dialect);

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
    const now = clockNow();
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
    expect(Date.parse(ahead.json().progress.lastReadAt)).toBeLessThanOrEqual(clockNow());
    expect(ahead.json().progress.progress).toBe(25);
    const next = await put(progressUrl(book.id), at("chapter-1", 0.8, iso(clockNow() + 500)), headers);
    expect(next.json().progress.progress).toBe(40);
    // A late write that reached the end still finishes the book, but the newer place stays.
    const lateEnd = await put(progressUrl(book.id), at("chapter-2", 1, iso(now - 2_000)), headers);
    expect(lateEnd.json().progress).toMatchObject({ progress: 40, isRead: true });
    expect(await bookCounters(testDb.db, book.id)).toMatchObject({ nFinishedReads: 1, finished: 1, current: 0 });
  });

  it("sorts out simultaneous writes from two devices by their moments, whatever order they land in", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 2 });
    const base = clockNow();
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
    const post = (url: string, headers: Record<string, string>, payload?: object) =>
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

    const over = await post(startOverUrl, alice.headers, { readAt: iso(clockNow()) });
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
    const stale = await put(progressUrl(book.id), at("chapter-3", 0.9, iso(clockNow() - 60_000)), alice.headers);
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

  itOnPostgres(dialect)("saves a place without waiting for the disk; finish and start over wait for it", async () => {
    const { headers } = await reader();
    const book = await createBook(testDb.db, { chapters: 2 });
    // What each write to the reader's progress row ran with, recorded from inside its transaction.
    await sql`create table commit_modes (n serial, mode text)`.execute(testDb.db);
    await sql`create function record_commit_mode() returns trigger language plpgsql as $$
      begin insert into commit_modes (mode) values (current_setting('synchronous_commit')); return new; end $$`.execute(
      testDb.db,
    );
    await sql`create trigger record_commit_mode after insert or update on reading_progress
      for each row execute function record_commit_mode()`.execute(testDb.db);
    try {
      const post = (action: string) =>
        t.app.inject({ method: "POST", url: `${progressUrl(book.id)}/${action}`, headers, payload: {} });
      expect((await put(progressUrl(book.id), at("chapter-1", 0.5), headers)).statusCode).toBe(200);
      expect((await put(chapterUrl(book.id, "chapter-2"), { progress: 40 }, headers)).statusCode).toBe(200);
      expect((await post("finish")).statusCode).toBe(200);
      expect((await post("start-over")).statusCode).toBe(200);
      const modes = await sql<{ mode: string }>`select mode from commit_modes order by n`.execute(testDb.db);
      expect(modes.rows.map((row) => row.mode)).toEqual(["off", "off", "on", "on"]);
    } finally {
      await sql`drop trigger record_commit_mode on reading_progress`.execute(testDb.db);
    }
  });
});
