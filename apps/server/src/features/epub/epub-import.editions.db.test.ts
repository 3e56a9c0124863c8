import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCategory, createUser } from "../../../test/factories";
import { dialectsUnderTest } from "../../../test/test-db";
import { parseJson } from "../../db/json";
import { LocalFileStorage } from "../../infra/storage";
import { EpubImportRepository } from "./epub-import.repository";
import { EpubImportService } from "./epub-import.service";
import { NOW, useEpubImport } from "./epub-import-harness";
import { refusalOf, testEpub } from "./test-epubs";

describe.each(dialectsUnderTest())("EPUB import labels and editions on %s", (dialect) => {
  const h = useEpubImport(dialect);
  const { testDb, service, storedFiles } = h;
  const filesDir = () => h.filesDir();

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
        storage: h.storage(),
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
        super(filesDir());
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
