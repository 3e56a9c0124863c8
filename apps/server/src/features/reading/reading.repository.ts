import type { ChapterRole } from "@quire/core";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DialectName } from "../../db/dialect";
import { param, ReusableQuery } from "../../db/reusable-query";
import type { BookRow, Bool, Database } from "../../db/schema";
import { type ChapterProgressRow, type ReadingProgressRow, saveProgressStatement } from "./progress-save.repository";

export interface ChapterWeight {
  anchorId: string;
  wordCount: number;
  role: ChapterRole;
}

export interface BookForProgress {
  id: string;
  title: string;
  display: number;
  status: string;
  /** The chapters of the book data's latest version in reading order (none without book data). */
  chapters: ChapterWeight[];
}

/**
 * A book-level progress write. A null `epubPosition` (JSON text) keeps the stored one; `lastReadAt`
 * is when the reader was there, and a write older than the stored one moves nothing.
 */
export interface BookProgressWrite {
  userId: string;
  bookId: string;
  progress: number;
  currentChapter: string | null;
  lastReadAt: string;
  epubPosition: string | null;
}

export interface BookProgressOutcome {
  row: ReadingProgressRow;
  /** This write created the user's first progress record on the book. */
  started: boolean;
  /** This write marked the book read (once per user and book, unless they start over). */
  finished: boolean;
  /** This write ("Start over") took a read book back to a current read. */
  unfinished: boolean;
}

/** A chapter's own progress, saved with its book's by a chapter write. */
export interface ChapterProgressWrite {
  anchorId: string;
  progress: number;
  isRead: Bool;
}

/** What a progress save did, and the reader's chapters of the book after it (what the answer lists). */
export interface ProgressSaved {
  outcome: BookProgressOutcome;
  chapters: ChapterProgressRow[];
}

const UNCHANGED = { started: false, finished: false, unfinished: false };
const DEADLOCK_DETECTED = "40P01";

/** The statements every progress write runs, built and compiled once (see ReusableQuery). */
function compileHotQueries(db: Kysely<Database>) {
  const progressChanges = {
    progress: param("progress") as unknown as number,
    currentChapter: param("currentChapter"),
    lastReadAt: param("lastReadAt"),
  };
  return {
    book: new ReusableQuery(
      db
        .selectFrom("books")
        .leftJoin("bookData", "bookData.bookId", "books.id")
        .leftJoin("chapters", (join) =>
          join.onRef("chapters.bookId", "=", "books.id").onRef("chapters.version", "=", "bookData.latestVersion"),
        )
        .select([
          "books.id",
          "books.title",
          "books.display",
          "books.status",
          "chapters.anchorId",
          "chapters.wordCount",
          "chapters.role",
        ])
        .where("books.id", "=", param("bookId"))
        .orderBy("chapters.chapterNumber")
        .compile(),
    ),
    chapterProgress: new ReusableQuery(
      db
        .selectFrom("chapterProgress")
        .selectAll()
        .where("userId", "=", param("userId"))
        .where("bookId", "=", param("bookId"))
        .compile(),
    ),
    // A chapter once read stays read; a missing position keeps the stored one; an older write moves nothing.
    upsertChapter: new ReusableQuery(
      db
        .insertInto("chapterProgress")
        .values({
          userId: param("userId"),
          bookId: param("bookId"),
          anchorId: param("anchorId"),
          progress: param("progress") as unknown as number,
          isRead: param("isRead") as unknown as Bool,
          lastReadAt: param("lastReadAt"),
          epubPosition: param("epubPosition"),
        })
        .onConflict((conflict) =>
          conflict
            .columns(["userId", "bookId", "anchorId"])
            .doUpdateSet((eb) => ({
              progress: eb.ref("excluded.progress"),
              lastReadAt: eb.ref("excluded.lastReadAt"),
              isRead: eb
                .case()
                .when("chapterProgress.isRead", "=", 1)
                .then(1)
                .else(eb.ref("excluded.isRead"))
                .end()
                .$castTo<Bool>(),
              epubPosition: eb.fn.coalesce("excluded.epubPosition", "chapterProgress.epubPosition"),
            }))
            .whereRef("chapterProgress.lastReadAt", "<=", "excluded.lastReadAt"),
        )
        .compile(),
    ),
    // The update that marks a book read only matches while it is unread: that is what makes "finished" happen once.
    markRead: new ReusableQuery(
      db
        .updateTable("readingProgress")
        .set((eb) => ({
          ...progressChanges,
          epubPosition: eb.fn.coalesce(eb.val(param("epubPosition")), "epubPosition"),
          isRead: 1,
        }))
        .where("userId", "=", param("userId"))
        .where("bookId", "=", param("bookId"))
        .where("isRead", "=", 0)
        .where("lastReadAt", "<=", param("lastReadAt"))
        .returningAll()
        .compile(),
    ),
    // A write that arrived after a newer one still counts its finish: the reader did reach the end.
    markReadOnly: new ReusableQuery(
      db
        .updateTable("readingProgress")
        .set({ isRead: 1 })
        .where("userId", "=", param("userId"))
        .where("bookId", "=", param("bookId"))
        .where("isRead", "=", 0)
        .returningAll()
        .compile(),
    ),
    current: new ReusableQuery(
      db
        .selectFrom("readingProgress")
        .selectAll()
        .where("userId", "=", param("userId"))
        .where("bookId", "=", param("bookId"))
        .compile(),
    ),
    insert: new ReusableQuery(
      db
        .insertInto("readingProgress")
        .values({
          userId: param("userId"),
          bookId: param("bookId"),
          progress: param("progress") as unknown as number,
          currentChapter: param("currentChapter"),
          lastReadAt: param("lastReadAt"),
          isRead: param("isRead") as unknown as Bool,
          epubPosition: param("epubPosition"),
        })
        .onConflict((conflict) => conflict.columns(["userId", "bookId"]).doNothing())
        .returningAll()
        .compile(),
    ),
    update: new ReusableQuery(
      db
        .updateTable("readingProgress")
        .set((eb) => ({
          ...progressChanges,
          epubPosition: eb.fn.coalesce(eb.val(param("epubPosition")), "epubPosition"),
        }))
        .where("userId", "=", param("userId"))
        .where("bookId", "=", param("bookId"))
        .where("lastReadAt", "<=", param("lastReadAt"))
        .returningAll()
        .compile(),
    ),
  };
}

