import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError } from "../../test/api-mock";
import {
  bookCacheName,
  DOWNLOAD_RECORD_URL,
  DownloadError,
  downloadBook,
  listDownloads,
  removeDownload,
  resourceUrls,
} from "./download-manager";
import { BOOK_CSS, BOOK_ID, CHAPTER_HTML, FILES, serveBook } from "./test-book-server";
import { FakeCacheStorage } from "./test-cache-storage";

const ORIGIN = window.location.origin;
let storage: FakeCacheStorage;
let estimate: { usage: number; quota: number };

beforeEach(() => {
  storage = new FakeCacheStorage(ORIGIN);
  vi.stubGlobal("caches", storage);
  estimate = { usage: 1_000, quota: 10_000_000 };
  vi.stubGlobal("navigator", { ...navigator, storage: { estimate: async () => estimate } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const API_ANSWERS = [
  "/api/v1/books/b1",
  "/api/v1/books/b1/chapters",
  "/api/v1/books/b1/chapters/c1",
  "/api/v1/books/b1/chapters/c2",
  "/api/v1/books/b1/chapters?cursor=page-2",
];
const PRIVATE_ANSWERS = [
  "/api/auth/get-session",
  "/api/v1/books/b1/annotations",
  "/api/v1/books/b1/progress",
  "/api/v1/books/b1/viewer-state",
];

describe("downloadBook", () => {
  it("keeps every answer the reader asks for, at the addresses it asks, with the book's own files", async () => {
    serveBook();
    const seen: number[] = [];
    const record = await downloadBook(BOOK_ID, { userId: "user-1", onProgress: (progress) => seen.push(progress) });

    const name = bookCacheName(BOOK_ID);
    expect(name).toBe("quire-book-b1");
    expect(storage.paths(name)).toEqual(
      [...API_ANSWERS, ...PRIVATE_ANSWERS, ...Object.keys(FILES), DOWNLOAD_RECORD_URL].sort(),
    );
    // Another host's picture and the link to the next chapter are not the book's files.
    expect(storage.paths(name).some((path) => path.includes("elsewhere") || path.startsWith("/read/"))).toBe(false);
    expect(JSON.parse((await storage.text(name, "/api/v1/books/b1/chapters/c1")) ?? "")).toMatchObject({
      chapter: { anchorId: "c1", html: CHAPTER_HTML },
    });
    expect(await storage.text(name, "/files/books/b1/v1/a/fonts/g.woff2")).toBe("font-bytes");

    const total = Object.values(FILES).reduce((sum, text) => sum + text.length, 0);
    expect(record).toMatchObject({ bookId: BOOK_ID, title: "The Night Book", userId: "user-1" });
    expect(record.bytes).toBeGreaterThan(total);
    expect(await listDownloads()).toEqual([record]);

    // From 0 to 100, only forward, though the files to fetch are only known as the chapters arrive.
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect(seen.length).toBeGreaterThan(2);
    for (let index = 1; index < seen.length; index++) expect(seen[index]).toBeGreaterThan(seen[index - 1] ?? 0);
  });

  it("for a visitor, keeps the book and nothing private", async () => {
    const calls = serveBook();
    const record = await downloadBook(BOOK_ID, { userId: null });
    expect(record.userId).toBeNull();
    expect(storage.paths(bookCacheName(BOOK_ID))).not.toContain("/api/v1/books/b1/progress");
    expect(calls.some((call) => call.path.endsWith("/progress") || call.path.endsWith("/annotations"))).toBe(false);
  });

  it("keeps 'no progress yet' (404) as the answer, and leaves out a file the server lacks", async () => {
    serveBook({ "progress.get": () => apiError(404, "not-found", "No progress") });
    const missing = "/files/books/b1/v1/a/images/map.png";
    const served = { ...FILES };
    delete FILES[missing];
    try {
      await downloadBook(BOOK_ID, { userId: "user-1" });
    } finally {
      Object.assign(FILES, served);
    }
    const name = bookCacheName(BOOK_ID);
    const progress = await storage.caches.get(name)?.match("/api/v1/books/b1/progress");
    expect(progress?.status).toBe(404);
    expect(storage.paths(name)).not.toContain(missing);
  });

  it("refuses a book that would not fit, saying how much it needs and what is free, and stores nothing", async () => {
    serveBook();
    estimate = { usage: 9_999_900, quota: 10_000_000 };
    const failure = await downloadBook(BOOK_ID, { userId: "user-1" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DownloadError);
    expect((failure as DownloadError).failure).toBe("no-room");
    expect((failure as DownloadError).message).toMatch(
      /^Not enough room on this device: the book needs \d+(\.\d)? KB and 100 bytes is free\.$/,
    );
    expect(await storage.keys()).toEqual([]);
  });

  it("stores nothing when a chapter cannot be fetched, or the network drops", async () => {
    serveBook({ "books.chapterContent": () => apiError(500, "internal", "Something went wrong.") });
    await expect(downloadBook(BOOK_ID, { userId: null })).rejects.toThrow(
      "This book couldn't be downloaded. Try again in a moment.",
    );
    vi.mocked(fetch).mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(downloadBook(BOOK_ID, { userId: null })).rejects.toThrow(
      "The download stopped: check your connection and try again.",
    );
    expect(await storage.keys()).toEqual([]);
  });

  it("replaces an earlier download, and removes one", async () => {
    serveBook();
    const name = bookCacheName(BOOK_ID);
    await (await storage.open(name)).put("/api/v1/books/b1/chapters/gone", new Response("old"));
    await downloadBook(BOOK_ID, { userId: null });
    expect(storage.paths(name)).not.toContain("/api/v1/books/b1/chapters/gone");
    await removeDownload(BOOK_ID);
    expect(await storage.has(name)).toBe(false);
    expect(await listDownloads()).toEqual([]);
  });

  it("lists only finished downloads (a cache without its record is one that never finished)", async () => {
    await (await storage.open(bookCacheName("half"))).put("/api/v1/books/half", new Response("{}"));
    await storage.open("quire-shell-v1");
    expect(await listDownloads()).toEqual([]);
  });
});

describe("resourceUrls", () => {
  it("finds pictures, srcset candidates, SVG images and CSS fonts of this origin, once each", () => {
    const html = `${CHAPTER_HTML}<p style="background: url('/files/books/b1/v1/a/images/map.png')">x</p>`;
    expect(resourceUrls(html, BOOK_CSS, ORIGIN).sort()).toEqual(
      [
        "/files/books/b1/v1/a/fonts/g.woff2",
        "/files/books/b1/v1/a/images/large.png",
        "/files/books/b1/v1/a/images/map.png",
        "/files/books/b1/v1/a/images/rule.svg",
        "/files/books/b1/v1/a/images/small.png",
      ].sort(),
    );
  });

  it("leaves out data URLs, fragments, links and other hosts", () => {
    const html =
      '<img src="data:image/png;base64,AAAA"><a href="/read/b1/c2">n</a><svg><use href="#a"/></svg><img src="//cdn.example/x.png">';
    expect(resourceUrls(html, "a { background: url(#gradient) }", ORIGIN)).toEqual([]);
  });
});
