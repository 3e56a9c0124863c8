import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { type TocEntry, thumbnailUrl } from "@quire/core";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createUser } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { parseJson } from "../../db/json";
import { LocalFileStorage } from "../../infra/storage";
import { EpubImportRepository } from "./epub-import.repository";
import { bookStylesheetKey, EpubImportService } from "./epub-import.service";
import {
  type RawZipEntry,
  refusalOf,
  storedEntry,
  type TestEpubOptions,
  testEpub,
  testEpubFiles,
  writeZip,
  zipFiles,
} from "./test-epubs";

const REPO_ROOT = join(import.meta.dirname, "../../../../..");
const CORPUS = join(REPO_ROOT, "../shared/corpus");
const NOW = new Date("2027-03-01T09:00:00.000Z");

interface CorpusExpectation {
  title: string;
  authors: string[];
  cover: boolean;
}

const GYLLING_ET_AL = [
  "Markus Gylling",
  "Vincent Gros",
  "Toshiaki Koike",
  "Marisa DeMeglio",
  "Matt Garrish",
  "Ori Idan",
];
const FXL_AUTHORS = ["Markus Gylling", "Joel Strickland"];

/** What each corpus book must come out as. A corpus file missing here fails the test: every book is checked. */
const CORPUS_BOOKS: Record<string, CorpusExpectation> = {
  "standard-ebooks/ambrose-bierce_the-devils-dictionary.epub": {
    title: "The Devil’s Dictionary",
    authors: ["Ambrose Bierce"],
    cover: true,
  },
  "standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub": {
    title: "The Adventures of Sherlock Holmes",
    authors: ["Arthur Conan Doyle"],
    cover: true,
  },
  "standard-ebooks/p-g-wodehouse_love-among-the-chickens.epub": {
    title: "Love Among the Chickens",
    authors: ["P. G. Wodehouse"],
    cover: true,
  },
  "standard-ebooks/walt-whitman_leaves-of-grass.epub": {
    title: "Leaves of Grass",
    authors: ["Walt Whitman"],
    cover: true,
  },
  "readium/SmokeTest-EPUB2.epub": { title: "SmokeTest - EPUB 2", authors: ["Ric Wright"], cover: false },
  "readium/Tiny-MathML.epub": { title: "Tiny EPUB MathML", authors: ["Ric Wright"], cover: true },
  "readium/epub30-test-0101.epub": { title: "EPUBTEST 0101 - Styling Tests", authors: GYLLING_ET_AL, cover: false },
  "readium/epub30-test-0102.epub": { title: "EPUBTEST 0102 - Scripting Tests", authors: GYLLING_ET_AL, cover: false },
  "readium/epub30-test-0103.epub": {
    title: "EPUBTEST 0103 - Font Embedding and Obfuscation Tests",
    authors: GYLLING_ET_AL,
    cover: false,
  },
  "readium/epub30-test-0110.epub": {
    title: "EPUBTEST 0110 - Document Flow Tests",
    authors: ["Matt Garrish"],
    cover: false,
  },
  "readium/epub30-test-0150.epub": {
    title: "EPUBTEST 0150 - EPUB Navigation Document Tests",
    authors: ["Matt Garrish"],
    cover: false,
  },
  "readium/epub30-test-0201.epub": { title: "EPUBTEST 0201 - FXL Support Tests", authors: FXL_AUTHORS, cover: false },
  "readium/epub30-test-0206.epub": {
    title: "EPUBTEST 0206 - FXL Landscape Orientation Tests",
    authors: FXL_AUTHORS,
    cover: false,
  },
  "readium/epub30-test-0300.epub": {
    title: "EPUBTEST 0300 - Fundamental Accessible Reading System Tests",
    authors: ["Marisa DeMeglio"],
    cover: false,
  },
};

const corpusFiles = ["standard-ebooks", "readium"].flatMap((folder) =>
  readdirSync(join(CORPUS, folder))
    .filter((name) => name.endsWith(".epub"))
    .map((name) => `${folder}/${name}`),
);

