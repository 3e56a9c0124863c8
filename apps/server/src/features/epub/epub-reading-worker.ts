import { parentPort } from "node:worker_threads";
// Core by subpath, here and in the modules this thread loads: the package's index (zod, every contract)
// would double the worker's start-up.
import { AppError } from "@quire/core/errors";
import { assertSafeKey } from "../../infra/storage";
import { dataImages, openEpub, ownCopy, rasterImages, readContent } from "./epub-reading";
import type { FromWorker, ReadingJob, ToWorker } from "./epub-reading-thread";

/**
 * Runs in a worker thread (see EpubReading): reads one EPUB after another, answering each in the
 * order the import asks (package, then content).
 */

const port = parentPort;
if (!port) throw new Error("epub-reading-worker runs only as a worker thread");

// One listener for the thread's life, so no message arrives between two waits and is lost.
const inbox: ToWorker[] = [];
let waiting: ((message: ToWorker) => void) | undefined;
port.on("message", (message: ToWorker) => {
  if (waiting) {
    const deliver = waiting;
    waiting = undefined;
    deliver(message);
  } else {
    inbox.push(message);
  }
});
const nextMessage = () =>
  new Promise<ToWorker>((resolve) => {
    const queued = inbox.shift();
    if (queued) resolve(queued);
    else waiting = resolve;
  });

function post(message: FromWorker): void {
  // The files' buffers move to the main thread rather than being copied.
  const buffers =
    message.kind === "content"
      ? message.files.map((file) => file.bytes.buffer as ArrayBuffer)
      : message.kind === "package"
        ? [message.cover, ...message.images, ...message.dataImages].flatMap((image) =>
            image ? [image.bytes.buffer as ArrayBuffer] : [],
          )
        : [];
  port?.postMessage(message, buffers);
}

async function read(job: ReadingJob): Promise<void> {
  const opened = openEpub(job.bytes, job.limits);
  const { pkg, archive } = opened;
  const found = dataImages(opened);
  post({
    kind: "package",
    metadata: pkg.metadata,
    cover: pkg.cover ? { bytes: ownCopy(archive.read(pkg.cover.path)), mediaType: pkg.cover.mediaType } : undefined,
    images: rasterImages(opened),
    dataImages: found,
  });
  const request = await nextMessage();
  if (request.kind !== "content") throw new Error(`expected the content request, got ${request.kind}`);
  const { bookId, keyPrefix, filesUrlPrefix, oversizeImages, oversizeDataImages } = request;
  const { content, files } = readContent(opened, {
    bookId,
    keyPrefix,
    urlForKey: (key) => filesUrlPrefix + assertSafeKey(key),
    oversizeImages: new Set(oversizeImages),
    dataImagesWithinLimit: new Set(found.map((image) => image.path).filter((key) => !oversizeDataImages.includes(key))),
    limits: job.limits,
  });
  post({ kind: "content", content, files });
}

function report(error: unknown): void {
  if (error instanceof AppError) {
    const { code, message, reason, details } = error;
    post({ kind: "refused", error: { code, message, reason, details } });
  } else {
    const failure = error instanceof Error ? error : new Error(String(error));
    post({ kind: "failed", message: failure.message, stack: failure.stack });
  }
}

for (;;) {
  const message = await nextMessage();
  if (message.kind === "read") await read(message).catch(report);
}