/**
 * Every SQL statement of reading progress. Counter changes are conditional on the row change that
 * justifies them (an insert that inserted, an update that flipped `is_read`), and each reader's
 * writes run one at a time (`lockReader`), so concurrent writes on either dialect leave the counters
 * equal to a recount of the rows. The statements of every write are compiled once: building and
 * compiling a Kysely query costs as much as running it.
 */
export class ReadingRepository {
  private readonly hot;
  private readonly saveStatement;

  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {
    this.hot = compileHotQueries(db);
    this.saveStatement = saveProgressStatement(db);
  }

  /** The book with its current chapters, in one query. */
  async findBook(bookId: string): Promise<BookForProgress | undefined> {
    const rows = await this.hot.book.execute(this.db, { bookId });
    const first = rows[0];
    if (!first) return undefined;
    const chapters = rows.flatMap(({ anchorId, wordCount, role }) =>
      anchorId === null || wordCount === null || role === null ? [] : [{ anchorId, wordCount, role }],
    );
    return { id: first.id, title: first.title, display: first.display, status: first.status, chapters };
  }

  async readingProgress(userId: string, bookId: string): Promise<ReadingProgressRow | undefined> {
    return this.db
      .selectFrom("readingProgress")
      .selectAll()
      .where("userId", "=", userId)
      .where("bookId", "=", bookId)
      .executeTakeFirst();
  }

  async chapterProgress(
    userId: string,
    bookId: string,
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<ChapterProgressRow[]> {
    return this.hot.chapterProgress.execute<Database>(db, { userId, bookId });
  }

  /**
   * Saves a place without a transaction when it can (PostgreSQL, a save that moves an existing place and finishes
   * nothing: `quick` in `saveProgressStatement`), in one statement, with no lock held between round trips.
   * Undefined when it cannot: the save then takes `saveProgress` under `lockReader`; a deadlock (the save met
   * a start over or an account deletion) sends it there too, where it is retried.
   */
  async saveQuickly(
    write: BookProgressWrite,
    chapter: ChapterProgressWrite | null,
  ): Promise<ProgressSaved | undefined> {
    if (this.dialect !== "postgres") return undefined;
    try {
      return await this.runSave(this.db, write, chapter, true);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === DEADLOCK_DETECTED) return undefined;
      throw error;
    }
  }

