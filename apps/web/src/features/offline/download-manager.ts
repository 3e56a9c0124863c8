import type { Book, BookDetail, ChapterContent, ChapterPage } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { coverImageUrl } from "@quire/core/thumbnails";
import { withQuery } from "../../lib/api-client";
import { formatBytes } from "../uploads";

/*
 * Book downloads: every request the reader (and the book page) makes for one book, answered once and kept in
 * Cache Storage under the exact address the app asks for, in a cache of the book's own. public/sw.js answers
 * from it when the network fails and repeats these names (its test checks them against this file).
 */
export const BOOK_CACHE_PREFIX = "quire-book-";
/** A made-up address inside each book's cache for its DownloadRecord; nothing on the server answers it. */
export const DOWNLOAD_RECORD_URL = "/offline/download.json";

export const bookCacheName = (bookId: string) => `${BOOK_CACHE_PREFIX}${bookId}`;

export interface DownloadRecord {
  bookId: string;
  title: string;
  authors: Book["authors"];
  imageUrl: string | null;
  /** Whose progress and notes it holds (null: a visitor's, nothing private); the worker drops it at sign-out. */
  userId: string | null;
  bytes: number;
  downloadedAt: string;
}

export type DownloadFailure = "no-room" | "failed";

export class DownloadError extends Error {
  constructor(
    readonly failure: DownloadFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "DownloadError";
  }
}