function flatten(entries: TocEntry[]): TocEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

/** A 400 MB run of zeros, deflated a megabyte at a time: the bomb is never in memory, only its ~400 KB of deflate. */
async function zipBombEntry(name: string, size: number): Promise<RawZipEntry> {
  const chunk = new Uint8Array(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  let crc = 0;
  for (let written = 0; written < size; written += chunk.byteLength) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { name, data: Buffer.concat(parts), method: 8, size, crc };
}

function epubWithEntries(options: TestEpubOptions, extra: RawZipEntry[], replace: string[] = []): Uint8Array {
  const files = testEpubFiles(options);
  const entries = Object.entries(files)
    .filter(([path]) => !replace.includes(path))
    .map(([path, bytes]) => storedEntry(path, bytes));
  return writeZip([...entries, ...extra]);
}

describe.each(dialectsUnderTest())("EPUB import on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let filesDir = "";
  let storage: LocalFileStorage;
  const service = () =>
    new EpubImportService({
      db: testDb.db,
      storage,
      logger: pino({ level: "silent" }),
      clock: () => NOW,
      maxImagePixels: 50_000_000,
    });

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), "quire-epub-"));
    storage = new LocalFileStorage(filesDir);
  });
  afterAll(async () => {
    await rm(filesDir, { recursive: true, force: true });
  });

  const storedFiles = async (): Promise<string[]> => {
    const root = join(filesDir, "books");
    if (!existsSync(root)) return [];
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(filesDir, join(entry.parentPath, entry.name)));
  };
  const keyOf = (url: string) => storage.keyForUrl(url) ?? `not a storage URL: ${url}`;

  const counts = async () => {
    const count = async (table: "books" | "bookData" | "chapters" | "genres" | "bookGenres" | "categoryBooks") =>
      Number(
        (
          await testDb.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      books: await count("books"),
      bookData: await count("bookData"),
      chapters: await count("chapters"),
      genres: await count("genres"),
      bookGenres: await count("bookGenres"),
      categoryBooks: await count("categoryBooks"),
      files: (await storedFiles()).length,
    };
  };

  describe("the corpus", () => {
    it("has an expectation for every EPUB in the corpus", () => {
      expect(corpusFiles.length).toBeGreaterThan(0);
      expect(corpusFiles.sort()).toEqual(Object.keys(CORPUS_BOOKS).sort());
    });

    it.each(corpusFiles)(
      "imports %s",
      async (file) => {
        const expected = CORPUS_BOOKS[file] as CorpusExpectation;
        const result = await service().import(readFileSync(join(CORPUS, file)));
        const { db } = testDb;

        const book = await db.selectFrom("books").selectAll().where("id", "=", result.bookId).executeTakeFirstOrThrow();
        expect(book.title).toBe(expected.title);
        expect(parseJson(book.authors, [])).toEqual(expected.authors);
        expect(book).toMatchObject({ source: "public-domain", status: "launched", display: 1, publishingLabel: null });

        const data = await db
          .selectFrom("bookData")
          .selectAll()
          .where("bookId", "=", result.bookId)
          .executeTakeFirstOrThrow();
        const chapters = await db
          .selectFrom("chapters")
          .selectAll()
          .where("bookId", "=", result.bookId)
          .where("version", "=", data.latestVersion)
          .orderBy("chapterNumber")
          .execute();
        expect(chapters.length).toBeGreaterThan(0);
        expect(chapters.map((chapter) => chapter.chapterNumber)).toEqual(chapters.map((_, index) => index + 1));
        expect(new Set(chapters.map((chapter) => chapter.anchorId)).size).toBe(chapters.length);

        // The table of contents: every entry opens a chapter, and every fragment it names exists in that chapter.
        const toc = flatten(parseJson<TocEntry[]>(data.epubToc, []));
        expect(toc.length).toBeGreaterThan(0);
        expect(data.tocLength).toBe(toc.length);
        const byAnchor = new Map(chapters.map((chapter) => [chapter.anchorId, chapter]));
        for (const entry of toc) {
          expect(entry.title, JSON.stringify(entry)).not.toBe("");
          const chapter = byAnchor.get(entry.anchorId);
          expect(chapter, `TOC entry ${entry.title} → ${entry.anchorId}`).toBeDefined();
          if (entry.fragment) expect(chapter?.html).toMatch(new RegExp(`(id|name)="${entry.fragment}"`));
        }

        // Readable text, counted.
        expect(data.wordCount).toBeGreaterThan(0);
        expect(data.wordCount).toBe(chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0));
        expect(data.timeToReadMinutes).toBe(Math.ceil(data.wordCount / 238));
        expect(data.bookTeaser.length).toBeGreaterThan(0);

        // Nothing that runs, nothing remote.
        for (const chapter of chapters) {
          expect(chapter.html).not.toMatch(/<script/i);
          expect(chapter.html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
          expect(chapter.html).not.toMatch(/\s(src|poster)\s*=\s*["']?\s*(https?:)?\/\//i);
          expect(chapter.html).not.toMatch(/=\s*["']?\s*(javascript|vbscript):/i);
          expect(chapter.html).not.toMatch(/<(iframe|object|embed|form|input|button|textarea|foreignObject)\b/i);
        }
        expect(data.css).not.toMatch(/url\(\s*["']?\s*(https?:)?\/\//i);
        const stylesheet = await storage.read(bookStylesheetKey(result.bookId, data.latestVersion));
        expect(stylesheet && new TextDecoder().decode(stylesheet)).toBe(data.css || undefined);
        expect(data.css).not.toMatch(/@import|expression\(|javascript:/i);

        // Every file the chapters and the CSS point at is in storage.
        const referenced = new Set(
          [...chapters.map((chapter) => chapter.html), data.css].flatMap((text) =>
            [...text.matchAll(/\/files\/[^"')\s]+/g)].map((match) => match[0]),
          ),
        );
        for (const url of referenced) expect(await storage.exists(keyOf(url)), url).toBe(true);

        if (expected.cover) {
          expect(book.imageUrl).toMatch(/^\/files\/books\//);
          const imageUrl = book.imageUrl as string;
          expect(await storage.exists(keyOf(imageUrl))).toBe(true);
          for (const size of ["small", "medium"] as const) {
            const thumbnail = await storage.read(keyOf(thumbnailUrl(imageUrl, size)));
            expect([...(thumbnail?.subarray(0, 3) ?? [])], `${size} thumbnail is a JPEG`).toEqual([0xff, 0xd8, 0xff]);
          }
          expect(result.imageUrl).toBe(book.imageUrl);
        } else {
          expect(book.imageUrl).toBeNull();
        }
      },
      60_000,
    );

    it("reads the Standard Ebooks metadata, genres and structure as the book has them", async () => {
      const file = "standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub";
      const result = await service().import(readFileSync(join(CORPUS, file)));
      expect(result).toMatchObject({ chapters: 16, tocLength: 19 });
      const genres = await testDb.db
        .selectFrom("bookGenres")
        .select("genreId")
        .where("bookId", "=", result.bookId)
        .orderBy("genreId")
        .execute();
      expect(genres.map((row) => row.genreId)).toEqual(["fiction", "mystery", "shorts"]);
      const data = await testDb.db
        .selectFrom("bookData")
        .selectAll()
        .where("bookId", "=", result.bookId)
        .executeTakeFirstOrThrow();
      expect(data.language).toBe("en-GB");
      expect(data.bookTeaser).toMatch(/^To Sherlock Holmes she is always the woman\./);
      const toc = parseJson<TocEntry[]>(data.epubToc, []);
      expect(toc.map((entry) => entry.title).slice(0, 4)).toEqual([
        "Titlepage",
        "Imprint",
        "A Scandal in Bohemia",
        "The Redheaded League",
      ]);
      expect(toc[2]?.children.map((entry) => [entry.title, entry.anchorId, entry.fragment])).toEqual([
        ["I", "a-scandal-in-bohemia", "a-scandal-in-bohemia-1"],
        ["II", "a-scandal-in-bohemia", "a-scandal-in-bohemia-2"],
        ["III", "a-scandal-in-bohemia", "a-scandal-in-bohemia-3"],
      ]);
    }, 60_000);
  });

  describe("refusals change nothing", () => {
    const bad: [string, () => Promise<Uint8Array> | Uint8Array, string][] = [
      [
        "not a zip",
        () => Buffer.from("%PDF-1.7\n% a PDF, not a book"),
        "This file is not an EPUB (not a zip archive).",
      ],
      [
        "no container",
        () => zipFiles(testEpubFiles({ files: { "META-INF/container.xml": null } })),
        "This EPUB has no META-INF/container.xml, so its contents cannot be found.",
      ],
      [
        "no package document",
        () => zipFiles(testEpubFiles({ files: { "OEBPS/content.opf": null } })),
        "This EPUB has no package document (OPF), so its contents cannot be found.",
      ],
      [
        "a spine file that is missing",
        () => zipFiles(testEpubFiles({ files: { "OEBPS/text/chapter-2.xhtml": null } })),
        "This EPUB refers to a file it does not contain.",
      ],
      [
        "a 400 MB zip bomb",
        async () => epubWithEntries({}, [await zipBombEntry("OEBPS/text/bomb.xhtml", 400 * 1024 * 1024)]),
        "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
      ],
      [
        "a chapter that inflates past the size it declares",
        () => {
          const chapter = new Uint8Array(8 * 1024 * 1024).fill(0x20);
          const liar = {
            name: "OEBPS/text/chapter-2.xhtml",
            data: deflateRawSync(chapter),
            method: 8 as const,
            size: 2048,
            crc: crc32(chapter),
          };
          return epubWithEntries({}, [liar], ["OEBPS/text/chapter-2.xhtml"]);
        },
        "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
      ],
      [
        "a ../ path",
        () => zipFiles({ ...testEpubFiles(), "../../outside.xhtml": Buffer.from("<html/>") }),
        "This EPUB contains a file path that points outside the book.",
      ],
      [
        "billion laughs in the package document",
        () =>
          zipFiles(
            testEpubFiles({
              files: {
                "OEBPS/content.opf": `<?xml version="1.0"?><!DOCTYPE package [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata><title>&lol3;</title></metadata><manifest/><spine/></package>`,
              },
            }),
          ),
        "This EPUB declares its own XML entities, which Quire refuses for safety.",
      ],
      [
        "DRM",
        () =>
          zipFiles(
            testEpubFiles({
              files: {
                "META-INF/encryption.xml": `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#"><EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><CipherData><CipherReference URI="OEBPS/text/chapter-1.xhtml"/></CipherData></EncryptedData></encryption>`,
              },
            }),
          ),
        "This EPUB is encrypted (DRM) and cannot be imported.",
      ],
    ];

    it.each(bad)(
      "refuses %s",
      async (_, make, message) => {
        const bytes = await make();
        const before = await counts();
        const error = await refusalOf(() => service().import(bytes));
        expect(error.message).toBe(message);
        expect(["invalid-argument", "failed-precondition"]).toContain(error.code);
        expect(await counts()).toEqual(before);
      },
      60_000,
    );

    it("refuses unknown categories before writing anything", async () => {
      const before = await counts();
      const error = await refusalOf(() =>
        service().import(testEpub({ identifier: "urn:quire-test:categories" }), { categories: ["no-such-category"] }),
      );
      expect(error.message).toBe("Pick categories from the list.");
      expect(error.details).toEqual({ categories: ["no-such-category"] });
      expect(await counts()).toEqual(before);
    });
  });

  describe("labels, categories and new editions", () => {
    it("labels a featured book and appends it to its categories", async () => {
      const category = await createCategory(testDb.db);
      const first = await service().import(testEpub({ identifier: "urn:quire-test:featured-1" }), {
        categories: [category.id],
      });
      const second = await service().import(testEpub({ identifier: "urn:quire-test:featured-2" }), {
        featured: true,
        categories: [category.id, category.id],
      });
      const rows = await testDb.db
        .selectFrom("categoryBooks")
        .select(["bookId", "position"])
        .where("categoryId", "=", category.id)
        .orderBy("position")
        .execute();
      expect(rows).toEqual([
        { bookId: first.bookId, position: 1 },
        { bookId: second.bookId, position: 2 },
      ]);
      const labels = await testDb.db
        .selectFrom("books")
        .select(["id", "publishingLabel"])
        .where("id", "in", [first.bookId, second.bookId])
        .orderBy("publishingLabel")
        .execute();
      expect(labels.map((row) => row.publishingLabel).sort()).toEqual(["community-featured", null].sort());
    });

    it("updates a book in place on a new edition: same id, counters and progress kept, chapter anchors stable", async () => {
      const identifier = "urn:quire-test:editions";
      const v1 = await service().import(testEpub({ identifier, title: "First Edition", subjects: ["Old Genre"] }), {
        featured: true,
      });
      const reader = await createUser(testDb.db);
      await testDb.db
        .insertInto("chapterProgress")
        .values({
          userId: reader.id,
          bookId: v1.bookId,
          anchorId: "chapter-2",
          progress: 40,
          isRead: 0,
          lastReadAt: NOW.toISOString(),
          epubPosition: null,
        })
        .execute();
      await testDb.db
        .updateTable("books")
        .set({ nUserStarred: 3, interactionScore: 15 })
        .where("id", "=", v1.bookId)
        .execute();
      const v1Files = await storedFiles();

      const later = new Date(NOW.getTime() + 86_400_000);
      const v2 = await new EpubImportService({
        db: testDb.db,
        storage,
        logger: pino({ level: "silent" }),
        clock: () => later,
        maxImagePixels: 50_000_000,
      }).import(
        testEpub({
          identifier,
          title: "Second Edition",
          subjects: ["New Genre"],
          chapters: [
            {
              file: "chapter-1.xhtml",
              title: "The Beginning",
              body: "<h2>The Beginning</h2><p>Revised opening text.</p>",
            },
            { file: "chapter-2.xhtml", title: "The Middle", body: "<h2>The Middle</h2><p>Unchanged.</p>" },
            { file: "chapter-3.xhtml", title: "The End", body: "<h2>The End</h2><p>A new ending.</p>" },
          ],
        }),
      );
      expect(v2).toMatchObject({ bookId: v1.bookId, version: 2, created: false, title: "Second Edition", chapters: 3 });

      const book = await testDb.db
        .selectFrom("books")
        .selectAll()
        .where("id", "=", v1.bookId)
        .executeTakeFirstOrThrow();
      expect(book).toMatchObject({
        title: "Second Edition",
        nUserStarred: 3,
        interactionScore: 15,
        addedDate: NOW.toISOString(),
        publishingLabel: "community-featured",
      });
      const data = await testDb.db
        .selectFrom("bookData")
        .selectAll()
        .where("bookId", "=", v1.bookId)
        .executeTakeFirstOrThrow();
      expect(data.latestVersion).toBe("2");
      expect(parseJson(data.versionsMap, {})).toEqual({ "1": NOW.toISOString(), "2": later.toISOString() });

      const repository = new EpubImportRepository(testDb.db);
      const progress = await testDb.db
        .selectFrom("chapterProgress")
        .select("anchorId")
        .where("bookId", "=", v1.bookId)
        .execute();
      for (const row of progress) expect(await repository.chapterContent(v1.bookId, row.anchorId)).toBeDefined();
      expect((await repository.chapterContent(v1.bookId, "chapter-1"))?.html).toContain("Revised opening text.");
      expect(await repository.chapterContent(v1.bookId, "chapter-9")).toBeUndefined();

      const genres = await testDb.db
        .selectFrom("bookGenres")
        .select("genreId")
        .where("bookId", "=", v1.bookId)
        .execute();
      expect(genres).toEqual([{ genreId: "new-genre" }]);
      // The first edition's files stay for readers who are still in it.
      const files = await storedFiles();
      for (const file of v1Files) expect(files).toContain(file);
    });

    /**
     * Storage that lets another import run to completion just as this one starts writing files: the
     * moment between reading the book's state and committing, made certain instead of left to timing.
     */
    class InterruptedStorage extends LocalFileStorage {
      private interruption: (() => Promise<unknown>) | undefined;
      constructor(interruption: () => Promise<unknown>) {
        super(filesDir);
        this.interruption = interruption;
      }
      override async put(key: string, bytes: Uint8Array): Promise<string> {
        const interruption = this.interruption;
        this.interruption = undefined;
        await interruption?.();
        return super.put(key, bytes);
      }
    }

    /** Imports "Edition A" while "Edition B" of the same book is imported in between; returns B's result. */
    async function importInterrupted(identifier: string) {
      const picture = {
        "OEBPS/images/a.png": await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      };
      const chapters = [{ file: "one.xhtml", title: "One", body: '<p>Text</p><img src="../images/a.png" alt=""/>' }];
      const before = new Set(await storedFiles());
      let other: { bookId: string; version: number } | undefined;
      const interrupted = new EpubImportService({
        db: testDb.db,
        storage: new InterruptedStorage(async () => {
          other = await service().import(testEpub({ identifier, chapters, files: picture, title: "Edition B" }));
        }),
        logger: pino({ level: "silent" }),
        clock: () => NOW,
        maxImagePixels: 50_000_000,
      });
      const error = await refusalOf(() =>
        interrupted.import(testEpub({ identifier, chapters, files: picture, title: "Edition A" })),
      );
      expect(error.message).toBe("This book was imported by someone else at the same time. Please try again.");
      // Only the other import's files were added: the refused one removed its folder.
      const added = (await storedFiles()).filter((file) => !before.has(file));
      const folders = new Set(added.map((file) => file.split("/").slice(0, 4).join("/")));
      expect([...folders]).toHaveLength(1);
      expect(added).toContain(`${[...folders][0]}/content/OEBPS/images/a.png`);
      expect(other).toBeDefined();
      return other as { bookId: string; version: number };
    }

    it("refuses a new edition when another was imported meanwhile, leaving the winner's files alone", async () => {
      const identifier = "urn:quire-test:race";
      const first = await service().import(testEpub({ identifier }));
      const winner = await importInterrupted(identifier);
      expect(winner).toMatchObject({ bookId: first.bookId, version: 2 });
      const book = await testDb.db
        .selectFrom("books")
        .selectAll()
        .where("id", "=", first.bookId)
        .executeTakeFirstOrThrow();
      expect(book.title).toBe("Edition B");
      const data = await testDb.db
        .selectFrom("bookData")
        .selectAll()
        .where("bookId", "=", first.bookId)
        .executeTakeFirstOrThrow();
      expect(data.latestVersion).toBe("2");
    });

    it("refuses to create a book that another import created meanwhile", async () => {
      const identifier = "urn:quire-test:first-race";
      const winner = await importInterrupted(identifier);
      const rows = await testDb.db
        .selectFrom("bookData")
        .select("bookId")
        .where("epubIdentifier", "=", identifier)
        .execute();
      expect(rows).toEqual([{ bookId: winner.bookId }]);
      // The refused import's book row went with its transaction: every book here has its book data.
      const orphans = await testDb.db
        .selectFrom("books")
        .leftJoin("bookData", "bookData.bookId", "books.id")
        .select("books.id")
        .where("bookData.bookId", "is", null)
        .execute();
      expect(orphans).toEqual([]);
    });
  });
});
