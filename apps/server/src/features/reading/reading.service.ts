import {
  AppError,
  type Book,
  type BookProgressResponse,
  type BookProgressUpdate,
  bookProgressAt,
  type ChapterProgressUpdateSchema,
  clampProgress,
  type EpubPosition,
  PAGE_SIZE_LARGE,
  PROGRESS_MAX,
  PROGRESS_MIN,
  type ReadingProgress,
  USER_SCORE_BOOK_FINISHED,
  USER_SCORE_READ_STARTED,
} from "@quire/core";
import type { Transaction } from "kysely";
import type { z } from "zod";
import { toJson } from "../../db/json";
import { retryingTransaction } from "../../db/retrying-transaction";
import type { Database } from "../../db/schema";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import { activitiesRepository } from "../feed";
import { type NewUserEvent, recordUserEvent } from "../notifications";
import { moveUserScores, otherAuthorsOf } from "../users";
import { listEntriesRepository } from "./list-entries.repository";
import type { ChapterProgressRow } from "./progress-save.repository";
import { presentChapterProgress, presentReadingProgress } from "./reading.presenter";
import type {
  BookForProgress,
  BookProgressOutcome,
  BookProgressWrite,
  ChapterProgressWrite,
  ReadingRepository,
} from "./reading.repository";

interface CommitMode {
  awaitFlush: boolean;
}
/**
 * A reading place is saved again at the reader's next move, each save carrying the latest place: its commit need
 * not wait for the disk, where the write path's tail was (docs/scale.md). A crash may set a place back a page.
 */
const POSITION_SAVE: CommitMode = { awaitFlush: false };
/** "Mark as finished" and "Start over" are one-off actions: they wait until they are durable. */
const EXPLICIT_ACTION: CommitMode = { awaitFlush: true };

/** One write's transaction, its moment, and whether it recorded an event (the worker is nudged after commit). */
interface WriteScope {
  trx: Transaction<Database>;
  now: string;
  wroteEvent: boolean;
}

/**
 * Reading progress rules (SPEC §4): a book's figure is the reader's place in it (`bookProgressAt`:
 * the words of body chapters before the place, clamped and rounded; 100 only at the end of the last body
 * chapter, front matter counting as 0 and back matter as 100); the
 * latest write wins; the first record makes a current read, reaching 100 a finished one (once: going
 * back does not un-read a book, only "Start over" does); lists, the feed and the 'read book' event
 * follow in the same transaction.
 */
export class ReadingService {
  constructor(
    private readonly deps: {
      repository: ReadingRepository;
      catalog: CatalogRepository;
      clock: () => Date;
      /** Called after a commit that wrote user events, so they are delivered without waiting for the next round. */
      onEventsWritten: () => void;
    },
  ) {}

  private get repository(): ReadingRepository {
    return this.deps.repository;
  }

  /** The book and its chapters; hidden books are not found. */
  private async target(bookId: string): Promise<BookForProgress> {
    const book = await this.repository.findBook(bookId);
    if (book?.display !== 1) throw AppError.of("bookNotFoundBang");
    return book;
  }

  /** A book one can have read: its text is refused before launch, so is progress on it. */
  private async readableTarget(bookId: string): Promise<BookForProgress> {
    const book = await this.target(bookId);
    if (book.status === "scheduled") throw AppError.of("bookNotLaunched");
    return book;
  }

  /** When the reader was there: their own moment, but never ahead of the server's. */
  private readAt(readAt: string | undefined, now: Date): string {
    if (readAt === undefined) return now.toISOString();
    return new Date(Math.min(Date.parse(readAt), now.getTime())).toISOString();
  }

  async getProgress(userId: string, bookId: string): Promise<BookProgressResponse> {
    const { chapters } = await this.target(bookId);
    const [progress, chapterRows] = await Promise.all([
      this.repository.readingProgress(userId, bookId),
      this.repository.chapterProgress(userId, bookId),
    ]);
    return {
      progress: progress ? presentReadingProgress(progress) : null,
      chapters: presentChapterProgress(
        chapterRows,
        chapters.map((chapter) => chapter.anchorId),
      ),
    };
  }

  async putBookProgress(userId: string, bookId: string, update: BookProgressUpdate): Promise<BookProgressResponse> {
    return guarded(async () => {
      const target = await this.readableTarget(bookId);
      // A book without chapters (nothing imported or written yet) has no anchors to check against.
      if (
        target.chapters.length > 0 &&
        (!isChapter(target, update.currentChapter) || !isChapter(target, update.epubPosition.anchorId))
      ) {
        throw AppError.of("chapterNotFound");
      }
      const { anchorId, offset } = update.epubPosition;
      const progress =
        target.chapters.length > 0
          ? placeProgress(target, anchorId, offset * PROGRESS_MAX)
          : clampProgress(update.progress);
      const now = this.deps.clock();
      const lastReadAt = this.readAt(update.readAt, now);
      return this.saveProgress(
        target,
        now,
        {
          userId,
          bookId,
          progress,
          currentChapter: update.currentChapter,
          lastReadAt,
          epubPosition: toJson(update.epubPosition),
        },
        null,
      );
    });
  }

