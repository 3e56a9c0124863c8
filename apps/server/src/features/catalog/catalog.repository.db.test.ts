import type { BookPage, BookSort, ListBooksQuery } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { booksIn, canonical, presentedBook, SORTS } from "../../../test/catalog-fixtures";
import { createBook, createCategory, createGenre, uniqueId } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";
import { keysetPage } from "../../db/keyset";
import { type BookFilters, CatalogRepository } from "./catalog.repository";
import { CatalogService, VISITOR } from "./catalog.service";

// The compiled list statements (one per filter shape) against the same filters built with Kysely on each call.
describe.each(dialectsUnderTest())("catalogue list statements on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let repository: CatalogRepository;
  const common = uniqueId("genre");
  const rare = uniqueId("genre");
  // Listed second by position although its id sorts first: refs must follow positions.
  const first = uniqueId("zz-cat");
  const second = uniqueId("aa-cat");
  // Genre ids that a locale's collation orders differently from bytes ("a-c" before "ab"), and a late-named one.
  const plain = `ab${uniqueId("g")}`;
  const hyphened = `a-c${uniqueId("g")}`;
  const late = uniqueId("genre");
  // Rows with every field the JSON must carry faithfully: nulls, fractions, escapes, an empty JSON column.
  const odd = {
    labelled: uniqueId("odd-labelled"),
    bare: uniqueId("odd-bare"),
    hidden: uniqueId("odd-hidden"),
  };

  beforeAll(async () => {
    const db = testDb.db;
    repository = new CatalogRepository(db);
    await createGenre(db, { id: common });
    await createGenre(db, { id: rare });
    await createCategory(db, { id: first, position: 1 });
    await createCategory(db, { id: second, position: 2 });
    for (let n = 0; n < 30; n++) {
      await createBook(db, {
        book: {
          id: uniqueId(`listed-${n % 3}`),
          // Ties on every sort column, so the id tie-breaker decides across page boundaries.
          title: `Title ${n % 7}`,
          interactionScore: n % 5,
          addedDate: new Date(Date.UTC(2026, 0, 1 + (n % 4))).toISOString(),
          display: n % 9 === 0 ? 0 : 1,
          source: n % 4 === 0 ? "public-domain" : "own",
          status: n % 6 === 0 ? "wip" : "launched",
          completionStatus: n % 2 === 0 ? "complete" : "wip",
        },
        genres: n % 8 === 0 ? [common, rare] : n % 2 === 0 ? [common] : [],
        categories: [
          ...(n % 3 === 0 ? [{ id: second, position: n }] : []),
          ...(n % 5 === 0 ? [{ id: first, position: n }] : []),
        ],
        chapters: 0,
      });
    }
    await createGenre(db, { id: plain, displayName: "Same name" });
    await createGenre(db, { id: hyphened, displayName: "Same name" });
    await createGenre(db, { id: late, displayName: "Aaa, added later" });
    await createBook(db, {
      book: {
        id: odd.labelled,
        title: 'Quotes " and \\ back\nslash, accents é and 😀',
        authors: toJson(['Ann "Nan" Lee', "Bo"]),
        authorIds: toJson(["author-1"]),
        summary: "Line one\nLine two\t</script>",
        interactionScore: 0.1 + 0.2,
        lastInteractedAt: new Date(Date.UTC(2026, 1, 2)).toISOString(),
      },
      genres: [plain, late, hyphened],
      categories: [
        { id: second, position: 1 },
        { id: first, position: 2 },
      ],
      chapters: 1,
    });
    await createBook(db, {
      book: {
        id: odd.bare,
        authors: "",
        imageUrl: null,
        publishingLabel: null,
        launchedDate: null,
        interactionScore: 12,
        source: "public-domain",
      },
      chapters: 0,
    });
    await db.deleteFrom("bookData").where("bookId", "=", odd.bare).execute();
    await createBook(db, {
      book: { id: odd.hidden, display: 0, interactionScore: 1e6 },
      genres: [common],
      chapters: 0,
    });
  });

  const shapes: BookFilters[] = [
    { display: 1 },
    { display: undefined },
    { display: 0 },
    { display: 1, genre: common },
    { display: 1, genre: rare },
    { display: 1, category: second },
    { display: 1, source: "public-domain" },
    { display: 1, status: "wip" },
    { display: 1, completionStatus: "complete", genre: common, category: first, source: "own", status: "launched" },
    { display: 1, genre: "no-such-genre" },
  ];

  async function walk(next: (cursor: string | undefined) => Promise<{ ids: string[]; nextCursor: string | null }>) {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await next(cursor);
      pages.push(page.ids);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 50);
    return pages;
  }

  it.each(Object.keys(SORTS) as BookSort[])(
    "pages every filter shape like the query built per call, sorted by %s",
    async (sort) => {
      const { column, direction, type } = SORTS[sort];
      let listed = 0;
      for (const filters of shapes) {
        const cursors: (string | undefined)[] = [];
        const compiled = await walk(async (cursor) => {
          cursors.push(cursor);
          const page = await repository.listBooksPage(filters, sort, 4, cursor);
          return { ids: booksIn(page.items).map((book) => book.id), nextCursor: page.nextCursor };
        });
        const built = await walk(async (cursor) => {
          const page = await keysetPage(repository.filtered(filters), {
            cursor,
            foreign: "refuse",
            sort: `books.${column}`,
            sortType: type,
            id: "books.id",
            direction,
            limit: 4,
            keyOf: (row) => [row[column], row.id],
          });
          return { ids: page.items.map((row) => row.id), nextCursor: page.nextCursor };
        });
        expect(compiled, JSON.stringify(filters)).toEqual(built);
        // Every page read together (one statement per shape on PostgreSQL), by cursor and by number.
        const idsOf = (pages: { items: string }[]) => pages.map((page) => booksIn(page.items).map((book) => book.id));
        const byCursor = await repository.listPages(
          cursors.map((cursor) => ({ filters, sort, pageSize: 4, after: repository.afterCursor(sort, cursor) })),
        );
        expect(idsOf(byCursor), JSON.stringify(filters)).toEqual(built);
        const byNumber = await repository.listPages(
          built.map((_, index) => ({ filters, sort, pageSize: 4, offset: index * 4 })),
        );
        expect(
          idsOf(byNumber).filter((page) => page.length > 0),
          JSON.stringify(filters),
        ).toEqual(built.filter((page) => page.length > 0));
        listed += built.flat().length;
      }
      expect(listed).toBeGreaterThan(60);
    },
  );

  const presented = (id: string) => presentedBook(testDb.db, repository, id);

  it("writes every listed book's JSON exactly as the presenter presents it", async () => {
    const books = booksIn((await repository.listBooksPage({ display: undefined }, "popular", 40, undefined)).items);
    expect(books.map((book) => book.id)).toEqual(expect.arrayContaining(Object.values(odd)));
    for (const book of books) expect(JSON.stringify(book), book.id).toBe(JSON.stringify(await presented(book.id)));
    expect(books.some((book) => book.categoryRefs.join() === [first, second].join())).toBe(true);
    expect(books.some((book) => book.genreRefs.length === 2)).toBe(true);
    expect(books.some((book) => book.display === false)).toBe(true);
  });

  it("answers a page as the listed books' stored JSON joined in page order, then its cursor or total", async () => {
    const service = new CatalogService(repository, () => new Date());
    const storedJson = new Map(
      (
        await testDb.db
          .selectFrom("bookJson")
          .select(["bookId", (eb) => eb.fn<string>("concat", ["card", "counters"]).as("json")])
          .execute()
      ).map((row) => [row.bookId, row.json]),
    );
    /** The service's answer, which must be exactly the stored JSON of the books it lists around the page's fields. */
    const answered = async (query: Partial<ListBooksQuery>, viewer = VISITOR) => {
      const answer = (
        await service.listBooksJson({ sort: "popular", pageSize: 4, ...query } as ListBooksQuery, viewer)
      ).toString();
      const page = JSON.parse(answer) as BookPage;
      const items = page.items.map((book) => storedJson.get(book.id)).join(",");
      const total = page.total === undefined ? "" : `,"total":${page.total}`;
      expect(answer).toBe(`{"items":[${items}],"nextCursor":${JSON.stringify(page.nextCursor)}${total}}`);
      return page;
    };
    const visible = await repository
      .filtered({ display: 1 })
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .execute();
    // Every page by cursor, the last one without a next cursor: the visible books in order, never a hidden one.
    const walked: string[] = [];
    let page = await answered({});
    expect(page.items).toHaveLength(4);
    while (page.nextCursor) {
      walked.push(...page.items.map((book) => book.id));
      page = await answered({ cursor: page.nextCursor });
    }
    walked.push(...page.items.map((book) => book.id));
    expect(page.items.length).toBeGreaterThan(0);
    expect(walked).toEqual(visible.map((row) => row.id));
    expect(walked).not.toContain(odd.hidden);
    // An admin's list over every book starts with the hidden one (the highest score).
    expect((await answered({}, { canSeeHiddenBooks: true })).items[0]?.id).toBe(odd.hidden);
    const numbered = await answered({ page: 2 });
    expect(numbered.items.map((book) => book.id)).toEqual(walked.slice(4, 8));
    expect([numbered.total, numbered.nextCursor]).toEqual([visible.length, "3"]);
    const lastNumber = Math.ceil(visible.length / 4);
    expect((await answered({ page: lastNumber })).nextCursor).toBeNull();
    const ofGenre = await answered({ genre: common, pageSize: 20 });
    expect(ofGenre.items.length).toBeGreaterThan(4);
    expect(ofGenre.items.every((book) => book.genreRefs.includes(common) && book.display)).toBe(true);
    const none = await service.listBooksJson({ sort: "popular", pageSize: 20, genre: "no-such-genre" }, VISITOR);
    expect(none.toString()).toBe('{"items":[],"nextCursor":null}');
    const beyond = await service.listBooksJson({ sort: "popular", pageSize: 20, page: 99 }, VISITOR);
    expect(beyond.toString()).toBe(`{"items":[],"nextCursor":null,"total":${visible.length}}`);
  });

  it("writes the book page's JSON: the book, its data, its genres by name and categories by position", async () => {
    const service = new CatalogService(repository, () => new Date());
    const detail = JSON.parse(await service.getBookJson(odd.labelled, VISITOR));
    expect(canonical(JSON.stringify(detail.book))).toBe(JSON.stringify(await presented(odd.labelled)));
    const data = await testDb.db
      .selectFrom("bookData")
      .selectAll()
      .where("bookId", "=", odd.labelled)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(detail.bookData)).toBe(
      JSON.stringify({
        id: odd.labelled,
        bookTeaser: data.bookTeaser,
        characters: [{ name: "Ada", description: "The heroine" }],
        css: "",
        tocLength: 1,
        moods: ["hopeful"],
        timeToReadMinutes: 1,
        wordCount: 100,
        versionsMap: { "1": data.versionsMap && JSON.parse(data.versionsMap)["1"] },
        latestVersion: "1",
        epubToc: [{ title: "Chapter 1", anchorId: "chapter-1", children: [] }],
        startAnchorId: null,
        originalPublicationYear: null,
      }),
    );
    // By name, then id (JavaScript's order of bytes, not a locale's); categories by position, then name.
    expect(detail.genres).toEqual([
      { id: late, displayName: "Aaa, added later" },
      { id: hyphened, displayName: "Same name" },
      { id: plain, displayName: "Same name" },
    ]);
    expect(detail.categories.map((category: { id: string }) => category.id)).toEqual([first, second]);
    expect(Object.keys(detail)).toEqual(["book", "bookData", "genres", "categories"]);
  });

  it("writes null book data and empty labels for a book without them, and refuses a hidden book to visitors", async () => {
    const service = new CatalogService(repository, () => new Date());
    const detail = JSON.parse(await service.getBookJson(odd.bare, VISITOR));
    expect(detail).toEqual({ book: await presented(odd.bare), bookData: null, genres: [], categories: [] });
    await expect(service.getBookJson(odd.hidden, VISITOR)).rejects.toThrow();
    expect(JSON.parse(await service.getBookJson(odd.hidden, { canSeeHiddenBooks: true })).book.display).toBe(false);
  });

  it("refuses a cursor it did not make", async () => {
    await expect(repository.listBooksPage({ display: 1 }, "popular", 4, "garbage")).rejects.toThrow("Invalid cursor");
  });
});
