import { AppError, PROGRESS_MAX } from "@quire/core";
import type { ReadingService } from "../reading";
import { fractionAt, type PlaceChapter, placeAtFraction } from "./book-place";
import type { KoreaderDocumentIndex } from "./document-index";
import type { KoreaderProgressRow, KosyncRepository } from "./kosync.repository";

/** What KOReader's `PUT /syncs/progress` sends (api.json of its kosync plugin). */
export interface KosyncProgressPut {
  document?: unknown;
  progress?: unknown;
  percentage?: unknown;
  device?: unknown;
  device_id?: unknown;
}

/** The reference server's answer to `GET /syncs/progress/:document`: empty when nothing is known. */
export interface KosyncProgress {
  document?: string;
  percentage?: number;
  progress?: string;
  device?: string;
  device_id?: string;
  timestamp?: number;
}

/** The reference server's refusals (koreader-sync-server config/errors.lua), answered as `{ code, message }`. */
export class KosyncError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  static invalidRequest = () => new KosyncError(403, 2003, "Invalid request");
  static documentMissing = () => new KosyncError(403, 2004, "Field 'document' not provided.");
}

/** How Quire signs the places it hands to KOReader (KOReader skips a place that came from itself). */
const QUIRE_DEVICE = "Quire";
const QUIRE_DEVICE_ID = "quire";
const MAX_FIELD = 2000;

/** Non-empty and free of ':' (the reference server keys Redis with it). */
const isKey = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= 200 && !value.includes(":");
const isText = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= MAX_FIELD;
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * KOReader progress sync. A document that names a Quire book moves the reader's Quire progress through the
 * reading service (its rules: the newest write wins, counters and lists follow) and keeps KOReader's own
 * locator for KOReader; any other document is kept as sent, for the same reader's other KOReaders.
 */
export class KosyncService {
  constructor(
    private readonly deps: {
      repository: KosyncRepository;
      documents: KoreaderDocumentIndex;
      reading: ReadingService;
      clock: () => Date;
    },
  ) {}

  async put(userId: string, body: KosyncProgressPut): Promise<{ document: string; timestamp: number }> {
    const { document, progress, device } = body;
    if (!isKey(document)) throw KosyncError.documentMissing();
    const percentage = typeof body.percentage === "string" ? Number(body.percentage) : body.percentage;
    if (typeof percentage !== "number" || !Number.isFinite(percentage) || !isText(progress) || !isText(device)) {
      throw KosyncError.invalidRequest();
    }
    const now = this.deps.clock().toISOString();
    const bookId = await this.moveQuireProgress(userId, document, percentage, now);
    await this.deps.repository.saveProgress({
      userId,
      document,
      bookId,
      percentage,
      progress,
      device,
      deviceId: typeof body.device_id === "string" ? body.device_id.slice(0, MAX_FIELD) : null,
      updatedAt: now,
    });
    return { document, timestamp: seconds(now) };
  }

  async get(userId: string, document: string): Promise<KosyncProgress> {
    if (!isKey(document)) throw KosyncError.documentMissing();
    const saved = await this.deps.repository.progress(userId, document);
    const bookId = saved?.bookId ?? (await this.deps.documents.bookFor(document));
    const quire = bookId ? await this.quireProgress(userId, bookId) : null;
    // KOReader's own write stands until the reader reads on elsewhere in Quire.
    if (!quire || (saved && saved.updatedAt >= quire.lastReadAt)) return saved ? present(saved) : {};
    const chapters = await this.deps.repository.chapters(bookId as string);
    const position = quire.epubPosition;
    const fraction = position ? fractionAt(chapters, position.anchorId, position.offset) : undefined;
    const chapter = position && chapters.find((candidate) => candidate.anchorId === position.anchorId);
    return {
      document,
      percentage: round4(fraction ?? quire.progress / PROGRESS_MAX),
      progress: chapter ? chapterXPointer(chapter) : "",
      device: QUIRE_DEVICE,
      device_id: QUIRE_DEVICE_ID,
      timestamp: seconds(quire.lastReadAt),
    };
  }

  /** The book's id if the document is a Quire book the reader may record progress on, after recording it. */
  private async moveQuireProgress(
    userId: string,
    document: string,
    percentage: number,
    now: string,
  ): Promise<string | null> {
    const bookId = await this.deps.documents.bookFor(document);
    if (!bookId) return null;
    const place = placeAtFraction(await this.deps.repository.chapters(bookId), percentage);
    if (!place) return null;
    try {
      await this.deps.reading.putBookProgress(userId, bookId, {
        epubPosition: { anchorId: place.chapter.anchorId, offset: place.offset },
        currentChapter: place.chapter.anchorId,
        progress: percentage * PROGRESS_MAX,
        readAt: now,
      });
      return bookId;
    } catch (error) {
      // A hidden or not yet launched book takes no Quire progress: the write is kept as KOReader's alone.
      if (error instanceof AppError && error.code !== "internal") return null;
      throw error;
    }
  }

  private async quireProgress(userId: string, bookId: string) {
    try {
      return (await this.deps.reading.getProgress(userId, bookId)).progress;
    } catch (error) {
      if (error instanceof AppError && error.code !== "internal") return null;
      throw error;
    }
  }
}

function present(row: KoreaderProgressRow): KosyncProgress {
  return {
    document: row.document,
    percentage: row.percentage,
    progress: row.progress,
    device: row.device,
    ...(row.deviceId === null ? {} : { device_id: row.deviceId }),
    timestamp: seconds(row.updatedAt),
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * KOReader (crengine) addresses an EPUB's spine items as DocFragment[n], 1-based; Quire's chapters are the
 * spine's readable items in order, so the chapter's start is as exact as a Quire place can be told to it.
 */
function chapterXPointer(chapter: PlaceChapter): string {
  return `/body/DocFragment[${chapter.chapterNumber}]/body`;
}