  async putChapterProgress(
    userId: string,
    bookId: string,
    anchorId: string,
    update: z.output<typeof ChapterProgressUpdateSchema>,
  ): Promise<BookProgressResponse> {
    return guarded(async () => {
      const target = await this.readableTarget(bookId);
      if (!isChapter(target, anchorId) || (update.epubPosition && !isChapter(target, update.epubPosition.anchorId))) {
        throw AppError.of("chapterNotFound");
      }
      const progress = clampProgress(update.progress);
      const epubPosition = update.epubPosition ? toJson(update.epubPosition) : null;
      const now = this.deps.clock();
      const lastReadAt = this.readAt(update.readAt, now);
      return this.saveProgress(
        target,
        now,
        {
          userId,
          bookId,
          progress: placeProgress(target, anchorId, progress),
          currentChapter: anchorId,
          lastReadAt,
          epubPosition,
        },
        { anchorId, progress, isRead: progress === PROGRESS_MAX ? 1 : 0 },
      );
    });
  }

  /** "Mark as finished": the place moves to the end of the last body chapter and the book is read. */
  async finish(userId: string, bookId: string, readAt: string | undefined): Promise<BookProgressResponse> {
    return guarded(async () => {
      const target = await this.readableTarget(bookId);
      const last = (target.chapters.findLast(isBody) ?? target.chapters.at(-1))?.anchorId ?? null;
      return this.setState(userId, target, readAt, { progress: PROGRESS_MAX, isRead: 1, anchorId: last, offset: 1 });
    });
  }

  /**
   * "Start over": back to the start of the first body chapter with no chapter read, and a finished book
   * becomes a current read again (the counters follow), so finishing it again counts once more.
   */
  async startOver(userId: string, bookId: string, readAt: string | undefined): Promise<BookProgressResponse> {
    return guarded(async () => {
      const target = await this.readableTarget(bookId);
      const first = (target.chapters.find(isBody) ?? target.chapters[0])?.anchorId ?? null;
      return this.setState(userId, target, readAt, { progress: PROGRESS_MIN, isRead: 0, anchorId: first, offset: 0 });
    });
  }

  private async setState(
    userId: string,
    target: BookForProgress,
    readAt: string | undefined,
    state: { progress: number; isRead: 0 | 1; anchorId: string | null; offset: number },
  ): Promise<BookProgressResponse> {
    const now = this.deps.clock();
    const lastReadAt = this.readAt(readAt, now);
    const position: EpubPosition | null = state.anchorId ? { anchorId: state.anchorId, offset: state.offset } : null;
    return this.inTransaction(userId, now, EXPLICIT_ACTION, async (scope) => {
      const outcome = await this.repository.setBookState(scope.trx, {
        userId,
        bookId: target.id,
        progress: state.progress,
        currentChapter: state.anchorId,
        lastReadAt,
        epubPosition: position ? toJson(position) : null,
        isRead: state.isRead,
      });
      return this.answer(scope, target, userId, await this.recordOutcome(scope, target, outcome));
    });
  }

  /** Every write answers with the book's progress and the reader's chapters, as GET does. */
  private async answer(
    scope: WriteScope,
    target: BookForProgress,
    userId: string,
    progress: ReadingProgress,
  ): Promise<BookProgressResponse> {
    return this.present(target, progress, await this.repository.chapterProgress(userId, target.id, scope.trx));
  }

  /**
   * A reader's place saved (a book write, or a chapter write with its chapter). On PostgreSQL a save that moves
   * an existing place and finishes nothing is one statement with no transaction around it; any other (a first
   * record, a finish, a write older than the stored one) and every save on SQLite runs in the reader's
   * transaction, where its counters, list and feed follow. Either way the save returns the answer's chapters.
   */
  private async saveProgress(
    target: BookForProgress,
    now: Date,
    write: BookProgressWrite,
    chapter: ChapterProgressWrite | null,
  ): Promise<BookProgressResponse> {
    const quick = await this.repository.saveQuickly(write, chapter);
    if (quick) return this.present(target, presentReadingProgress(quick.outcome.row), quick.chapters);
    return this.inTransaction(write.userId, now, POSITION_SAVE, async (scope) => {
      const { outcome, chapters } = await this.repository.saveProgress(scope.trx, write, chapter);
      return this.present(target, await this.recordOutcome(scope, target, outcome), chapters);
    });
  }

