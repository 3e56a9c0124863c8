import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BookSearchResults, denseText, foldQuery, htmlToText } from "@quire/core";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createSignedInUser, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { EpubImportService } from "../epub/epub-import.service";

const SHERLOCK = join(
  import.meta.dirname,
  "../../../../../../shared/corpus/standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub",
);

describe.each(dialectsUnderTest())("book search API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // The public cache is on, as in production: visitors' searches share it like chapters do.
  const t = useTestApp(testDb, { publicCacheTtlMs: 60_000 });
  const search = (bookId: string, q: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/books/${bookId}/search?${new URLSearchParams({ q })}`, headers });
  const results = async (bookId: string, q: string, headers: Record<string, string> = {}) => {
    const response = await search(bookId, q, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BookSearchResults;
  };

  /** A launched book whose chapters are the given HTML, numbered in the order given (inserted backwards). */
  const bookWith = async (chapters: { name: string; html: string }[], book: Parameters<typeof createBook>[1] = {}) => {
    const created = await createBook(testDb.db, { ...book, chapters: 0 });
    const rows = chapters.map((chapter, index) => ({
      bookId: created.id,
      version: "1",
      anchorId: `part-${index + 1}`,
      name: chapter.name,
      chapterNumber: (index + 1) * 10,
      html: chapter.html,
      wordCount: 10,
    }));
    for (const row of rows.reverse()) await testDb.db.insertInto("chapters").values(row).execute();
    return created.id;
  };
  /** The chapter's text from the match's place on, as the reader counts it (non-whitespace characters). */
  const textAt = async (bookId: string, anchorId: string, offset: number) => {
    const { html } = await testDb.db
      .selectFrom("chapters")
      .select("html")
      .where("bookId", "=", bookId)
      .where("anchorId", "=", anchorId)
      .executeTakeFirstOrThrow();
    return denseText(htmlToText(html)).slice(offset);
  };

  let sherlock = "";
  beforeAll(async () => {
    const imported = await new EpubImportService({
      db: testDb.db,
      storage: t.ctx.storage,
      logger: pino({ level: "silent" }),
      clock: () => new Date(),
      maxImagePixels: 50_000_000,
    }).import(readFileSync(SHERLOCK));
    sherlock = imported.bookId;
  });

  it("finds matches case- and diacritics-insensitively, in chapter order, with snippets and reader places", async () => {
    const bookId = await bookWith([
      { name: "Arrival", html: "<h2>Arrival</h2><p>They met at the <em>Café</em> de Flore.</p>" },
      { name: "", html: "<p>“A CAFE,” she said,\n   “is not a home.”</p><p>He ordered café crème.</p>" },
      { name: "Nothing", html: "<p>No coffee here.</p>" },
    ]);
    const found = await results(bookId, "cafe");
    expect(found.total).toBe(3);
    expect(found.items).toEqual([
      {
        anchorId: "part-1",
        chapterName: "Arrival",
        offset: denseText("ArrivalTheymetatthe").length,
        snippet: "Arrival They met at the Café de Flore.",
        matchStart: 24,
        matchLength: 4,
      },
      {
        anchorId: "part-2",
        chapterName: "Chapter 20",
        offset: 2,
        snippet: "“A CAFE,” she said, “is not a home.” He ordered…",
        matchStart: 3,
        matchLength: 4,
      },
      expect.objectContaining({
        anchorId: "part-2",
        offset: denseText("“ACAFE,”shesaid,“isnotahome.”Heordered").length,
      }),
    ]);
    for (const item of found.items) {
      expect(foldQuery(await textAt(bookId, item.anchorId, item.offset))).toMatch(/^cafe/);
      expect(item.snippet.slice(item.matchStart, item.matchStart + item.matchLength).toLowerCase()).toMatch(/caf[eé]/);
    }
    expect((await results(bookId, "CAFÉ CRÈME")).items).toEqual([
      expect.objectContaining({ anchorId: "part-2", snippet: expect.stringContaining("café crème") }),
    ]);
    // Curly quotes answer to typed ones; whitespace runs and tags between words are one space.
    expect((await results(bookId, '"a cafe," she said, "is')).total).toBe(1);
    expect(await results(bookId, "tea")).toEqual({ items: [], total: 0 });
  });

  it("lists the first 200 matches and counts them all", async () => {
    const bookId = await bookWith([
      { name: "One", html: `<p>${"ha ".repeat(150)}</p>` },
      { name: "Two", html: `<p>${"Ha! ".repeat(150)}</p>` },
    ]);
    const found = await results(bookId, "ha");
    expect(found.total).toBe(300);
    expect(found.items).toHaveLength(200);
    expect(found.items.slice(0, 150).every((item) => item.anchorId === "part-1")).toBe(true);
    expect(found.items[150]).toMatchObject({ anchorId: "part-2", offset: 0 });
    expect(found.items[151]?.offset).toBe(3);
  });

  it("refuses a query under 2 or over 200 characters with the site search's messages", async () => {
    const bookId = await bookWith([{ name: "One", html: "<p>Text</p>" }]);
    const short = await search(bookId, "  a  ");
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: "invalid-argument",
      message: "Invalid querystring: q: Type at least 2 characters to search.",
    });
    const long = await search(bookId, "x".repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe("Invalid querystring: q: A search can be at most 200 characters long.");
    const missing = await t.app.inject({ method: "GET", url: `/api/v1/books/${bookId}/search` });
    expect(missing.statusCode).toBe(400);
    expect((await search(bookId, "x".repeat(200))).statusCode).toBe(200);
  });

  it("answers on the chapters' terms: hidden or missing books are not found, scheduled ones not out yet", async () => {
    const author = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const hidden = await bookWith([{ name: "One", html: "<p>Secret words</p>" }], { book: { display: 0 } });
    const scheduled = await bookWith([{ name: "One", html: "<p>Secret words</p>" }], {
      book: { status: "scheduled", launchedDate: null },
    });
    const wip = await bookWith([{ name: "One", html: "<p>Secret words</p>" }], { book: { status: "wip" } });
    for (const bookId of [hidden, scheduled, wip]) {
      await testDb.db.insertInto("bookAuthors").values({ bookId, authorId: author.user.id, position: 0 }).execute();
    }
    const cases = [
      { bookId: hidden, status: 404, message: "Book not found!" },
      { bookId: uniqueId("missing"), status: 404, message: "Book not found!" },
      {
        bookId: scheduled,
        status: 412,
        message: "This book has not launched yet. Subscribe to hear when it does.",
      },
      { bookId: wip, status: 200 },
    ];
    for (const { bookId, status, message } of cases) {
      for (const headers of [{}, author.headers, other.headers]) {
        const response = await search(bookId, "secret", headers);
        expect(response.statusCode, `${bookId} ${response.body}`).toBe(status);
        const chapter = await t.app.inject({ method: "GET", url: `/api/v1/books/${bookId}/chapters/part-1`, headers });
        expect(chapter.statusCode).toBe(status);
        if (message) expect(response.json().error.message).toBe(message);
      }
    }
  });

  it("gives visitors and every signed-in reader the same answer, visitors' from the public cache", async () => {
    const bookId = await bookWith([{ name: "One", html: "<p>Shared words for all.</p>" }]);
    const reader = await createSignedInUser(testDb.db);
    const visitor = await results(bookId, "words");
    expect(visitor.total).toBe(1);
    expect(await results(bookId, "words", reader.headers)).toEqual(visitor);
    const again = await search(bookId, "words");
    expect(again.headers["x-quire-cache"]).toBe("hit");
    expect((await search(bookId, "words", reader.headers)).headers["x-quire-cache"]).toBeUndefined();
  });

  it("searches an edited chapter's new text and a new edition's chapters, not the cached old ones", async () => {
    const reader = await createSignedInUser(testDb.db);
    const bookId = await bookWith([{ name: "One", html: "<p>The first draft.</p>" }]);
    expect((await results(bookId, "draft", reader.headers)).total).toBe(1);
    // An author's edit rewrites the chapter in place and stamps its source.
    await testDb.db
      .updateTable("chapters")
      .set({ html: "<p>The final text, no draft draft.</p>" })
      .where("bookId", "=", bookId)
      .execute();
    await testDb.db
      .insertInto("chapterSources")
      .values({ bookId, anchorId: "part-1", markdown: "The final text.", updatedAt: new Date().toISOString() })
      .execute();
    expect((await results(bookId, "draft", reader.headers)).total).toBe(2);
    await testDb.db
      .insertInto("chapters")
      .values({
        bookId,
        version: "2",
        anchorId: "new",
        name: "New",
        chapterNumber: 1,
        html: "<p>Drafted.</p>",
        wordCount: 1,
      })
      .execute();
    await testDb.db.updateTable("bookData").set({ latestVersion: "2" }).where("bookId", "=", bookId).execute();
    expect((await results(bookId, "draft", reader.headers)).items).toEqual([
      expect.objectContaining({ anchorId: "new", chapterName: "New", offset: 0 }),
    ]);
  });

  it("lands every match of a real book where the reader counts it", async () => {
    const found = await results(sherlock, "Irene Adler");
    expect(found.total).toBeGreaterThan(5);
    expect(found.items).toHaveLength(found.total);
    const chapters = await testDb.db
      .selectFrom("chapters")
      .select(["anchorId", "chapterNumber"])
      .where("bookId", "=", sherlock)
      .execute();
    const numberOf = new Map(chapters.map((chapter) => [chapter.anchorId, chapter.chapterNumber]));
    let previous = { chapter: 0, offset: -1 };
    for (const item of found.items) {
      expect(foldQuery(await textAt(sherlock, item.anchorId, item.offset))).toMatch(/^ireneadler/);
      const place = { chapter: numberOf.get(item.anchorId) as number, offset: item.offset };
      expect(place.chapter > previous.chapter || place.offset > previous.offset).toBe(true);
      previous = place;
    }
  });
});
