import { Worker } from "node:worker_threads";
import { AppError, type ErrorCode } from "@quire/core/errors";
import type { EpubLimits } from "./epub-archive";
import type { StoredFile } from "./epub-cover";
import type { EpubMetadata } from "./epub-package";
import type { ReadContent } from "./epub-reading";

/** What the worker is given: the file and the limits it is read under. */
export interface ReadingJob {
  bytes: Uint8Array;
  limits: EpubLimits;
}

/** The book's place in storage, known once the database has said whether it is a new edition. */
export interface ContentRequest {
  bookId: string;
  keyPrefix: string;
  /** Storage URLs are this prefix and the key (`/files/`, or a bucket's public URL). */
  filesUrlPrefix: string;
  /** Archive paths of the pictures over the pixel limit (checked here, where sharp is loaded already). */
  oversizeImages: string[];
  /** Keys of the data: pictures over it. */
  oversizeDataImages: string[];
}

export interface PackageSummary {
  metadata: EpubMetadata;
  cover: { bytes: Uint8Array; mediaType: string } | undefined;
  /** The archive's raster images, for the pixel check. */
  images: { path: string; bytes: Uint8Array }[];
  /** The raster data: images in its text, by key (epub-data-images.ts), for the same check. */
  dataImages: { path: string; bytes: Uint8Array }[];
}

export interface ReadBook {
  content: ReadContent;
  files: StoredFile[];
}

export type FromWorker =
  | ({ kind: "package" } & PackageSummary)
  | ({ kind: "content" } & ReadBook)
  | { kind: "refused"; error: { code: ErrorCode; message: string; reason?: string; details?: unknown } }
  | { kind: "failed"; message: string; stack?: string };

export type ToWorker = ({ kind: "read" } & ReadingJob) | ({ kind: "content" } & ContentRequest);

// A .mjs that registers tsx first: the worker runs our TypeScript under vitest and `quire start` alike.
const WORKER_URL = new URL("./epub-reading-worker.mjs", import.meta.url);
/** A book the size of the limits fits in far less; a worker that needs more is stopped (and the book refused). */
const WORKER_HEAP_MB = 1024;

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Whoever awaits it sees the failure; one nobody asked for (an import given up early) is not "unhandled".
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

function startWorker(): Worker {
  return new Worker(WORKER_URL, {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
}

/**
 * A worker that finished its last book cleanly waits here for the next (unreferenced, so it never
 * keeps the process alive): starting one costs a fresh set of modules, paid once rather than per import.
 */
let idle: { worker: Worker; forget: () => void } | undefined;

function park(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  // A parked worker that fails or dies (it should not) is not handed the next book, nor left to crash the process.
  const forget = () => {
    if (idle?.worker === worker) idle = undefined;
  };
  worker.on("error", forget);
  worker.on("exit", forget);
  idle = { worker, forget };
}

function takeIdleWorker(): Worker | undefined {
  const parked = idle;
  idle = undefined;
  parked?.worker.off("error", parked.forget);
  parked?.worker.off("exit", parked.forget);
  return parked?.worker;
}

/**
 * An EPUB being read in a worker thread, so that a large or hostile book costs the API nothing:
 * the event loop only waits for messages. The whole reading has `limits.maxImportMs`; past it the
 * worker is terminated wherever it is, and the import refused with `epubImportTooSlow`. A worker
 * that refused, failed or was given up is terminated; only one that delivered is reused.
 */
export class EpubReading {
  private readonly summary = deferred<PackageSummary>();
  private readonly book = deferred<ReadBook>();
  private readonly timer: NodeJS.Timeout;
  private finished = false;
  private readonly listeners = {
    message: (message: FromWorker) => this.receive(message),
    error: (error: Error & { code?: string }) =>
      this.fail(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? AppError.of("epubTooLarge", { details: { reason: "memory" } })
          : error,
      ),
    exit: (code: number) => this.fail(new Error(`the EPUB reading worker exited (code ${code})`)),
  };

  private constructor(
    private readonly worker: Worker,
    job: ReadingJob,
  ) {
    worker.ref();
    worker.on("message", this.listeners.message);
    worker.on("error", this.listeners.error);
    worker.on("exit", this.listeners.exit);
    this.timer = setTimeout(
      () => this.fail(AppError.of("epubImportTooSlow", { details: { maxImportMs: job.limits.maxImportMs } })),
      job.limits.maxImportMs,
    );
    worker.postMessage({ kind: "read", ...job } satisfies ToWorker);
  }

  static start(job: ReadingJob): EpubReading {
    return new EpubReading(takeIdleWorker() ?? startWorker(), job);
  }

  /** The package's metadata and cover, first of all. */
  get package(): Promise<PackageSummary> {
    return this.summary.promise;
  }

  /** Sanitised content and files, built for the book's id and storage folder. */
  content(request: ContentRequest): Promise<ReadBook> {
    this.worker.postMessage({ kind: "content", ...request } satisfies ToWorker);
    return this.book.promise;
  }

  /** Ends this reading: a worker that delivered the content waits for the next book, any other is terminated. */
  async stop(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.release();
    await this.worker.terminate();
  }

  private release(): void {
    clearTimeout(this.timer);
    this.worker.off("message", this.listeners.message);
    this.worker.off("error", this.listeners.error);
    this.worker.off("exit", this.listeners.exit);
  }

  private receive(message: FromWorker): void {
    if (message.kind === "package") this.summary.resolve(message);
    else if (message.kind === "content") {
      this.finished = true;
      this.release();
      park(this.worker);
      this.book.resolve(message);
    } else if (message.kind === "refused") {
      const { code, message: text, reason, details } = message.error;
      this.fail(new AppError(code, text, { reason, details }));
    } else {
      this.fail(Object.assign(new Error(message.message), { stack: message.stack }));
    }
  }

  private fail(error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.release();
    this.summary.reject(error);
    this.book.reject(error);
    void this.worker.terminate();
  }
}
