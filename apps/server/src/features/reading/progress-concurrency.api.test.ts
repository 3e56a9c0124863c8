import { bookProgressAt, USER_SCORE_BOOK_FINISHED, USER_SCORE_READ_STARTED } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import {
  authorReaders,
  bookCounters,
  createAuthorOf,
  seededRandom,
  setChapterWords,
} from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const READERS = 40;
const WORDS = [100, 200, 300];
const ANCHORS = WORDS.map((_, index) => `chapter-${index + 1}`);

describe.each(dialectsUnderTest())("concurrent reading progress on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it("keeps current and finished reads, author readers, lists and events exact", async () => {
    const books = [await createBook(testDb.db, { chapters: 3 }), await createBook(testDb.db, { chapters: 3 })];
    for (const book of books) await setChapterWords(testDb.db, book.id, WORDS);
    const author = await createAuthorOf(
      testDb.db,
      books.map((book) => book.id),
    );
    const readers: Awaited<ReturnType<typeof createSignedInUser>>[] = [];
    for (let index = 0; index < READERS; index += 1) readers.push(await createSignedInUser(testDb.db));
    const random = seededRandom(dialect === "sqlite" ? 3 : 5);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;

    // Every reader sends all of their writes at once: chapter and book progress on one or both books.
    // Every third reader instead finishes the first book chapter by chapter, all chapters in parallel,
    // while writing random progress on the second.
    const requests = readers.flatMap((reader, index) => {
      const finisher = index % 3 === 0;
      const writes = Array.from({ length: 5 }, () => {
        const book = finisher ? (books[1] as (typeof books)[number]) : pick(books);
        const anchorId = pick(ANCHORS);
        return random() < 0.6
          ? {
              url: `/api/v1/books/${book.id}/chapters/${anchorId}/progress`,
              payload: { progress: pick([10, 55, 100]) },
            }
          : {
              url: `/api/v1/books/${book.id}/progress`,
              payload: {
                progress: pick([5, 40, 100]),
                currentChapter: anchorId,
                epubPosition: { anchorId, offset: 0.5 },
              },
            };
      });
      if (finisher) {
        for (const anchorId of ANCHORS) {
          writes.push({
            url: `/api/v1/books/${books[0]?.id}/chapters/${anchorId}/progress`,
            payload: { progress: 100 },
          });
        }
      }
      return writes.map((write) => ({ ...write, headers: reader.headers }));
    });

    const responses = await Promise.all(
      requests.map(({ url, payload, headers }) => t.app.inject({ method: "PUT", url, payload, headers })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    for (const book of books) {
      const counters = await bookCounters(testDb.db, book.id);
      expect(counters.current + counters.finished).toBeGreaterThan(0);
      expect(counters.nCurrentReads, book.id).toBe(counters.current);
      expect(counters.nFinishedReads, book.id).toBe(counters.finished);

      const rows = await testDb.db.selectFrom("readingProgress").selectAll().where("bookId", "=", book.id).execute();
      const chapters = await testDb.db
        .selectFrom("chapterProgress")
        .selectAll()
        .where("bookId", "=", book.id)
        .execute();
      const lists = await testDb.db.selectFrom("listEntries").selectAll().where("bookId", "=", book.id).execute();
      const events = await testDb.db
        .selectFrom("userEvents")
        .select("triggeredByUserId")
        .where("targetResourceId", "=", book.id)
        .where("eventType", "=", "read book")
        .execute();
      for (const row of rows) {
        // The book's figure is the place of the reader's latest write: a chapter's own progress, or a book
        // write's offset (0.5), in the chapter it names.
        const index = ANCHORS.indexOf(row.currentChapter as string);
        const chapter = chapters.find(
          (candidate) => candidate.userId === row.userId && candidate.anchorId === row.currentChapter,
        );
        const places = [50, ...(chapter ? [chapter.progress] : [])].map((percent) =>
          bookProgressAt(WORDS, index, percent),
        );
        expect(places, row.userId).toContain(row.progress);
        if (row.progress === 100) expect(row.isRead).toBe(1);
        expect(lists.find((entry) => entry.userId === row.userId)?.list).toBe(row.isRead ? "finished" : "reading");
      }
      expect(lists).toHaveLength(rows.length);
      expect(events.map((event) => event.triggeredByUserId).sort()).toEqual(
        rows
          .filter((row) => row.isRead === 1)
          .map((row) => row.userId)
          .sort(),
      );
    }
    const finishers = readers.filter((_, index) => index % 3 === 0).map((reader) => reader.user.id);
    const firstBookRead = await testDb.db
      .selectFrom("readingProgress")
      .select("userId")
      .where("bookId", "=", books[0]?.id as string)
      .where("isRead", "=", 1)
      .execute();
    expect(firstBookRead.map((row) => row.userId)).toEqual(expect.arrayContaining(finishers));
    expect(await authorReaders(testDb.db, author.id)).toEqual({ nReaders: READERS, distinctReaders: READERS });

    // Users' scores moved with the rows: each reader's by the books they began, the author's by the finishes.
    const progressRows = await testDb.db
      .selectFrom("readingProgress")
      .select(["userId", "isRead"])
      .where(
        "bookId",
        "in",
        books.map((book) => book.id),
      )
      .execute();
    const scores = await testDb.db
      .selectFrom("users")
      .select(["id", "interactionScore"])
      .where("id", "in", [author.id, ...readers.map((reader) => reader.user.id)])
      .execute();
    for (const { id, interactionScore } of scores) {
      const expected =
        id === author.id
          ? progressRows.filter((row) => row.isRead === 1).length * USER_SCORE_BOOK_FINISHED
          : progressRows.filter((row) => row.userId === id).length * USER_SCORE_READ_STARTED;
      expect(interactionScore, id).toBe(expected);
    }
  });
  it("keeps the counters exact when saves that move a place race Start over and Mark as finished", async () => {
    const book = await createBook(testDb.db, { chapters: 3 });
    await setChapterWords(testDb.db, book.id, WORDS);
    const readers: Awaited<ReturnType<typeof createSignedInUser>>[] = [];
    for (let index = 0; index < READERS / 2; index += 1) readers.push(await createSignedInUser(testDb.db));
    // Every reader has a place already, so their saves below are ones that move it (PostgreSQL's quick path).
    for (const reader of readers) {
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/v1/books/${book.id}/chapters/chapter-1/progress`,
        payload: { progress: 10 },
        headers: reader.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const random = seededRandom(dialect === "sqlite" ? 7 : 11);
    const requests = readers.flatMap((reader) => {
      const saves = Array.from({ length: 4 }, () => ({
        method: "PUT" as const,
        url: `/api/v1/books/${book.id}/chapters/${ANCHORS[Math.floor(random() * ANCHORS.length)]}/progress`,
        payload: { progress: Math.floor(random() * 90) },
      }));
      const actions = ["start-over", "finish", "start-over"].map((action) => ({
        method: "POST" as const,
        url: `/api/v1/books/${book.id}/progress/${action}`,
        payload: {},
      }));
      return [...saves.slice(0, 2), ...actions, ...saves.slice(2)].map((request) => ({
        ...request,
        headers: reader.headers,
      }));
    });
    const responses = await Promise.all(requests.map((request) => t.app.inject(request)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    const counters = await bookCounters(testDb.db, book.id);
    expect(counters.current + counters.finished).toBe(readers.length);
    expect(counters.nCurrentReads).toBe(counters.current);
    expect(counters.nFinishedReads).toBe(counters.finished);
    const lists = await testDb.db.selectFrom("listEntries").selectAll().where("bookId", "=", book.id).execute();
    const rows = await testDb.db.selectFrom("readingProgress").selectAll().where("bookId", "=", book.id).execute();
    for (const row of rows) {
      expect(lists.find((entry) => entry.userId === row.userId)?.list).toBe(row.isRead ? "finished" : "reading");
    }
  });
});
