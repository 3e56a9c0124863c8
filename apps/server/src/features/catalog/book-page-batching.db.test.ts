import { AppError } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createGenre, uniqueId } from "../../../test/factories";
import { recordPostgresStatements } from "../../../test/postgres-statements";
import { dialectsUnderTest, POSTGRES_TEST_URL, useTestDatabase } from "../../../test/test-db";
import { createDatabase } from "../../db/database";
import { CatalogRepository } from "./catalog.repository";
import { CatalogService, VISITOR } from "./catalog.service";
import { bookDetailJson } from "./catalog-json.repository";

const ADMIN = { canSeeHiddenBooks: true };

/**
 * Book pages read at the same time: on PostgreSQL they share one statement (catalog.repository.ts), on SQLite each
 * reads its own row. Either way every caller gets its own answer. Statements sent are recorded by an observer on
 * pg's Client#query, as the reading feature's round-trip test does.
 */
describe.each(dialectsUnderTest())("book pages read concurrently on %s", (dialect) => {
  const sent = recordPostgresStatements();
  const testDb = useTestDatabase(dialect);
  let service: CatalogService;
  const shown = Array.from({ length: 6 }, (_, index) => uniqueId(`shown-${index}`));
  const hidden = uniqueId("hidden");
  const unknown = uniqueId("unknown");

  beforeAll(async () => {
    const genre = uniqueId("genre");
    await createGenre(testDb.db, { id: genre });
    for (const id of shown) await createBook(testDb.db, { book: { id }, genres: [genre] });
    await createBook(testDb.db, { book: { id: hidden, display: 0 } });
    service = new CatalogService(new CatalogRepository(testDb.db), () => new Date());
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

  it("sends PostgreSQL one statement for the book pages asked for in one turn", async () => {
    sent.length = 0;
    const answers = await Promise.all(shown.map((id) => service.getBookJson(id, VISITOR)));
    expect(answers.map((json) => JSON.parse(json).book.id)).toEqual(shown);
    expect(sent, sent.join("\n")).toHaveLength(dialect === "postgres" ? 1 : 0);
  });

  it("rejects every book page read in a batch whose statement fails, and none hangs", async () => {
    // A database without the catalogue's tables: its statement fails.
    const broken = createDatabase({
      url: dialect === "postgres" ? POSTGRES_TEST_URL : ":memory:",
      searchPath: dialect === "postgres" ? `t_${uniqueId("missing").replace(/\W/g, "_")}` : undefined,
    });
    try {
      const brokenService = new CatalogService(new CatalogRepository(broken.db), () => new Date());
      const reads = await Promise.allSettled(
        [shown[0], unknown, shown[0], shown[1]].map((id) => brokenService.getBookJson(id as string, VISITOR)),
      );
      expect(reads.map((read) => read.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      for (const read of reads) expect(String((read as PromiseRejectedResult).reason)).toMatch(/books/);
    } finally {
      await broken.destroy();
    }
  });
});