  /**
   * Saves a place: the book's progress (`writeBookProgress`), then the chapter's when a chapter write names one,
   * and reads the reader's chapters of the book as they now are. On PostgreSQL that is one statement (one round
   * trip while the reader's row is locked); SQLite runs its statements in-process. Run under `lockReader`.
   */
  async saveProgress(
    trx: Transaction<Database>,
    write: BookProgressWrite,
    chapter: ChapterProgressWrite | null,
  ): Promise<ProgressSaved> {
    if (this.dialect === "postgres") {
      const saved = await this.runSave(trx, write, chapter, false);
      if (!saved) throw new Error("The reading progress row vanished under the reader lock");
      return saved;
    }
    const outcome = await this.writeBookProgress(trx, write);
    if (chapter) {
      await this.hot.upsertChapter.execute<Database>(trx, {
        ...chapter,
        userId: write.userId,
        bookId: write.bookId,
        lastReadAt: write.lastReadAt,
        epubPosition: write.epubPosition,
      });
    }
    return { outcome, chapters: await this.chapterProgress(write.userId, write.bookId, trx) };
  }

  private async runSave(
    db: Kysely<Database>,
    write: BookProgressWrite,
    chapter: ChapterProgressWrite | null,
    quick: boolean,
  ): Promise<ProgressSaved | undefined> {
    const [saved] = await this.saveStatement.execute<Database>(db, {
      ...write,
      isRead: write.progress === 100 ? 1 : 0,
      anchorId: chapter?.anchorId ?? null,
      chapterProgress: chapter?.progress ?? null,
      chapterIsRead: chapter?.isRead ?? null,
      quick,
    });
    if (!saved) return undefined;
    const { started, finished, chapters, synchronousCommit: _, ...row } = saved;
    return { outcome: { row, ...UNCHANGED, started, finished }, chapters: chapters ?? [] };
  }

  /**
   * Serialises one reader's progress transactions (first records, finishes, "Start over", late writes) on
   * PostgreSQL by locking their user row first: a write then sees every row the writes before it committed (its
   * stored row, its answer's chapters), and two first reads of one author's books cannot both miss each other's
   * row. Quick saves (`saveQuickly`) need not take it: they move no counter, and the book's row lock orders them.
   * NO KEY UPDATE, not UPDATE: progress inserts take KEY SHARE locks on the same row, which it must not wait for.
   * SQLite needs nothing: BEGIN IMMEDIATE already runs write transactions one at a time.
   *
   * Without `awaitFlush`, the same statement lets the transaction's commit return before its WAL reaches disk
   * (`synchronous_commit` off for this transaction only): a server crash may lose the last fraction of a second
   * of such commits, never part of one. SQLite has no per-transaction switch.
   */
  async lockReader(trx: Transaction<Database>, userId: string, { awaitFlush }: { awaitFlush: boolean }): Promise<void> {
    if (this.dialect !== "postgres") return;
    const lock = trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate();
    await (awaitFlush
      ? lock
      : lock.select(sql<string>`set_config('synchronous_commit', 'off', true)`.as("synchronousCommit"))
    ).execute();
  }

  /**
   * Writes the book's progress and says what changed. The latest write wins: one stamped before the
   * stored `lastReadAt` moves nothing (though reaching 100 still finishes the book). A book once read
   * stays read (a later, lower figure is a re-read: the place moves, `is_read` does not), so
   * "finished" happens once. SQLite's half of `saveProgress`.
   */
  private async writeBookProgress(trx: Transaction<Database>, write: BookProgressWrite): Promise<BookProgressOutcome> {
    const values = { ...write, isRead: write.progress === 100 ? 1 : 0 };
    if (write.progress === 100) {
      const [justRead] = await this.hot.markRead.execute<Database>(trx, values);
      if (justRead) return { row: justRead, ...UNCHANGED, finished: true };
    }
    const [updated] = await this.hot.update.execute<Database>(trx, values);
    if (updated) return { row: updated, ...UNCHANGED };
    // No row yet, or a newer one; the reader lock keeps anyone else from inserting it meanwhile.
    const [inserted] = await this.hot.insert.execute<Database>(trx, values);
    if (inserted) return { row: inserted, ...UNCHANGED, started: true, finished: inserted.isRead === 1 };
    if (write.progress === 100) {
      const [lateFinish] = await this.hot.markReadOnly.execute<Database>(trx, values);
      if (lateFinish) return { row: lateFinish, ...UNCHANGED, finished: true };
    }
    const [newer] = await this.hot.current.execute<Database>(trx, values);
    if (!newer) throw new Error("The reading progress row vanished under the reader lock");
    return { row: newer, ...UNCHANGED };
  }

