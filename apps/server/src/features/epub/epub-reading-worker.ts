import { parentPort, workerData } from "node:worker_threads";
// Core by subpath, here and in the modules this thread loads: the package's index (zod, every contract)
// would double the worker's start-up.
import { AppError } from "@quire/core/errors";
import { assertSafeKey } from "../../infra/storage";
import { dataImages, openEpub, ownCopy, rasterImages, readContent } from "./epub-reading";
import type { FromWorker, ReadingJob, ToWorker } from "./epub-reading-thread";

/** Runs in a worker thread (see EpubReading): reads the EPUB it is given, answering in the order the import asks. */

const port = parentPort;
if (!port) throw new Error("epub-reading-worker runs only as a worker thread");
const job = workerData as ReadingJob;

const nextRequest = () => new Promise<ToWorker>((resolve) => port.once("message", resolve));

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

async function read(): Promise<void> {
  const request = nextRequest();
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
  const { bookId, keyPrefix, filesUrlPrefix, oversizeImages, oversizeDataImages } = await request;
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

read().catch((error: unknown) => {
  if (error instanceof AppError) {
    const { code, message, reason, details } = error;
    post({ kind: "refused", error: { code, message, reason, details } });
  } else {
    const failure = error instanceof Error ? error : new Error(String(error));
    post({ kind: "failed", message: failure.message, stack: failure.stack });
  }
});