  private present(
    target: BookForProgress,
    progress: ReadingProgress,
    chapters: ChapterProgressRow[],
  ): BookProgressResponse {
    return { progress, chapters: presentChapterProgress(chapters, anchorsOf(target)) };
  }

  /** "Continue reading": books below 100, most recently read first. */
  async continueReading(userId: string) {
    const rows = await this.repository.continueReading(userId, PAGE_SIZE_LARGE);
    const books = await presentBookSummaries(
      this.deps.catalog,
      rows.map((row) => row.book),
    );
    return {
      items: rows.map((row, index) => ({ book: books[index] as Book, progress: presentReadingProgress(row.progress) })),
    };
  }

  /** The counters, list, feed and event a first record, a finish or its undoing call for. */
  private async recordOutcome(
    scope: WriteScope,
    book: BookForProgress,
    { row, started, finished, unfinished }: BookProgressOutcome,
  ): Promise<ReadingProgress> {
    if (!started && !finished && !unfinished) return presentReadingProgress(row);
    const { trx, now } = scope;
    const current = (started ? 1 : 0) - (finished ? 1 : 0) + (unfinished ? 1 : 0);
    await this.repository.moveReadCounters(
      trx,
      book.id,
      { current, finished: (finished ? 1 : 0) - (unfinished ? 1 : 0) },
      now,
    );
    if (started) await this.repository.countNewReader(trx, row.userId, book.id);
    await this.moveScores(trx, row.userId, book.id, { started, finished: (finished ? 1 : 0) - (unfinished ? 1 : 0) });
    await listEntriesRepository.put(trx, row.userId, book.id, finished ? "finished" : "reading", now);
    // A first record that already finishes the book is reported as the finish alone; starting over is no news.
    if (started || finished) {
      await activitiesRepository.record(
        trx,
        { actorId: row.userId, verb: finished ? "finished" : "started", bookId: book.id },
        now,
      );
    }
    if (finished) {
      const event: NewUserEvent = {
        eventType: "read book",
        // Nobody is waiting on it (it becomes feed material for the reader's followers): the outbox may take it last.
        priority: "low",
        targetUserId: null,
        triggeredByUserId: row.userId,
        triggeredByUserName: await this.repository.displayName(trx, row.userId),
        targetResource: { id: book.id, type: "book", name: book.title },
      };
      await recordUserEvent(trx, event, now);
      scope.wroteEvent = true;
    }
    return presentReadingProgress(row);
  }

  /** A book begun raises the reader's score; a finish (or its undoing by "Start over") moves its other authors'. */
  private async moveScores(
    trx: Transaction<Database>,
    readerId: string,
    bookId: string,
    { started, finished }: { started: boolean; finished: number },
  ): Promise<void> {
    const authors = finished === 0 ? [] : await otherAuthorsOf(trx, bookId, readerId);
    await moveUserScores(trx, [
      { userId: readerId, delta: started ? USER_SCORE_READ_STARTED : 0 },
      ...authors.map((authorId) => ({ userId: authorId, delta: finished * USER_SCORE_BOOK_FINISHED })),
    ]);
  }

  /**
   * One transaction per write, one reader's writes one at a time, retried on PostgreSQL deadlocks;
   * events it wrote are announced after commit.
   */
  private async inTransaction<T>(
    userId: string,
    moment: Date,
    commitMode: CommitMode,
    work: (scope: WriteScope) => Promise<T>,
  ): Promise<T> {
    const now = moment.toISOString();
    let wroteEvent = false;
    const result = await retryingTransaction(this.repository.db, async (trx) => {
      await this.repository.lockReader(trx, userId, commitMode);
      const scope: WriteScope = { trx, now, wroteEvent: false };
      const value = await work(scope);
      wroteEvent = scope.wroteEvent;
      return value;
    });
    if (wroteEvent) this.deps.onEventsWritten();
    return result;
  }
}

/** Anything unexpected in a progress write becomes SPEC §8's "Failed to update reading progress.". */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.of("progressFailed", { cause: error });
  }
}

const isBody = (chapter: { role: string }) => chapter.role === "body";

function anchorsOf(target: BookForProgress): string[] {
  return target.chapters.map((chapter) => chapter.anchorId);
}

/** The book's figure at a place in one of its chapters (`chapterPercent` through it). */
function placeProgress(target: BookForProgress, anchorId: string, chapterPercent: number): number {
  const index = target.chapters.findIndex((chapter) => chapter.anchorId === anchorId);
  return bookProgressAt(
    target.chapters.map((chapter) => chapter.wordCount),
    index,
    chapterPercent,
    target.chapters.map((chapter) => chapter.role),
  );
}

/** Whether the anchor is a chapter of the book's current edition. */
function isChapter(target: BookForProgress, anchorId: string): boolean {
  return target.chapters.some((chapter) => chapter.anchorId === anchorId);
}
