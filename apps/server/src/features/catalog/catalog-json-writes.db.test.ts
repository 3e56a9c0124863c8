import type { BookSort } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { booksIn, canonical, presentedBook, SORTS } from "../../../test/catalog-fixtures";
import { createBook, createCategory, createGenre, createUser, uniqueId } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";
import { AccountDeletionRepository } from "../account-deletion/account-deletion.repository";
import { EpubImportRepository } from "../epub/epub-import.repository";
import { LibraryRepository } from "../library/library.repository";
import { ReadingRepository } from "../reading/reading.repository";
import { StudioRepository } from "../studio/studio.repository";
import { bookClassificationRepository } from "./book-classification.repository";
import { CatalogRepository } from "./catalog.repository";
import { CatalogService } from "./catalog.service";

// The JSON the triggers keep in book_json and genre_books, against the tables after each kind of write.
describe.each(dialectsUnderTest())("catalogue JSON kept by triggers on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let repository: CatalogRepository;
  const common = uniqueId("genre");
  const first = uniqueId("zz-cat");
  const second = uniqueId("aa-cat");
  // Books beside the one written, whose JSON the writes to shared genres and categories must also keep true.
  const odd = { labelled: uniqueId("odd-labelled") };
  beforeAll(async () => {
    const db = testDb.db;
    repository = new CatalogRepository(db);
    await createGenre(db, { id: common });
    await createCategory(db, { id: first, position: 1 });
    await createCategory(db, { id: second, position: 2 });
    for (let n = 0; n < 6; n++) {
      await createBook(db, {
        book: { id: uniqueId(`beside-${n}`), interactionScore: n % 3, display: n === 5 ? 0 : 1 },
        genres: n % 2 === 0 ? [common] : [],
        categories: n % 3 === 0 ? [{ id: second, position: n }] : [],
        chapters: 0,
      });
    }
    await createBook(db, {
      book: { id: odd.labelled, title: 'Quotes " and \\ back\nslash, accents é and 😀' },
      genres: [common],
      categories: [
        { id: second, position: 1 },
        { id: first, position: 2 },
      ],
      chapters: 1,
    });
  });
  const presented = (id: string) => presentedBook(testDb.db, repository, id);

  /** The book page's answer from its tables, read apart and ordered here: what the database's JSON must equal. */
  async function presentedDetail(id: string) {
    const db = testDb.db;
    const data = await db.selectFrom("bookData").selectAll().where("bookId", "=", id).executeTakeFirst();
    const genres = await db
      .selectFrom("bookGenres")
      .innerJoin("genres", "genres.id", "bookGenres.genreId")
      .select(["genres.id", "genres.displayName"])
      .where("bookGenres.bookId", "=", id)
      .execute();
    const categories = await db
      .selectFrom("categoryBooks")
      .innerJoin("categories", "categories.id", "categoryBooks.categoryId")
      .select(["categories.id", "categories.name", "categories.position"])
      .where("categoryBooks.bookId", "=", id)
      .execute();
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    genres.sort((a, b) => byText(a.displayName, b.displayName) || byText(a.id, b.id));
    categories.sort((a, b) => a.position - b.position || byText(a.name, b.name) || byText(a.id, b.id));
    return {
      book: await presented(id),
      bookData: data
        ? {
            id: data.bookId,
            bookTeaser: data.bookTeaser,
            characters: JSON.parse(data.characters || "[]"),
            css: data.css,
            tocLength: data.tocLength,
            moods: JSON.parse(data.moods || "[]"),
            timeToReadMinutes: data.timeToReadMinutes,
            wordCount: data.wordCount,
            versionsMap: JSON.parse(data.versionsMap || "{}"),
            latestVersion: data.latestVersion,
            epubToc: JSON.parse(data.epubToc || "[]"),
            startAnchorId: data.startAnchorId,
            originalPublicationYear: data.originalPublicationYear,
          }
        : null,
      genres,
      categories: categories.map(({ id, name }) => ({ id, name })),
    };
  }

  it("keeps every book's JSON true after each kind of write to what it is built from", async () => {
    const db = testDb.db;
    const service = new CatalogService(repository, () => new Date());
    const admin = { canSeeHiddenBooks: true };
    /** Every book listed and every book page equals its presentation from the tables; `gone` books have neither. */
    const expectTrue = async (write: string, gone: string[] = []) => {
      const listed = booksIn((await repository.listBooksPage({ display: undefined }, "popular", 500, undefined)).items);
      const ids = (await db.selectFrom("books").select("id").execute()).map((row) => row.id);
      expect(listed.map((book) => book.id).sort(), write).toEqual([...ids].sort());
      for (const book of listed)
        expect(JSON.stringify(book), `${write}: ${book.id}`).toBe(JSON.stringify(await presented(book.id)));
      for (const id of ids) {
        expect(canonical(await service.getBookJson(id, admin)), `${write}: page of ${id}`).toBe(
          JSON.stringify(await presentedDetail(id)),
        );
      }
      for (const id of gone) {
        expect(ids, write).not.toContain(id);
        await expect(service.getBookJson(id, admin), write).rejects.toThrow();
      }
      // A genre's list walks its own copy of the books' visibility and sort values: it must list what the tables say.
      const genres = await db.selectFrom("bookGenres").select("genreId").distinct().execute();
      for (const { genreId } of genres) {
        for (const sort of Object.keys(SORTS) as BookSort[]) {
          const { column, direction } = SORTS[sort];
          const walked = await repository.listBooksPage({ display: 1, genre: genreId }, sort, 500, undefined);
          const expected = await repository
            .filtered({ display: 1, genre: genreId })
            .orderBy(`books.${column}`, direction)
            .orderBy("books.id", direction)
            .execute();
          expect(
            booksIn(walked.items).map((book) => book.id),
            `${write}: genre ${genreId} by ${sort}`,
          ).toEqual(expected.map((row) => row.id));
        }
      }
      const rows = await db
        .selectFrom("bookJson")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(rows.count), `${write}: one JSON row per book`).toBe(ids.length);
      // The book page reads its visibility from the JSON's row: it must be the book's.
      const visibility = await db
        .selectFrom("books")
        .innerJoin("bookJson", "bookJson.bookId", "books.id")
        .select(["books.id", "books.display", "bookJson.display as copied"])
        .execute();
      for (const row of visibility) expect(row.copied, `${write}: display of ${row.id}`).toBe(row.display);
    };
    const studio = new StudioRepository(db);
    const importer = new EpubImportRepository(db);
    const library = new LibraryRepository(db);
    const reading = new ReadingRepository(db, dialect);
    const deletion = new AccountDeletionRepository(db);
    const reader = await createUser(db);
    const id = uniqueId("written");
    const genre = uniqueId("genre-w");
    const shelf = uniqueId("shelf");
    const corner = uniqueId("corner");
    await createGenre(db, { id: genre, displayName: "Written" });
    await createCategory(db, { id: shelf, name: "Shelf", position: 7 });
    await createCategory(db, { id: corner, name: "Corner", position: 8 });
    const now = () => new Date().toISOString();

    await db.transaction().execute(async (trx) => {
      await importer.insertBook(trx, {
        id,
        title: "Imported",
        authors: toJson(["Imp Orter"]),
        authorIds: "[]",
        imageUrl: null,
        summary: "An imported book",
        source: "public-domain",
        display: 1,
        status: "launched",
        publishingLabel: null,
        completionStatus: "complete",
        launchedDate: now(),
        addedDate: now(),
        lastInteractedAt: null,
      });
      await importer.insertBookData(trx, {
        bookId: id,
        bookTeaser: "It begins",
        characters: "[]",
        css: "",
        tocLength: 1,
        moods: "",
        timeToReadMinutes: 3,
        wordCount: 700,
        versionsMap: toJson({ "1": now() }),
        latestVersion: "1",
        epubToc: toJson([{ title: "One", anchorId: "one", children: [] }]),
      });
      await importer.replaceGenres(trx, id, [
        { id: genre, displayName: "Written" },
        { id: uniqueId("genre-new"), displayName: 'Brand "new"' },
      ]);
      await importer.addToCategories(trx, id, [corner, shelf]);
    });
    await expectTrue("import");
    await db.transaction().execute(async (trx) => {
      await importer.updateBook(trx, id, { title: "Imported, second edition", summary: 'Now "revised"\n' });
      await importer.updateBookData(trx, id, "1", {
        latestVersion: "2",
        versionsMap: toJson({ "1": now(), "2": now() }),
      });
    });
    await expectTrue("new edition");

    await db.transaction().execute(async (trx) => {
      expect(await studio.lockBook(trx, id)).toBe(true);
      await studio.updateBook(trx, id, {
        authors: toJson(["Ed Itor"]),
        imageUrl: "/files/covers/x.webp",
        status: "wip",
      });
      await studio.updateBookData(trx, id, {
        characters: toJson([{ name: "Bo", description: "A friend" }]),
        moods: "[]",
      });
      await studio.replaceCategories(trx, id, [shelf]);
      await bookClassificationRepository.setGenres(trx, id, [genre, common]);
    });
    await expectTrue("studio edit");
    expect(await studio.markScheduled(id, now())).toBe(true);
    await expectTrue("scheduled");
    await db
      .transaction()
      .execute((trx) => studio.markLaunched(trx, id, { from: ["scheduled"], now: now(), show: true }));
    await expectTrue("launched");
    await db.transaction().execute((trx) => studio.updateBook(trx, id, { display: 0 }));
    await expectTrue("hidden");
    await db.transaction().execute((trx) => studio.updateBook(trx, id, { display: 1 }));
    await expectTrue("shown again");

    await db.transaction().execute(async (trx) => {
      await library.star(trx, reader.id, id, now());
      await reading.moveReadCounters(trx, id, { current: 1, finished: 0 }, now());
    });
    await expectTrue("star and a new reader");
    await db.transaction().execute(async (trx) => {
      await reading.moveReadCounters(trx, id, { current: -1, finished: 1 }, now());
      await library.unstar(trx, reader.id, id, now());
      await library.star(trx, reader.id, odd.labelled, now());
    });
    await expectTrue("finish and unstar");
    await db.transaction().execute((trx) => deletion.deleteUser(reader.id, trx));
    await expectTrue("account deletion");

    await db.updateTable("genres").set({ displayName: "Aaa first now" }).where("id", "=", genre).execute();
    await db.updateTable("categories").set({ position: 0, name: "Moved" }).where("id", "=", shelf).execute();
    await db.updateTable("categories").set({ position: 0 }).where("id", "=", second).execute();
    await expectTrue("genre renamed, categories moved");
    await db.deleteFrom("genres").where("id", "=", genre).execute();
    await db.deleteFrom("categories").where("id", "=", shelf).execute();
    await db.deleteFrom("bookData").where("bookId", "=", id).execute();
    await expectTrue("genre, category and book data deleted");
    await db.deleteFrom("books").where("id", "=", id).execute();
    await expectTrue("book deleted", [id]);
  });
});