  /**
   * "Mark as finished" and "Start over": the place and `is_read` set outright, whatever the stored
   * write's moment (an explicit action beats any save; `lastReadAt` never moves back). Start over also
   * forgets the chapters' progress. Run under `lockReader`.
   */
  async setBookState(
    trx: Transaction<Database>,
    write: BookProgressWrite & { isRead: Bool },
  ): Promise<BookProgressOutcome> {
    const before = await trx
      .selectFrom("readingProgress")
      .select("isRead")
      .where("userId", "=", write.userId)
      .where("bookId", "=", write.bookId)
      .executeTakeFirst();
    if (!before) {
      const row = await trx.insertInto("readingProgress").values(write).returningAll().executeTakeFirstOrThrow();
      return { row, ...UNCHANGED, started: true, finished: write.isRead === 1 };
    }
    // The book's row before its chapters', the order every writer of them keeps (see saveProgressStatement).
    const row = await trx
      .updateTable("readingProgress")
      .set((eb) => ({
        progress: write.progress,
        currentChapter: write.currentChapter,
        epubPosition: write.epubPosition,
        isRead: write.isRead,
        // The later of the two, read in the row itself: a quick save may have moved it since `before` (ISO
        // timestamps sort as text).
        lastReadAt: eb
          .case()
          .when("lastReadAt", ">", write.lastReadAt)
          .then(eb.ref("lastReadAt"))
          .else(write.lastReadAt)
          .end(),
      }))
      .where("userId", "=", write.userId)
      .where("bookId", "=", write.bookId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (write.isRead === 0) {
      await trx
        .deleteFrom("chapterProgress")
        .where("userId", "=", write.userId)
        .where("bookId", "=", write.bookId)
        .execute();
    }
    return {
      row,
      ...UNCHANGED,
      finished: before.isRead === 0 && write.isRead === 1,
      unfinished: before.isRead === 1 && write.isRead === 0,
    };
  }

  /** Moves the book between current and finished reads (deltas of -1, 0 or +1). */
  async moveReadCounters(
    trx: Transaction<Database>,
    bookId: string,
    deltas: { current: number; finished: number },
    now: string,
  ): Promise<void> {
    await trx
      .updateTable("books")
      .set((eb) => ({
        nCurrentReads: eb("nCurrentReads", "+", deltas.current),
        nFinishedReads: eb("nFinishedReads", "+", deltas.finished),
        lastInteractedAt: now,
      }))
      .where("id", "=", bookId)
      .execute();
  }

  /**
   * A new reader of the book becomes a reader of each of its authors who had not counted them yet
   * (an author's n_readers counts distinct users with progress on any of their books). The caller
   * holds the reader lock, so the check sees the reader's other progress rows.
   */
  async countNewReader(trx: Transaction<Database>, userId: string, bookId: string): Promise<void> {
    await trx
      .updateTable("authors")
      .set((eb) => ({ nReaders: eb("nReaders", "+", 1) }))
      .where("id", "in", trx.selectFrom("bookAuthors").select("authorId").where("bookId", "=", bookId))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("readingProgress")
              .innerJoin("bookAuthors as other", "other.bookId", "readingProgress.bookId")
              .select("readingProgress.bookId")
              .where("readingProgress.userId", "=", userId)
              .where("readingProgress.bookId", "!=", bookId)
              .whereRef("other.authorId", "=", "authors.id"),
          ),
        ),
      )
      .execute();
  }

  /** How events name the user: their full name, or their username when they gave none. */
  async displayName(trx: Transaction<Database>, userId: string): Promise<string> {
    const user = await trx
      .selectFrom("users")
      .select(["firstName", "lastName", "username"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    return `${user.firstName} ${user.lastName}`.trim() || user.username;
  }

  /** The user's books in progress (below 100, re-reads included), most recently read first, visible books only. */
  async continueReading(userId: string, limit: number): Promise<{ book: BookRow; progress: ReadingProgressRow }[]> {
    const rows = await this.db
      .selectFrom("readingProgress")
      .innerJoin("books", "books.id", "readingProgress.bookId")
      .selectAll("books")
      .select([
        "readingProgress.userId",
        "readingProgress.bookId",
        "readingProgress.progress",
        "readingProgress.currentChapter",
        "readingProgress.lastReadAt",
        "readingProgress.isRead",
        "readingProgress.epubPosition",
      ])
      .where("readingProgress.userId", "=", userId)
      .where("readingProgress.progress", "<", 100)
      .where("books.display", "=", 1)
      .orderBy("readingProgress.lastReadAt", "desc")
      .orderBy("readingProgress.bookId", "desc")
      .limit(limit)
      .execute();
    return rows.map(
      ({ userId: reader, bookId, progress, currentChapter, lastReadAt, isRead, epubPosition, ...book }) => ({
        book,
        progress: { userId: reader, bookId, progress, currentChapter, lastReadAt, isRead, epubPosition },
      }),
    );
  }
}
