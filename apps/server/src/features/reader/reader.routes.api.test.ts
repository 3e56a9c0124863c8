import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChapterContent } from "@quire/core";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { seedDemoContent } from "../../seed/seed";
import { EpubImportService } from "../epub/epub-import.service";

const CORPUS = join(import.meta.dirname, "../../../../../../shared/corpus");
const NOW = new Date("2027-03-15T09:30:00.000Z");

describe.each(dialectsUnderTest())("chapter content API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // The public cache is on: chapter content is a public read and must behave like the catalogue's.
  const t = useTestApp(testDb, { clock: () => NOW, publicCacheTtlMs: 60_000 });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const chapterOf = async (bookId: string, anchorId: string): Promise<ChapterContent> => {
    const response = await get(`/api/v1/books/${bookId}/chapters/${encodeURIComponent(anchorId)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().chapter;
  };
  const firstAnchor = async (bookId: string) =>
    (
      await testDb.db
        .selectFrom("chapters")
        .select("anchorId")
        .where("bookId", "=", bookId)
        .orderBy("chapterNumber")
        .executeTakeFirstOrThrow()
    ).anchorId;

  /** Walks the book from its first chapter by `next`, checking each link back by `previous`. */
  const walk = async (bookId: string): Promise<ChapterContent[]> => {
    const chapters = [await chapterOf(bookId, await firstAnchor(bookId))];
    expect(chapters[0]?.previous).toBeNull();
    for (let current = chapters[0]; current?.next; ) {
      const next: ChapterContent = await chapterOf(bookId, current.next.anchorId);
      expect(next.previous).toEqual({ anchorId: current.anchorId, name: current.name });
      expect(next.name).toBe(current.next.name);
      expect(next.chapterNumber).toBeGreaterThan(current.chapterNumber);
      chapters.push(next);
      current = next;
    }
    return chapters;
  };

  const importCorpus = (file: string) =>
    new EpubImportService({
      db: testDb.db,
      storage: t.ctx.storage,
      logger: pino({ level: "silent" }),
      clock: () => NOW,
      maxImagePixels: 50_000_000,
    }).import(readFileSync(join(CORPUS, file)));

  let sherlock = "";
  let scripted = "";
  let community = "";
  beforeAll(async () => {
    sherlock = (await importCorpus("standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub")).bookId;
    // The Readium scripting test book: its chapters came with <script> elements and on* handlers.
    scripted = (await importCorpus("readium/epub30-test-0102.epub")).bookId;
    await seedDemoContent({ db: testDb.db, storage: t.ctx.storage, now: NOW });
    const seeded = await testDb.db
      .selectFrom("books")
      .select("id")
      .where("source", "=", "own")
      .where("status", "=", "launched")
      .where("display", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    community = seeded.id;
  });

  it("serves every chapter of an imported public-domain book with its scoped CSS, language and neighbours", async () => {
    const chapters = await walk(sherlock);
    const rows = await testDb.db.selectFrom("chapters").selectAll().where("bookId", "=", sherlock).execute();
    expect(chapters).toHaveLength(rows.length);
    const data = await testDb.db
      .selectFrom("bookData")
      .selectAll()
      .where("bookId", "=", sherlock)
      .executeTakeFirstOrThrow();
    for (const chapter of chapters) {
      expect(chapter.bookId).toBe(sherlock);
      expect(chapter.chapterCount).toBe(rows.length);
      expect(chapter.css).toBe(data.css);
      expect(chapter.language).toMatch(/^en/);
      const row = rows.find((candidate) => candidate.anchorId === chapter.anchorId);
      expect(chapter.html).toBe(row?.html);
      expect(chapter.wordCount).toBe(row?.wordCount);
    }
    expect(chapters.at(-1)?.next).toBeNull();
    expect(data.css).toContain(".quire-book");
    expect(chapters.some((chapter) => chapter.html.includes("/read/"))).toBe(true);
  });

  it("serves a book whose EPUB carried scripts without a trace of them", async () => {
    const chapters = await walk(scripted);
    expect(chapters.length).toBeGreaterThan(5);
    expect(chapters.map((chapter) => chapter.anchorId)).toContain("scripting-002");
    for (const chapter of chapters) {
      expect(chapter.html).not.toMatch(/<script/i);
      expect(chapter.html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(chapter.html).not.toMatch(/javascript:/i);
    }
  });

  it("serves a seeded community book's chapters as readable HTML without book CSS", async () => {
    const chapters = await walk(community);
    expect(chapters.length).toBeGreaterThanOrEqual(3);
    chapters.forEach((chapter, index) => {
      expect(chapter.anchorId).toBe(`chapter-${index + 1}`);
      expect(chapter.chapterNumber).toBe(index + 1);
      expect(chapter.html).toMatch(/^<h2>/);
      expect(chapter.html).toContain("<p>");
      expect(chapter.css).toBe("");
      expect(chapter.language).toBeNull();
    });
  });

  it("shares anonymous reads through the public cache, never personal ones", async () => {
    const url = `/api/v1/books/${community}/chapters/chapter-2`;
    await get(url);
    const again = await get(url);
    expect(again.headers["x-quire-cache"]).toBe("hit");
    expect(again.json().chapter.anchorId).toBe("chapter-2");
    expect((await get(url, { authorization: "Bearer x" })).headers["x-quire-cache"]).toBeUndefined();
  });

  it("answers a hidden or missing book with the spec's 'Book not found!'", async () => {
    const hidden = await createBook(testDb.db, { book: { display: 0 }, chapters: 2 });
    for (const bookId of [hidden.id, uniqueId("missing")]) {
      const response = await get(`/api/v1/books/${bookId}/chapters/chapter-1`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not-found", message: "Book not found!" } });
    }
  });

  it("answers an unknown chapter with a 404 that names the chapter", async () => {
    const response = await get(`/api/v1/books/${community}/chapters/chapter-999`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: "not-found",
      message: "This chapter does not exist in this book.",
      reason: "reader/chapter-not-found",
      details: { anchorId: "chapter-999" },
    });
    const bookWithoutData = await createBook(testDb.db, { chapters: 0 });
    await testDb.db.deleteFrom("bookData").where("bookId", "=", bookWithoutData.id).execute();
    expect((await get(`/api/v1/books/${bookWithoutData.id}/chapters/chapter-1`)).statusCode).toBe(404);
  });

  it("serves only the latest version's chapters", async () => {
    const book = await createBook(testDb.db, { chapters: 2 });
    await testDb.db
      .insertInto("chapters")
      .values({
        bookId: book.id,
        version: "2",
        anchorId: "chapter-1",
        name: "Revised",
        chapterNumber: 1,
        html: "<p>Second edition.</p>",
        wordCount: 2,
      })
      .execute();
    expect((await chapterOf(book.id, "chapter-1")).name).toBe("Chapter 1");
    await testDb.db.updateTable("bookData").set({ latestVersion: "2" }).where("bookId", "=", book.id).execute();
    const revised = await get(`/api/v1/books/${book.id}/chapters/chapter-1`, { authorization: "Bearer fresh" });
    expect(revised.json().chapter).toMatchObject({ name: "Revised", html: "<p>Second edition.</p>", chapterCount: 1 });
    expect(revised.json().chapter.next).toBeNull();
  });

  it("serves a book's files at /api/v1/books/:id/files/…, only its own and only the kinds a book uses", async () => {
    const { imageUrl } = await testDb.db
      .selectFrom("books")
      .select("imageUrl")
      .where("id", "=", sherlock)
      .executeTakeFirstOrThrow();
    const folder = `/files/books/${sherlock}/`;
    expect(imageUrl?.startsWith(folder)).toBe(true);
    const coverPath = (imageUrl as string).slice(folder.length);
    const filesUrl = `/api/v1/books/${sherlock}/files`;

    const cover = await get(`${filesUrl}/${coverPath}`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("image/jpeg");
    expect(cover.headers["content-security-policy"]).toContain("sandbox");
    const stored = await t.ctx.storage.read(`books/${sherlock}/${coverPath}`);
    expect(new Uint8Array(cover.rawPayload)).toEqual(new Uint8Array(stored ?? []));
    const css = await get(`${filesUrl}/v1/book.css`);
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(css.body).toContain(".quire-book ");

    // Not a file a chapter uses (the original EPUB downloads through export.epub), missing, or outside the book.
    const original = coverPath.replace(/[^/]+$/, "original.epub");
    expect(await t.ctx.storage.exists(`books/${sherlock}/${original}`)).toBe(true);
    const other = `../${scripted}/v1/book.css`;
    for (const path of [original, "v1/nothing.png", encodeURIComponent(other), "..%2F..%2Fusers-avatars%2Fa.png"]) {
      const refused = await get(`${filesUrl}/${path}`);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json().error.message, path).toBe("This book has no such file.");
    }

    const hidden = await createBook(testDb.db, { book: { display: 0 } });
    expect((await get(`/api/v1/books/${hidden.id}/files/v1/book.css`)).json().error.message).toBe("Book not found!");
    const scheduled = await createBook(testDb.db, {
      book: { status: "scheduled", launchedDate: "2027-04-01T00:00:00.000Z" },
    });
    expect((await get(`/api/v1/books/${scheduled.id}/files/v1/book.css`)).statusCode).toBe(412);
  });

  it("keeps a scheduled book's text for its launch", async () => {
    const book = await createBook(testDb.db, {
      book: { status: "scheduled", launchedDate: "2027-04-01T00:00:00.000Z" },
    });
    const response = await get(`/api/v1/books/${book.id}/chapters/chapter-1`);
    expect(response.statusCode).toBe(412);
    expect(response.json().error).toMatchObject({
      code: "failed-precondition",
      message: "This book has not launched yet. Subscribe to hear when it does.",
    });
  });
});