export interface DownloadOptions {
  /** The signed-in reader, whose progress, notes and book-page state come along; null for a visitor. */
  userId: string | null;
  /** Percent done, 0 to 100: it never goes back, and reaches 100 only once everything has arrived. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Reading offline needs Cache Storage and a service worker to answer from it. */
export function offlineSupported(): boolean {
  return typeof caches !== "undefined" && typeof navigator !== "undefined" && "serviceWorker" in navigator;
}

/** How much this origin uses and may use, or null where the browser does not say. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === "undefined" || !navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return usage === undefined || quota === undefined ? null : { usage, quota };
}

interface Fetched {
  body: Blob;
  init: ResponseInit;
}

const PARALLEL_REQUESTS = 4;

/**
 * Downloads a book: fetches everything first (reporting progress), checks it fits in what the browser still
 * grants, then stores it. A failure stores nothing; a new download of the same book replaces the old one.
 */
export async function downloadBook(bookId: string, options: DownloadOptions): Promise<DownloadRecord> {
  const { userId, onProgress, signal } = options;
  const fetched = new Map<string, Fetched>();
  const progress = { done: 0, total: 2, shown: -1 };
  // The total grows as chapters name their files: the bar then holds still rather than going back.
  const report = (finished = false) => {
    const percent = finished ? 100 : Math.min(99, Math.floor((progress.done / progress.total) * 100));
    if (percent <= progress.shown) return;
    progress.shown = percent;
    onProgress?.(percent);
  };
  report();

  const take = async (url: string, accept: "json" | "file", missingIsAnswer = false): Promise<Blob | null> => {
    let response: Response;
    try {
      response = await fetch(url, {
        credentials: "same-origin",
        headers: accept === "json" ? { Accept: "application/json" } : {},
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new DownloadError("failed", "The download stopped: check your connection and try again.", { cause: error });
    }
    progress.done += 1;
    report();
    if (!response.ok && !(missingIsAnswer && response.status === 404)) {
      // A picture the book names but the server lacks is left out; the text itself must all be there.
      if (accept === "file") return null;
      throw new DownloadError("failed", "This book couldn't be downloaded. Try again in a moment.");
    }
    const body = await response.blob();
    const contentType = response.headers.get("content-type");
    const headers = contentType ? { "Content-Type": contentType } : undefined;
    fetched.set(url, { body, init: { status: response.status, statusText: response.statusText, headers } });
    return body;
  };
  const takeJson = async <T>(url: string, missingIsAnswer = false): Promise<T> =>
    JSON.parse(await ((await take(url, "json", missingIsAnswer)) as Blob).text()) as T;

  const detail = await takeJson<BookDetail>(apiPath("books.get", { id: bookId }));
  const anchors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await takeJson<ChapterPage>(withQuery(apiPath("books.chapters", { id: bookId }), { cursor }));
    anchors.push(...page.items.map((chapter) => chapter.anchorId));
    cursor = page.nextCursor ?? undefined;
    if (cursor) progress.total += 1;
  } while (cursor);

  const files = new Set<string>(coverUrls(detail.book.imageUrl));
  const privateUrls = userId
    ? [apiPath("progress.get", { id: bookId }), apiPath("annotations.list", { id: bookId })]
    : [];
  // The session too: offline, the reader must still know who is reading to open at their place.
  const viewerState = userId ? [apiPath("books.viewerState", { id: bookId }), apiPath("auth.session")] : [];
  progress.total += anchors.length + privateUrls.length + viewerState.length;
  report();

  // A reader without progress in this book is answered 404, which the reader reads as "start at the beginning".
  await inParallel(privateUrls, (url) => take(url, "json", true));
  await inParallel(viewerState, (url) => take(url, "json"));
  await inParallel(anchors, async (anchorId) => {
    const { chapter } = await takeJson<{ chapter: ChapterContent }>(
      apiPath("books.chapterContent", { id: bookId, anchorId }),
    );
    for (const url of resourceUrls(chapter.html, chapter.css, location.origin)) files.add(url);
  });
  progress.total += files.size;
  report();
  await inParallel([...files], (url) => take(url, "file"));
  report(true);

  const bytes = [...fetched.values()].reduce((sum, { body }) => sum + body.size, 0);
  const estimate = await storageEstimate();
  if (estimate && estimate.quota - estimate.usage < bytes) {
    throw new DownloadError(
      "no-room",
      `Not enough room on this device: the book needs ${formatBytes(bytes)} and ${formatBytes(Math.max(0, estimate.quota - estimate.usage))} is free.`,
    );
  }
  const record: DownloadRecord = {
    bookId,
    title: detail.book.title,
    authors: detail.book.authors,
    imageUrl: detail.book.imageUrl,
    userId,
    bytes,
    downloadedAt: new Date().toISOString(),
  };
  await store(bookId, fetched, record);
  return record;
}

/** Writes the answers, the record last: a cache without its record is an unfinished download and is not listed. */
async function store(bookId: string, fetched: Map<string, Fetched>, record: DownloadRecord): Promise<void> {
  const name = bookCacheName(bookId);
  await caches.delete(name);
  const cache = await caches.open(name);
  try {
    for (const [url, { body, init }] of fetched) await cache.put(url, new Response(body, init));
    await cache.put(
      DOWNLOAD_RECORD_URL,
      new Response(JSON.stringify(record), { headers: { "Content-Type": "application/json" } }),
    );
  } catch (error) {
    await caches.delete(name);
    if (error instanceof DOMException && error.name === "QuotaExceededError") {
      throw new DownloadError("no-room", "Not enough room on this device for this book.", { cause: error });
    }
    throw error;
  }
}

export async function removeDownload(bookId: string): Promise<void> {
  await caches.delete(bookCacheName(bookId));
}

/** The finished downloads, newest first. */
export async function listDownloads(): Promise<DownloadRecord[]> {
  const names = (await caches.keys()).filter((name) => name.startsWith(BOOK_CACHE_PREFIX));
  const records = await Promise.all(names.map(readRecord));
  return records
    .filter((record): record is DownloadRecord => record !== null)
    .sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

async function readRecord(cacheName: string): Promise<DownloadRecord | null> {
  const answer = await (await caches.open(cacheName)).match(DOWNLOAD_RECORD_URL);
  return answer ? ((await answer.json()) as DownloadRecord) : null;
}

/** The cover at the sizes the book page and cards show it. */
function coverUrls(imageUrl: string | null): string[] {
  return imageUrl ? [coverImageUrl(imageUrl, "small"), coverImageUrl(imageUrl, "medium")] : [];
}

const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

/**
 * The same-origin files a chapter's HTML and the book's CSS load: pictures, media and fonts. A file on
 * another host (S3_PUBLIC_URL) cannot be kept without the browser padding it to megabytes, so it is left out.
 */
export function resourceUrls(html: string, css: string, origin: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const found: string[] = [];
  for (const element of doc.querySelectorAll("[src], [poster], image, use")) {
    for (const name of ["src", "poster", "href", "xlink:href"]) {
      const value = element.getAttribute(name);
      if (value && (name !== "href" || element.localName !== "a")) found.push(value);
    }
  }
  for (const element of doc.querySelectorAll("[srcset]")) {
    for (const candidate of (element.getAttribute("srcset") ?? "").split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) found.push(url);
    }
  }
  const styleTexts = [
    css,
    ...[...doc.querySelectorAll("[style]")].map((element) => element.getAttribute("style") ?? ""),
    ...[...doc.querySelectorAll("style")].map((element) => element.textContent ?? ""),
  ];
  for (const text of styleTexts) for (const match of text.matchAll(CSS_URL)) found.push(match[2] ?? "");
  const urls = new Set<string>();
  for (const value of found) {
    // "#id" points inside the document (an SVG gradient, a <use>), not at a file.
    const url = value.startsWith("#") ? null : safeUrl(value, origin);
    if (url && url.origin === origin && !url.pathname.startsWith("/read/")) urls.add(`${url.pathname}${url.search}`);
  }
  return [...urls];
}

function safeUrl(value: string, origin: string): URL | null {
  try {
    return new URL(value, `${origin}/`);
  } catch {
    return null;
  }
}

/** Runs `work` over `items`, a few at a time; the first failure rejects (the others finish on their own). */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, items.length) }, worker));
}
