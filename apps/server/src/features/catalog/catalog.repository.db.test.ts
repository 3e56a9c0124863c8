import type { BookSort } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createCategory, createGenre, uniqueId } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { keysetPage } from "../../db/keyset";
import { presentListedBook } from "./catalog.presenter";
import { type BookFilters, CatalogRepository } from "./catalog.repository";

const SORTS = {
  popular: { column: "interactionScore", direction: "desc", type: "number" },
  newest: { column: "addedDate", direction: "desc", type: "string" },
  title: { column: "title", direction: "asc", type: "string" },
} as const;

// The compiled list statements (one per filter shape) against the same filters built with Kysely on each call.
describe.each(dialectsUnderTest())("catalogue list statements on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let repository: CatalogRepository;
  const common = uniqueId("genre");
  const rare = uniqueId("genre");
  // Listed second by position although its id sorts first: refs must follow positions.
  const first = uniqueId("zz-cat");
  const second = uniqueId("aa-cat");

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
        const compiled = await walk(async (cursor) => {
          const page = await repository.listBooksPage(filters, sort, 4, cursor);
          return { ids: page.items.map((row) => row.id), nextCursor: page.nextCursor };
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
        const offsetPages = await Promise.all(
          built.map((_, index) =>
            repository.listBooksAtOffset(filters, sort, 4, index * 4).then((rows) => rows.map((row) => row.id)),
          ),
        );
        expect(
          offsetPages.filter((page) => page.length > 0),
          JSON.stringify(filters),
        ).toEqual(built.filter((page) => page.length > 0));
        listed += built.flat().length;
      }
      expect(listed).toBeGreaterThan(60);
    },
  );

  it("folds in the same genre and category ids, in the same order, as the batched hydration", async () => {
    const rows = (await repository.listBooksPage({ display: undefined }, "popular", 40, undefined)).items;
    const refs = await repository.bookRefs(rows.map((row) => row.id));
    for (const row of rows) {
      const book = presentListedBook(row);
      expect(book.genreRefs).toEqual(refs.genres.get(row.id) ?? []);
      expect(book.categoryRefs).toEqual(refs.categories.get(row.id) ?? []);
    }
    expect(rows.some((row) => presentListedBook(row).categoryRefs.join() === [first, second].join())).toBe(true);
    expect(rows.some((row) => presentListedBook(row).genreRefs.length === 2)).toBe(true);
  });

  it("names genres and categories by name and position, and a genre created after the names were first read", async () => {
    await repository.labelsOf([common], []);
    const late = uniqueId("genre");
    await createGenre(testDb.db, { id: late, displayName: "Aaa, added later" });
    const labels = await repository.labelsOf([common, late], [second, first]);
    expect(labels.genres.map((genre) => genre.id)).toEqual([late, common]);
    expect(labels.genres[0]).toEqual({ id: late, displayName: "Aaa, added later" });
    expect(labels.categories.map((category) => category.id)).toEqual([first, second]);
  });

  it("refuses a cursor it did not make", async () => {
    await expect(repository.listBooksPage({ display: 1 }, "popular", 4, "garbage")).rejects.toThrow("Invalid cursor");
  });
});
