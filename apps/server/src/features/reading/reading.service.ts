import {
  AppError,
  type Book,
  type BookProgressResponse,
  type BookProgressUpdate,
  type ChapterProgressUpdateSchema,
  clampProgress,
  PAGE_SIZE_LARGE,
  PROGRESS_MAX,
  type ReadingProgress,
} from "@quire/core";
import type { Transaction } from "kysely";
import type { z } from "zod";
import { toJson } from "../../db/json";
import { retryingTransaction } from "../../db/retrying-transaction";
import type { Database } from "../../db/schema";
import type { CatalogRepository } from "../catalog/catalog.repository";
import { activitiesRepository } from "../feed/activities.repository";
import { presentBookSummaries } from "../library/book-summaries";
import { listEntriesRepository } from "../library/list-entries.repository";
import { type NewUserEvent, recordUserEvent } from "../notifications/user-events.repository";
import { presentChapterProgress, presentReadingProgress } from "./reading.presenter";
import type { BookForProgress, BookProgressWrite, ReadingProgressRow, ReadingRepository } from "./reading.repository";
import { weightedBookProgress } from "./weighted-progress";

/** One write's transaction, its moment, and whether it recorded an event (the worker is nudged after commit). */
interface WriteScope {
  trx: Transaction<Database>;
  now: string;
  wroteEvent: boolean;
}

/**
 * Reading progress rules (SPEC §4): values clamped to 0–100 and rounded; a book's figure derived from
 * its chapters, weighted by words, once there is chapter progress; the first record makes a current
 * read, reaching 100 a finished one (once: a read book is never un-read); lists and the 'read book'
 * event follow in the same transaction.
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
      const target = await this.target(bookId);
      // A book without chapters (nothing imported or written yet) has no anchors to check against.
      if (
        target.chapters.length > 0 &&
        (!isChapter(target, update.currentChapter) || !isChapter(target, update.epubPosition.anchorId))
      ) {
        throw AppError.of("chapterNotFound");
      }
      return this.inTransaction(userId, async (scope) => {
        const chapterRows = await this.repository.chapterProgress(userId, bookId, scope.trx);
        const derived = weightedBookProgress(target.chapters, progressByAnchor(chapterRows));
        const progress = await this.saveBookProgress(scope, target, {
          userId,
          bookId,
          progress: derived ?? clampProgress(update.progress),
          currentChapter: update.currentChapter,
          lastReadAt: scope.now,
          epubPosition: toJson(update.epubPosition),
        });
        return { progress, chapters: presentChapterProgress(chapterRows, anchorsOf(target)) };
      });
    });
  }

  async putChapterProgress(
    userId: string,
    bookId: string,
    anchorId: string,
    update: z.output<typeof ChapterProgressUpdateSchema>,
  ): Promise<BookProgressResponse> {
    return guarded(async () => {
      const target = await this.target(bookId);
      if (!isChapter(target, anchorId) || (update.epubPosition && !isChapter(target, update.epubPosition.anchorId))) {
        throw AppError.of("chapterNotFound");
      }
      const progress = clampProgress(update.progress);
      const epubPosition = update.epubPosition ? toJson(update.epubPosition) : null;
      return this.inTransaction(userId, async (scope) => {
        await this.repository.upsertChapterProgress(scope.trx, {
          userId,
          bookId,
          anchorId,
          progress,
          isRead: progress === PROGRESS_MAX ? 1 : 0,
          lastReadAt: scope.now,
          epubPosition,
        });
        const chapterRows = await this.repository.chapterProgress(userId, bookId, scope.trx);
        const saved = await this.saveBookProgress(scope, target, {
          userId,
          bookId,
          // Always defined here: the chapter just saved is one of the book's.
          progress: weightedBookProgress(target.chapters, progressByAnchor(chapterRows)) ?? progress,
          currentChapter: anchorId,
          lastReadAt: scope.now,
          epubPosition,
        });
        return { progress: saved, chapters: presentChapterProgress(chapterRows, anchorsOf(target)) };
      });
    });
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

  /** The book's progress row, and the counters, list and event its first record or its finish call for. */
  private async saveBookProgress(
    scope: WriteScope,
    book: BookForProgress,
    write: BookProgressWrite,
  ): Promise<ReadingProgress> {
    const { row, started, finished } = await this.repository.writeBookProgress(scope.trx, write);
    if (started || finished) await this.recordTransition(scope, book, row, { started, finished });
    return presentReadingProgress(row);
  }

  private async recordTransition(
    scope: WriteScope,
    book: BookForProgress,
    row: ReadingProgressRow,
    { started, finished }: { started: boolean; finished: boolean },
  ): Promise<void> {
    const { trx, now } = scope;
    await this.repository.moveReadCounters(
      trx,
      book.id,
      { current: (started ? 1 : 0) - (finished ? 1 : 0), finished: finished ? 1 : 0 },
      now,
    );
    if (started) await this.repository.countNewReader(trx, row.userId, book.id);
    await listEntriesRepository.put(trx, row.userId, book.id, finished ? "finished" : "reading", now);
    // A first record that already finishes the book is reported as the finish alone.
    await activitiesRepository.record(
      trx,
      { actorId: row.userId, verb: finished ? "finished" : "started", bookId: book.id },
      now,
    );
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
  }

  /**
   * One transaction per write, one reader's writes one at a time, retried on PostgreSQL deadlocks;
   * events it wrote are announced after commit.
   */
  private async inTransaction<T>(userId: string, work: (scope: WriteScope) => Promise<T>): Promise<T> {
    const now = this.deps.clock().toISOString();
    let wroteEvent = false;
    const result = await retryingTransaction(this.repository.db, async (trx) => {
      await this.repository.lockReader(trx, userId);
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

function anchorsOf(target: BookForProgress): string[] {
  return target.chapters.map((chapter) => chapter.anchorId);
}

function progressByAnchor(rows: { anchorId: string; progress: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.anchorId, row.progress]));
}

/** Whether the anchor is a chapter of the book's current edition. */
function isChapter(target: BookForProgress, anchorId: string): boolean {
  return target.chapters.some((chapter) => chapter.anchorId === anchorId);
}
