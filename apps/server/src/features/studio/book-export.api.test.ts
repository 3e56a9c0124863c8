import { randomBytes } from "node:crypto";
import { BOOK_TITLE_MAX_LENGTH, type ImportResult, type StudioBook } from "@quire/core";
import { XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { EpubImportService } from "../epub/epub-import.service";
import { testEpub } from "../epub/test-epubs";
import { jpegWithExif, png } from "../uploads/test-images";
import { multipartBody, studioClient } from "./studio-test-client";

const ADMIN_ROLES = JSON.stringify(["reader", "admin"]);

describe.each(dialectsUnderTest())("EPUB export and administrator import on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);
  const studio = studioClient(t, testDb);
  const { call, ok } = studio;

  const exportOf = (bookId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/books/${bookId}/export.epub`, headers });
  const importer = () =>
    new EpubImportService({
      db: testDb.db,
      storage: t.ctx.storage,
      logger: pino({ level: "silent" }),
      clock: () => new Date(),
      maxImagePixels: 50_000_000,
    });
  const chaptersOf = (bookId: string, version: string) =>
    testDb.db
      .selectFrom("chapters")
      .select(["anchorId", "name", "chapterNumber", "wordCount", "html"])
      .where("bookId", "=", bookId)
      .where("version", "=", version)
      .orderBy("chapterNumber")
      .execute();
  const postEpub = async (bytes: Uint8Array, headers: Record<string, string>, field = "file") => {
    const body = await multipartBody(bytes, "book.epub", field);
    return t.app.inject({
      method: "POST",
      url: "/api/v1/studio/import",
      payload: body.payload,
      headers: { ...headers, "content-type": body.contentType },
    });
  };

  /** Two chapters, a picture in the first and a link back to it from the second. */
  const picturesAtSea = (identifier: string, picture: Uint8Array) =>
    testEpub({
      identifier,
      title: "Pictures at Sea",
      chapters: [
        {
          file: "chapter-1.xhtml",
          title: "Harbour",
          body: '<h2>Harbour</h2><p>Boats.</p><img src="../images/boat.png" alt="A boat"/>',
        },
        {
          file: "chapter-2.xhtml",
          title: "Open Water",
          body: '<h2>Open Water</h2><p><a href="chapter-1.xhtml">Back</a> to port.</p>',
        },
      ],
      manifestItems: '<item id="boat" href="images/boat.png" media-type="image/png"/>',
      files: { "OEBPS/images/boat.png": picture },
    });

  /** The archive's entries, after checking the OCF rules: mimetype first and stored, every XML file well-formed. */
  function openEpub(bytes: Uint8Array): Record<string, Uint8Array> {
    expect(strFromU8(bytes.subarray(30, 38))).toBe("mimetype");
    expect(bytes[8]).toBe(0); // stored, not deflated
    expect(strFromU8(bytes.subarray(38, 58))).toBe("application/epub+zip");
    const files = unzipSync(bytes);
    expect(Object.keys(files)[0]).toBe("mimetype");
    for (const [path, content] of Object.entries(files)) {
      if (/\.(xhtml|opf|xml)$/.test(path)) expect(XMLValidator.validate(strFromU8(content)), path).toBe(true);
    }
    return files;
  }

  it("exports a community book as an EPUB 3 the importer reads back with the same chapters", async () => {
    const author = await studio.author({ firstName: "Iris", lastName: "Vale" });
    const bookId = await studio.bookWithChapters(
      author.headers,
      {
        "Salt & Stone":
          'The *tide* came in.  \nIt said: "stay".\n\n- one\n- two\n\nSee [the map](https://example.com/?a=1&b=2).',
        "The Second Night": "***\n\n> A quote\n\n```\n<code> & more\n```",
      },
      "Tides of <Glass>",
    );
    const cover = await multipartBody(await jpegWithExif(300, 450), "cover.jpg");
    await t.app.inject({
      method: "POST",
      url: `/api/v1/studio/books/${bookId}/cover`,
      payload: cover.payload,
      headers: { ...author.headers, "content-type": cover.contentType },
    });

    const response = await exportOf(bookId, author.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/epub+zip");
    // The same text gives the same file, byte for byte, an hour later: reading apps know a file by its hash.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_600_000 });
    try {
      expect((await exportOf(bookId, author.headers)).rawPayload.equals(response.rawPayload)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(response.headers["content-disposition"]).toBe('attachment; filename="tides-of-glass.epub"');
    const bytes = new Uint8Array(response.rawPayload);
    const files = openEpub(bytes);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "META-INF/container.xml",
        "OEBPS/content.opf",
        "OEBPS/nav.xhtml",
        "OEBPS/chapter-1.xhtml",
        "OEBPS/chapter-2.xhtml",
        "OEBPS/images/cover.jpg",
      ]),
    );
    const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array);
    expect(opf).toContain(`<dc:identifier id="book-id">urn:uuid:${bookId}</dc:identifier>`);
    expect(opf).toContain("<dc:title>Tides of &lt;Glass&gt;</dc:title>");
    expect(opf).toContain("<dc:creator>Iris Vale</dc:creator>");
    expect(opf).toContain('properties="cover-image"');
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);

    const imported = await importer().import(bytes);
    expect(imported).toMatchObject({ created: true, title: "Tides of <Glass>", authors: ["Iris Vale"], chapters: 2 });
    expect(imported.imageUrl).not.toBeNull();
    const original = await chaptersOf(bookId, "1");
    const copy = await chaptersOf(imported.bookId, "1");
    expect(
      copy.map(({ anchorId, name, chapterNumber, wordCount }) => ({ anchorId, name, chapterNumber, wordCount })),
    ).toEqual(
      original.map(({ anchorId, name, chapterNumber, wordCount }) => ({ anchorId, name, chapterNumber, wordCount })),
    );
    expect(copy[0]?.html).toContain("<em>tide</em>");
    expect(copy[0]?.html).toContain('href="https://example.com/?a=1&amp;b=2"');
  });

  it("lets only the book's authors and administrators export a community book", async () => {
    const author = await studio.author();
    const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
    const reader = await createSignedInUser(testDb.db);
    const admin = await createSignedInUser(testDb.db, { roles: ADMIN_ROLES });
    // Hidden: nobody else learns it exists.
    expect((await exportOf(bookId, reader.headers)).statusCode).toBe(404);
    expect((await exportOf(bookId)).statusCode).toBe(404);
    await ok(call("PATCH", `/api/v1/studio/books/${bookId}`, author.headers, { display: true }));
    const refused = await exportOf(bookId, reader.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Only the book's authors can download a community book as an EPUB.");
    expect((await exportOf(bookId)).statusCode).toBe(403);
    expect((await exportOf(bookId, admin.headers)).statusCode).toBe(200);
    expect((await exportOf("no-such-book")).statusCode).toBe(404);
  });

  it("imports an administrator's EPUB upload; anyone downloads a public-domain book as its original file", async () => {
    const admin = await createSignedInUser(testDb.db, { roles: ADMIN_ROLES });
    const epub = picturesAtSea("urn:uuid:0b9f3c52-8a61-4d7e-9c3a-5e2f1a7b6c40", await png(64, 48));
    const response = await postEpub(epub, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportResult;
    expect(result).toMatchObject({ created: true, version: 1, title: "Pictures at Sea", chapters: 2 });
    expect((await call("GET", `/api/v1/books/${result.bookId}`, {})).json().book.source).toBe("public-domain");

    const download = await exportOf(result.bookId);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/epub+zip");
    expect(download.headers["content-disposition"]).toBe('attachment; filename="pictures-at-sea.epub"');
    expect(new Uint8Array(download.rawPayload)).toEqual(epub);

    // A new edition: the download is now that edition's file.
    const secondEdition = testEpub({
      identifier: "urn:uuid:0b9f3c52-8a61-4d7e-9c3a-5e2f1a7b6c40",
      title: "Pictures at Sea",
      chapters: [{ file: "chapter-1.xhtml", title: "Harbour", body: "<h2>Harbour</h2><p>Revised boats.</p>" }],
    });
    expect(await importer().import(secondEdition)).toMatchObject({ bookId: result.bookId, version: 2 });
    expect(new Uint8Array((await exportOf(result.bookId)).rawPayload)).toEqual(secondEdition);
  });

  it("rebuilds the EPUB, images included, of a public-domain book imported before originals were kept", async () => {
    const picture = await png(64, 48);
    const result = await importer().import(picturesAtSea("urn:uuid:6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b", picture));
    await testDb.db
      .updateTable("bookData")
      .set({ originalEpubKey: null })
      .where("bookId", "=", result.bookId)
      .execute();

    const exported = await exportOf(result.bookId);
    expect(exported.statusCode).toBe(200);
    const bytes = new Uint8Array(exported.rawPayload);
    const files = openEpub(bytes);
    const chapter1 = strFromU8(files["OEBPS/chapter-1.xhtml"] as Uint8Array);
    expect(chapter1).toMatch(/<img src="media\/1\.png" alt="A boat" \/>/);
    expect(files["OEBPS/media/1.png"]).toEqual(new Uint8Array(picture));
    expect(strFromU8(files["OEBPS/chapter-2.xhtml"] as Uint8Array)).toContain('href="chapter-1.xhtml"');

    // Same package identifier: importing the export is a new edition of the same book, chapter for chapter.
    const again = await importer().import(bytes);
    expect(again).toMatchObject({ bookId: result.bookId, version: 2, created: false, chapters: 2 });
    const [v1, v2] = await Promise.all([chaptersOf(result.bookId, "1"), chaptersOf(result.bookId, "2")]);
    expect(v2.map((c) => [c.anchorId, c.name, c.wordCount])).toEqual(v1.map((c) => [c.anchorId, c.name, c.wordCount]));
    expect(v2[0]?.html).toMatch(/<img src="\/files\/books\/[^"]+\.png" alt="A boat" \/>/);
  });

  it("imports a title longer than the studio's cap whole: an EPUB's title is the book's", async () => {
    const admin = await createSignedInUser(testDb.db, { roles: ADMIN_ROLES });
    const title = `${"A Very Long Victorian Title, ".repeat(8)}Concluded`;
    expect(title.length).toBeGreaterThan(BOOK_TITLE_MAX_LENGTH);
    const response = await postEpub(
      testEpub({ title, identifier: "urn:uuid:2d4c6e8f-1a3b-4c5d-8e7f-9a0b1c2d3e4f" }),
      admin.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportResult;
    expect(result.title).toBe(title);
    expect((await call("GET", `/api/v1/books/${result.bookId}`, {})).json().book.title).toBe(title);
  });

  it("refuses the import route to anyone but administrators, and passes on the importer's refusal", async () => {
    const author = await studio.author();
    const admin = await createSignedInUser(testDb.db, { roles: ADMIN_ROLES });
    const refused = await postEpub(testEpub(), author.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Only administrators can do this.");
    expect((await postEpub(testEpub(), {})).statusCode).toBe(401);
    const notZip = await postEpub(new TextEncoder().encode("not a zip at all"), admin.headers);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().error).toMatchObject({
      message: "This file is not an EPUB (not a zip archive).",
      reason: "epub/not-zip",
    });
    const missing = await postEpub(testEpub(), admin.headers, "other");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Choose an EPUB file to import.");
  });

  it("accepts EPUBs larger than the JSON body limit", async () => {
    const admin = await createSignedInUser(testDb.db, { roles: ADMIN_ROLES });
    const noise = randomBytes(2 * 1024 * 1024);
    const epub = testEpub({
      identifier: "urn:uuid:5a3e7d21-1c9b-4f0e-8d62-3b4a9c8e7f11",
      manifestItems: '<item id="blob" href="blob.bin" media-type="application/octet-stream"/>',
      files: { "OEBPS/blob.bin": noise },
    });
    expect(epub.byteLength).toBeGreaterThan(1024 * 1024);
    const response = await postEpub(epub, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("lists the chapters in the navigation document", async () => {
    const author = await studio.author();
    const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
    const book = await ok<StudioBook>(call("GET", `/api/v1/studio/books/${bookId}`, author.headers));
    const files = openEpub(new Uint8Array((await exportOf(bookId, author.headers)).rawPayload));
    const nav = strFromU8(files["OEBPS/nav.xhtml"] as Uint8Array);
    expect(nav).toContain('<nav epub:type="toc" id="toc">');
    expect(nav).toContain(`<a href="chapter-1.xhtml">${book.chapters[0]?.name}</a>`);
  });
});
