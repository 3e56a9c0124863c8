import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createBook, createUser } from "../../../test/factories";
import { bookCounters } from "../../../test/reading-fixtures";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import type { Database } from "../schema";
import { up } from "./2026-11-25-11-position-progress";

const READ_AT = "2026-11-20T10:00:00.000Z";

describe.each(dialectsUnderTest())("migration 2026-11-25-11-position-progress on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);

  /** A reading-progress row as the word-weighted model stored it, counted in the book's counters. */
  async function storedProgress(
    db: Kysely<Database>,
    row: { userId: string; bookId: string; progress: number; isRead?: 0 | 1; position?: [string, number] | null },
    chapters: Record<string, number> = {},
  ) {
    const isRead = row.isRead ?? 0;
    const [anchorId, offset] = row.position ?? [null, 0];
    await db
      .insertInto("readingProgress")
      .values({
        userId: row.userId,
        bookId: row.bookId,
        progress: row.progress,
        currentChapter: anchorId,
        lastReadAt: READ_AT,
        isRead,
        epubPosition: anchorId ? JSON.stringify({ anchorId, offset }) : null,
      })
      .execute();
    for (const [anchor, progress] of Object.entries(chapters)) {
      await db
        .insertInto("chapterProgress")
        .values({
          userId: row.userId,
          bookId: row.bookId,
          anchorId: anchor,
          progress,
          isRead: progress === 100 ? 1 : 0,
          lastReadAt: READ_AT,
          epubPosition: null,
        })
        .execute();
    }
    await db
      .updateTable("books")
      .set((eb) =>
        isRead ? { nFinishedReads: eb("nFinishedReads", "+", 1) } : { nCurrentReads: eb("nCurrentReads", "+", 1) },
      )
      .where("id", "=", row.bookId)
      .execute();
    await db
      .insertInto("listEntries")
      .values({ userId: row.userId, bookId: row.bookId, list: isRead ? "finished" : "reading", addedAt: READ_AT })
      .execute();
  }

  const figure = async (userId: string, bookId: string) =>
    testDb.db
      .selectFrom("readingProgress")
      .innerJoin("listEntries", (join) =>
        join
          .onRef("listEntries.userId", "=", "readingProgress.userId")
          .onRef("listEntries.bookId", "=", "readingProgress.bookId"),
      )
      .select(["readingProgress.progress", "readingProgress.isRead", "listEntries.list"])
      .where("readingProgress.userId", "=", userId)
      .where("readingProgress.bookId", "=", bookId)
      .executeTakeFirstOrThrow();

  it("turns stored figures into the reader's place, finishing the books read to the end", async () => {
    const db = testDb.db;
    const book = await createBook(db, { chapters: 4 });
    const chapterless = await createBook(db, { chapters: 0 });
    const [midway, skimmer, finisher, offsetOnly, elsewhere] = await Promise.all(
      Array.from({ length: 5 }, () => createUser(db)),
    );
    if (!midway || !skimmer || !finisher || !offsetOnly || !elsewhere) throw new Error("users");
    // Chapter 1 read, halfway through chapter 3: the weighted figure said 38, the place says 63.
    await storedProgress(
      db,
      { userId: midway.id, bookId: book.id, progress: 38, position: ["chapter-3", 0.4] },
      {
        "chapter-1": 100,
        "chapter-3": 50,
      },
    );
    // Jumped to the last chapter and read it to the end: 25 before, now read.
    await storedProgress(
      db,
      { userId: skimmer.id, bookId: book.id, progress: 25, position: ["chapter-4", 0.9] },
      {
        "chapter-4": 100,
      },
    );
    // Finished long ago and went back to the start: still finished at 100.
    await storedProgress(db, {
      userId: finisher.id,
      bookId: book.id,
      progress: 100,
      isRead: 1,
      position: ["chapter-1", 0],
    });
    // A book-level save only: the offset places it.
    await storedProgress(db, { userId: offsetOnly.id, bookId: book.id, progress: 70, position: ["chapter-2", 0.5] });
    // Nothing to place it in: the figure stays.
    await storedProgress(db, { userId: elsewhere.id, bookId: chapterless.id, progress: 42, position: null });

    await up(db as unknown as Kysely<unknown>);

    expect(await figure(midway.id, book.id)).toEqual({ progress: 63, isRead: 0, list: "reading" });
    expect(await figure(skimmer.id, book.id)).toEqual({ progress: 100, isRead: 1, list: "finished" });
    expect(await figure(finisher.id, book.id)).toEqual({ progress: 100, isRead: 1, list: "finished" });
    expect(await figure(offsetOnly.id, book.id)).toEqual({ progress: 38, isRead: 0, list: "reading" });
    expect(await figure(elsewhere.id, chapterless.id)).toEqual({ progress: 42, isRead: 0, list: "reading" });
    expect(await bookCounters(db, book.id)).toMatchObject({
      nCurrentReads: 2,
      current: 2,
      nFinishedReads: 2,
      finished: 2,
    });
    expect(await bookCounters(db, chapterless.id)).toMatchObject({ nCurrentReads: 1, current: 1 });

    // Running it again changes nothing.
    await up(db as unknown as Kysely<unknown>);
    expect(await figure(midway.id, book.id)).toEqual({ progress: 63, isRead: 0, list: "reading" });
    expect(await bookCounters(db, book.id)).toMatchObject({ nCurrentReads: 2, nFinishedReads: 2 });
  });
});
