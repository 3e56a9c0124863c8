import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type TocEntry, thumbnailUrl } from "@quire/core";
import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "../../../test/test-db";
import { parseJson } from "../../db/json";
import { bookStylesheetKey } from "./epub-import.service";
import { useEpubImport } from "./epub-import-harness";

const REPO_ROOT = join(import.meta.dirname, "../../../../..");
const CORPUS = join(REPO_ROOT, "../shared/corpus");

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

describe.each(dialectsUnderTest())("EPUB import of the corpus on %s", (dialect) => {
  const h = useEpubImport(dialect);
  const { testDb, service, keyOf } = h;
  const storage = { exists: (key: string) => h.storage().exists(key), read: (key: string) => h.storage().read(key) };

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
});
