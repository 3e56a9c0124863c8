import type { ListBooksQuery } from "@quire/core";
import { AppError, encodeCursor } from "@quire/core";
import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createBook, createGenre, uniqueId } from "../../../test/factories";
import { recordStatements } from "../../../test/statements-sent";
import { dialectsUnderTest, itOnPostgres, POSTGRES_TEST_URL, useTestDatabase } from "../../../test/test-db";
import { createDatabase } from "../../db/database";
import { CatalogRepository } from "./catalog.repository";
import { CatalogService, VISITOR, type Viewer } from "./catalog.service";
import { bookDetailJson } from "./catalog-json.repository";
import { MAX_LIST_PAGES_PER_STATEMENT } from "./list-pages.repository";

const ADMIN = { canSeeHiddenBooks: true };

/**
 * Catalogue reads at the same time. Book pages share one statement (catalog.repository.ts); equal list pages are read
 * once (catalog.service.ts), and on PostgreSQL the different pages of one shape share one statement. Either way every
 * caller gets its own answer. The statements run are recorded on the drivers (test/statements-sent.ts).
 */
describe.each(dialectsUnderTest())("catalogue reads at the same time on %s", (dialect) => {
  const sent = recordStatements();
  const testDb = useTestDatabase(dialect);
  let service: CatalogService;
  // More than a list page of 14, each more popular than the one before.
  const shown = Array.from({ length: 16 }, (_, index) => uniqueId(`shown-${index}`));
  const mostPopularFirst = [...shown].reverse();
  const hidden = uniqueId("hidden");
  const unknown = uniqueId("unknown");

  const genre = uniqueId("genre");

  beforeAll(async () => {
    await createGenre(testDb.db, { id: genre });
    for (const [index, id] of shown.entries()) {
      await createBook(testDb.db, { book: { id, interactionScore: index }, genres: [genre] });
    }
    await createBook(testDb.db, { book: { id: hidden, display: 0 }, genres: [genre] });
    service = new CatalogService(new CatalogRepository(testDb.db), () => new Date());
  });

  const listQuery = (query: Partial<ListBooksQuery>): ListBooksQuery => ({
    sort: "popular",
    pageSize: 14,
    genre,
    ...query,
  });

  /** The book page's JSON as the single-row statement writes it, read on its own. */
  async function storedJson(id: string): Promise<string> {
    const row = await testDb.db
      .selectFrom("books")
      .innerJoin("bookJson", "bookJson.bookId", "books.id")
      .select(bookDetailJson.as("json"))
      .where("books.id", "=", id)
      .executeTakeFirstOrThrow();
    return row.json;
  }

  /** Each read's JSON, or the code of the error it failed with. */
  const settle = (reads: Promise<string>[]) =>
    Promise.all(reads.map((read) => read.catch((error: unknown) => (error instanceof AppError ? error.code : error))));

  it("answers different, equal, unknown and hidden ids read at once, each with its own answer", async () => {
    const ids = [shown[0], shown[1], shown[0], unknown, hidden, shown[2], "\u0000", unknown, shown[1]] as string[];
    const expected = await Promise.all(
      ids.map((id) => (id === unknown || id === hidden || id === "\u0000" ? "not-found" : storedJson(id))),
    );
    expect(await settle(ids.map((id) => service.getBookJson(id, VISITOR)))).toEqual(expected);
    // An admin sees the hidden book, in the same batch as a visitor who does not.
    expect(await settle([service.getBookJson(hidden, ADMIN), service.getBookJson(hidden, VISITOR)])).toEqual([
      await storedJson(hidden),
      "not-found",
    ]);
  });

  it("reads the book pages asked for in one turn with one statement", async () => {
    sent.length = 0;
    const answers = await Promise.all(shown.map((id) => service.getBookJson(id, VISITOR)));
    expect(answers.map((json) => JSON.parse(json).book.id)).toEqual(shown);
    expect(sent, sent.join("\n")).toHaveLength(1);
  });

  itOnPostgres(dialect)("reads a lone book page with a statement whose plan PostgreSQL keeps", async () => {
    // A catalogue large enough that a plan for ten ids costs more than planning one for one id.
    await testDb.db
      .insertInto("books")
      .values(
        Array.from({ length: 500 }, (_, index) => ({
          id: uniqueId(`more-${index}`),
          title: `More ${index}`,
          summary: "",
          authors: "[]",
          authorIds: "[]",
          source: "own" as const,
          display: 1,
          status: "launched" as const,
          publishingLabel: "community-original" as const,
          completionStatus: "complete" as const,
          addedDate: new Date(0).toISOString(),
        })),
      )
      .execute();
    await sql`analyze books, book_json`.execute(testDb.db);
    // One connection, so every read and the look at its prepared statements happen on it.
    const connection = createDatabase({ url: POSTGRES_TEST_URL, searchPath: testDb.searchPath, poolSize: 1 });
    try {
      const reader = new CatalogService(new CatalogRepository(connection.db), () => new Date());
      for (const id of shown.slice(0, 8)) expect(JSON.parse(await reader.getBookJson(id, VISITOR)).book.id).toBe(id);
      // PostgreSQL plans a prepared statement's first 5 runs for their values, then keeps a generic plan if its
      // estimate is no worse; one that never gets one is planned again on every run.
      const plans = await sql<{ statement: string; genericPlans: number; customPlans: number }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%book_json%'`
        .execute(connection.db)
        .then((result) => result.rows);
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatchObject({ customPlans: 5, genericPlans: 3 });
    } finally {
      await connection.destroy();
    }
  });

  it("rejects every page read in a batch whose statement fails, and none hangs", async () => {
    // A database without the catalogue's tables: its statement fails.
    const broken = createDatabase({
      url: dialect === "postgres" ? POSTGRES_TEST_URL : ":memory:",
      searchPath: dialect === "postgres" ? `t_${uniqueId("missing").replace(/\W/g, "_")}` : undefined,
    });
    try {
      const brokenService = new CatalogService(new CatalogRepository(broken.db), () => new Date());
      const reads = await Promise.allSettled([
        ...[shown[0], unknown, shown[0], shown[1]].map((id) => brokenService.getBookJson(id as string, VISITOR)),
        ...[listQuery({}), listQuery({ genre: unknown }), listQuery({})].map((query) =>
          brokenService.listBooksJson(query, VISITOR),
        ),
      ]);
      expect(reads.map((read) => read.status)).toEqual(Array(7).fill("rejected"));
      for (const read of reads) expect(String((read as PromiseRejectedResult).reason)).toMatch(/book/);
    } finally {
      await broken.destroy();
    }
  });

  /** The list page's JSON text as the service answers it (its UTF-8 bytes). */
  const listJson = async (query: ListBooksQuery, viewer: Viewer) =>
    (await service.listBooksJson(query, viewer)).toString();
  /** Ids on a list page, with its cursor or total. */
  const idsOf = (json: string) => {
    const page = JSON.parse(json) as { items: { id: string }[]; nextCursor: string | null; total?: number };
    return { ids: page.items.map((book) => book.id), nextCursor: page.nextCursor, total: page.total };
  };

  /**
   * Visitors' list pages read one at a time, then all at once: each page as its lone read, in as many statements as
   * pages on SQLite and `statementsOnPostgres` on PostgreSQL.
   */
  async function readAtOnce(queries: ListBooksQuery[], { statementsOnPostgres }: { statementsOnPostgres: number }) {
    const alone: string[] = [];
    for (const query of queries) alone.push(await listJson(query, VISITOR));
    sent.length = 0;
    const together = await Promise.all(queries.map((query) => listJson(query, VISITOR)));
    expect(together).toEqual(alone);
    expect(sent, sent.join("\n")).toHaveLength(dialect === "postgres" ? statementsOnPostgres : queries.length);
    return together;
  }

  it("reads a list page asked for many times at once once, each caller getting the page a lone read gets", async () => {
    const alone = await listJson(listQuery({}), VISITOR);
    const reads = vi.spyOn(CatalogRepository.prototype, "listPages");
    sent.length = 0;
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => listJson(listQuery({}), VISITOR)));
      expect(answers).toEqual(Array(5).fill(alone));
      expect(reads).toHaveBeenCalledTimes(1);
      expect(reads.mock.calls[0]?.[0]).toHaveLength(1);
      expect(sent, sent.join("\n")).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    expect(idsOf(alone).ids).toEqual(mostPopularFirst.slice(0, 14));
  });

  it("answers different list pages asked for at once each with its own page", async () => {
    const second = idsOf(await listJson(listQuery({}), VISITOR)).nextCursor ?? undefined;
    const queries = [
      listQuery({}),
      listQuery({ cursor: second }),
      listQuery({ page: 2 }),
      listQuery({ page: 1 }),
      listQuery({ pageSize: 20 }),
      listQuery({ sort: "title" }),
      listQuery({ cursor: second }),
      listQuery({ display: false }),
    ];
    const alone: string[] = [];
    for (const query of queries) alone.push(await listJson(query, query.display === false ? ADMIN : VISITOR));
    const together = await Promise.all(
      queries.map((query) => listJson(query, query.display === false ? ADMIN : VISITOR)),
    );
    expect(together).toEqual(alone);
    expect(idsOf(together[1] as string)).toEqual({ ids: [shown[1], shown[0]], nextCursor: null, total: undefined });
    expect(idsOf(together[2] as string)).toEqual({ ids: [shown[1], shown[0]], nextCursor: null, total: 16 });
    expect(idsOf(together[4] as string).ids).toEqual(mostPopularFirst);
    expect(idsOf(together[7] as string).ids).toEqual([hidden]);
    // A visitor asking for hidden books in the same turn as an admin gets none.
    const [admin, visitor] = await Promise.all([
      listJson(listQuery({ display: false, genre: undefined }), ADMIN),
      listJson(listQuery({ display: false, genre: undefined }), VISITOR),
    ]);
    expect(idsOf(admin).ids).toEqual([hidden]);
    expect(idsOf(visitor).ids).toEqual([]);
  });

  it("reads the different list pages of one shape asked for at once with one statement on PostgreSQL", async () => {
    const other = uniqueId("other-genre");
    await createGenre(testDb.db, { id: other });
    await testDb.db
      .insertInto("bookGenres")
      .values([shown[3], shown[7]].map((bookId) => ({ bookId: bookId as string, genreId: other })))
      .execute();
    // First pages of three genres (one with no books), then pages after three cursors: two shapes.
    const cursorAfter = (index: number) => encodeCursor([index, shown[index] as string]);
    const queries = [
      listQuery({}),
      listQuery({ genre: other }),
      listQuery({ genre: unknown }),
      listQuery({ cursor: cursorAfter(15) }),
      listQuery({ cursor: cursorAfter(9) }),
      listQuery({ cursor: cursorAfter(1) }),
    ];
    const together = await readAtOnce(queries, { statementsOnPostgres: 2 });
    expect(together.map((json) => idsOf(json).ids)).toEqual([
      mostPopularFirst.slice(0, 14),
      [shown[7], shown[3]],
      [],
      mostPopularFirst.slice(1, 15),
      mostPopularFirst.slice(7),
      [shown[0]],
    ]);
    expect(together.map((json) => idsOf(json).nextCursor)).toEqual([
      cursorAfter(2),
      null,
      null,
      cursorAfter(1),
      null,
      null,
    ]);
  });

  it("reads as many pages of one shape as a statement takes with one statement on PostgreSQL, and one more with another", async () => {
    // Pages after popularity 0.5, 1.5, …: each starts one book further down the list, the first empty.
    const queries = Array.from({ length: MAX_LIST_PAGES_PER_STATEMENT + 1 }, (_, index) =>
      listQuery({ cursor: encodeCursor([index - 0.5, "~"]) }),
    );
    const together = await readAtOnce(queries, { statementsOnPostgres: 2 });
    expect(together.map((json) => idsOf(json).ids[0])).toEqual(
      queries.map((_, index) => (index === 0 ? undefined : shown[Math.min(index, shown.length) - 1])),
    );
  });

  it("reads a list page asked for after a write afresh", async () => {
    expect(idsOf(await listJson(listQuery({}), VISITOR)).ids[0]).toBe(shown[15]);
    await testDb.db
      .updateTable("books")
      .set({ interactionScore: 100 })
      .where("id", "=", shown[0] as string)
      .execute();
    expect(idsOf(await listJson(listQuery({}), VISITOR)).ids.slice(0, 2)).toEqual([shown[0], shown[15]]);
  });
});
