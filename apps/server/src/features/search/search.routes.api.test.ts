import type { SearchResults, Suggestions } from "@quire/core";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createGenre, createUser, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, itOnPostgres, useTestDatabase } from "../../../test/test-db";
import { createSearchRepository } from "../../composition";
import { toJson } from "../../db/json";
import { CatalogRepository } from "../catalog/catalog.repository";
import { UsersRepository } from "../users/users.repository";
import { SearchRepository } from "./search.repository";

describe.each(dialectsUnderTest())("search API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);
  const limited = useTestApp(testDb, { env: () => ({ QUIRE_SEARCH_PER_IP_PER_MINUTE: "3" }) });

  const ids = {
    sherlock: uniqueId("sherlock"),
    jeeves: uniqueId("jeeves"),
    ines: uniqueId("ines"),
    lanternTitle: uniqueId("lantern-title"),
    lanternPopularTitle: uniqueId("lantern-popular"),
    lanternSummary: uniqueId("lantern-summary"),
    hidden: uniqueId("hidden"),
    wip: uniqueId("wip"),
    scheduled: uniqueId("scheduled"),
  };
  const mystery = uniqueId("genre");
  const people = {
    ines: uniqueId("person"),
    author: uniqueId("person"),
  };

  const search = async (query: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/v1/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResults;
  };
  const bookIds = async (q: string, more = "") =>
    (await search(`q=${encodeURIComponent(q)}&kind=books${more}`)).books.items.map((book) => book.id);
  const personIds = async (q: string) =>
    (await search(`q=${encodeURIComponent(q)}&kind=people`)).people.items.map((person) => person.id);

  beforeAll(async () => {
    const db = testDb.db;
    await createGenre(db, { id: mystery, displayName: "Mystery" });
    await createBook(db, {
      book: {
        id: ids.sherlock,
        title: "The Adventures of Sherlock Holmes",
        authors: toJson(["Arthur Conan Doyle"]),
        source: "public-domain",
        summary: "Twelve stories of the detective of Baker Street.",
        interactionScore: 5,
      },
      genres: [mystery],
    });
    await createBook(db, {
      book: { id: ids.jeeves, title: "Right Ho, Jeeves", authors: toJson(["P. G. Wodehouse"]), interactionScore: 3 },
    });
    await createBook(db, {
      book: { id: ids.ines, title: "Fazes-me Falta", authors: toJson(["Inês Pedrosa"]), interactionScore: 2 },
    });
    await createBook(db, {
      book: { id: ids.lanternTitle, title: "The Lantern Keepers", summary: "A quiet town.", interactionScore: 1 },
    });
    await createBook(db, {
      book: { id: ids.lanternPopularTitle, title: "Lanterns at Dusk", summary: "Evenings.", interactionScore: 40 },
    });
    await createBook(db, {
      book: {
        id: ids.lanternSummary,
        title: "Harbour Nights",
        summary: "A lantern swings over the harbour.",
        interactionScore: 99,
      },
    });
    await createBook(db, { book: { id: ids.hidden, title: "Sherlock's Secret Diary", display: 0 } });
    await createBook(db, {
      book: { id: ids.wip, title: "Sherlock Draft", status: "wip", display: 1, launchedDate: null },
    });
    await createBook(db, { book: { id: ids.scheduled, title: "Sherlock Returns", status: "scheduled" } });

    await createUser(db, {
      id: people.ines,
      firstName: "Inês",
      lastName: "Moreira",
      username: "ines_moreira",
      email: "quillfeather@example.test",
      interactionScore: 4,
    });
    await createUser(db, { id: people.author, firstName: "Marguerite", lastName: "Lantern", username: "mlantern" });
    await db.insertInto("authors").values({ id: people.author, name: "Marguerite Lantern", nReaders: 7 }).execute();
    await untilIndexed();
  });

  /** The app builds its indexes in the background, reading the tables meanwhile; only the indexes correct typos. */
  async function untilIndexed() {
    for (let attempt = 0; attempt < 250; attempt++) {
      if ((await bookIds("sherlok")).includes(ids.sherlock)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("The search indexes were not built within 5 s");
  }

  it("finds words in any order, by prefix, case- and diacritics-insensitively", async () => {
    expect(await bookIds("holmes SHERLOCK")).toContain(ids.sherlock);
    expect(await bookIds("sherl")).toContain(ids.sherlock);
    expect(await bookIds("conan adv")).toEqual([ids.sherlock]);
    expect(await bookIds("Ines pedrosa")).toEqual([ids.ines]);
    expect(await bookIds("inês")).toEqual([ids.ines]);
  });

  it("tolerates typos: sherlok holms, wodhouse", async () => {
    expect(await bookIds("sherlok holms")).toEqual([ids.sherlock]);
    expect(await bookIds("wodhouse")).toEqual([ids.jeeves]);
    expect(await bookIds("adventrues")).toEqual([ids.sherlock]);
    // Too far from any word: nothing, rather than anything.
    expect(await bookIds("shxxlxck")).toEqual([]);
  });

  it("corrects a word that begins no title or author even when a description holds it as typed", async () => {
    const pastiche = uniqueId("pastiche");
    await createBook(testDb.db, {
      book: {
        id: pastiche,
        title: "Blandings Revisited",
        summary: "Told in the manner of Wodehose.",
        interactionScore: 50,
      },
    });
    expect(await bookIds("wodehose")).toEqual([ids.jeeves, pastiche]);
  });

  it("ignores a single letter beside longer words, as it begins nearly everything", async () => {
    expect(await bookIds("sherlock h")).toEqual(await bookIds("sherlock"));
    expect((await bookIds("sherlock h")).length).toBeGreaterThan(0);
  });

  it("ranks title and author matches above description matches, then by interaction score", async () => {
    expect(await bookIds("lantern")).toEqual([ids.lanternPopularTitle, ids.lanternTitle, ids.lanternSummary]);
  });

  it("never finds hidden books or unscheduled works in progress; scheduled ones are found", async () => {
    const found = await bookIds("sherlock");
    expect(found).not.toContain(ids.hidden);
    expect(found).not.toContain(ids.wip);
    expect(found).toContain(ids.scheduled);
    expect(found).toContain(ids.sherlock);
  });

  it("applies the browse filters to book results", async () => {
    expect(await bookIds("sherlock", `&genre=${mystery}`)).toEqual([ids.sherlock]);
    expect(await bookIds("sherlock", "&status=scheduled")).toEqual([ids.scheduled]);
    expect(await bookIds("sherlock", "&source=public-domain")).toEqual([ids.sherlock]);
    expect(await bookIds("sherlock", "&completionStatus=wip")).toEqual([]);
  });

  it("finds people by name and username, never by email; authors carry their reader count", async () => {
    expect(await personIds("ines")).toEqual([people.ines]);
    expect(await personIds("moreira")).toEqual([people.ines]);
    expect(await personIds("ines_moreira")).toEqual([people.ines]);
    expect(await personIds("quillfeather")).toEqual([]);
    expect(await personIds("quillfeather@example.test")).toEqual([]);
    const results = await search("q=lantern");
    expect(results.people.items.map((person) => [person.id, person.author])).toEqual([
      [people.author, { nReaders: 7 }],
    ]);
    expect(JSON.stringify(results)).not.toContain("@example.test");
  });

  it("answers only the kind asked for", async () => {
    const books = await search("q=lantern&kind=books");
    expect(books.people.items).toEqual([]);
    const found = await search("q=lantern&kind=people");
    expect(found.books.items).toEqual([]);
    expect(found.people.items).toHaveLength(1);
  });

  it("pages through results with a cursor", async () => {
    const word = `zephyr${dialect}`;
    for (let i = 0; i < 23; i++) await createBook(testDb.db, { book: { title: `${word} volume ${i}` } });
    const first = await search(`q=${word}&kind=books`);
    expect(first.books.items).toHaveLength(20);
    expect(first.books.nextCursor).not.toBeNull();
    const second = await search(`q=${word}&kind=books&cursor=${first.books.nextCursor}`);
    expect(second.books.items).toHaveLength(3);
    expect(second.books.nextCursor).toBeNull();
    const all = [...first.books.items, ...second.books.items].map((book) => book.id);
    expect(new Set(all).size).toBe(23);
    const bad = await t.app.inject({ method: "GET", url: `/api/v1/search?q=${word}&cursor=nonsense` });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps the index current as books are edited, launched, hidden and deleted", async () => {
    const db = testDb.db;
    const id = uniqueId("living");
    await createBook(db, { book: { id, title: "Unwritten Pages", status: "wip", display: 0, launchedDate: null } });
    expect(await bookIds("unwritten")).toEqual([]);

    await db.updateTable("books").set({ status: "launched", display: 1 }).where("id", "=", id).execute();
    expect(await bookIds("unwritten")).toEqual([id]);

    await db.updateTable("books").set({ title: "Marmalade Skies" }).where("id", "=", id).execute();
    expect(await bookIds("unwritten")).toEqual([]);
    expect(await bookIds("marmalade")).toEqual([id]);
    // A write that leaves the text as it was (a new edition of the same book) keeps the book findable.
    for (let edition = 0; edition < 3; edition++) {
      await db.updateTable("books").set({ title: "Marmalade Skies", summary: "" }).where("id", "=", id).execute();
      expect(await bookIds("marmalade")).toEqual([id]);
    }

    await db.updateTable("books").set({ display: 0 }).where("id", "=", id).execute();
    expect(await bookIds("marmalade")).toEqual([]);
    await db.updateTable("books").set({ display: 1 }).where("id", "=", id).execute();
    expect(await bookIds("marmalade")).toEqual([id]);

    await db.deleteFrom("books").where("id", "=", id).execute();
    expect(await bookIds("marmalade")).toEqual([]);
  });

  it("notes a change inside the writing transaction, and a rollback takes the note back", async () => {
    const id = uniqueId("tx");
    await createBook(testDb.db, { book: { id, title: "Velvet Orchard" } });
    const rollback = new Error("rollback");
    await expect(
      testDb.db.transaction().execute(async (trx) => {
        await trx.updateTable("books").set({ title: "Copper Meadow" }).where("id", "=", id).execute();
        const inside = createSearchRepository({ database: { ...testDb.handle, db: trx } });
        inside.startBuilding();
        await inside.built();
        expect((await inside.indexes())?.books.matching([["copper"]], 5)).toEqual([id]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await bookIds("copper")).toEqual([]);
    expect(await bookIds("velvet")).toEqual([id]);
  });

  itOnPostgres(dialect)(
    "applies a change whose transaction began first but committed after a later one was read",
    async () => {
      const slow = uniqueId("slow");
      const quick = uniqueId("quick");
      await createBook(testDb.db, { book: { id: slow, title: "Slate Harbour" } });
      await createBook(testDb.db, { book: { id: quick, title: "Amber Quay" } });
      expect(await bookIds("slate")).toEqual([slow]);
      let commitSlow: () => void = () => undefined;
      const slowWritten = new Promise<void>((resolve) => {
        void testDb.db.transaction().execute(async (trx) => {
          await trx.updateTable("books").set({ title: "Tin Lighthouse" }).where("id", "=", slow).execute();
          resolve();
          await new Promise<void>((release) => {
            commitSlow = release;
          });
        });
      });
      await slowWritten;
      // Its note has a lower sequence number than the next, but is not visible yet.
      await testDb.db.updateTable("books").set({ title: "Brass Quay" }).where("id", "=", quick).execute();
      expect(await bookIds("brass")).toEqual([quick]);
      expect(await bookIds("tin")).toEqual([]);
      commitSlow();
      await expect.poll(() => bookIds("tin")).toEqual([slow]);
      expect(await bookIds("slate")).toEqual([]);
    },
  );

  it("re-ranks books and people as their interaction scores move, without reading their words again", async () => {
    const db = testDb.db;
    const [low, high] = [uniqueId("quill-low"), uniqueId("quill-high")];
    await createBook(db, { book: { id: low, title: "Quillon Tales", interactionScore: 1 } });
    await createBook(db, { book: { id: high, title: "Quillon Songs", interactionScore: 2 } });
    expect(await bookIds("quillon")).toEqual([high, low]);
    await db.updateTable("books").set({ interactionScore: 9 }).where("id", "=", low).execute();
    const { rows } = await sql<{
      kind: string;
    }>`select kind from search_changes where ref_id = ${low} order by seq desc`.execute(db);
    expect(rows[0]?.kind).toBe("book-score");
    expect(await bookIds("quillon")).toEqual([low, high]);

    const [quiet, known] = [uniqueId("person"), uniqueId("person")];
    await createUser(db, { id: quiet, firstName: "Ottoline", lastName: "Vane", interactionScore: 1 });
    await createUser(db, { id: known, firstName: "Ottoline", lastName: "Marsh", interactionScore: 5 });
    expect(await personIds("ottoline")).toEqual([known, quiet]);
    await db.updateTable("users").set({ interactionScore: 50 }).where("id", "=", quiet).execute();
    expect(await personIds("ottoline")).toEqual([quiet, known]);
  });

  it("keeps people current as they rename themselves or leave", async () => {
    const db = testDb.db;
    const id = uniqueId("renamer");
    await createUser(db, { id, firstName: "Bartholomew", lastName: "Quince", username: id });
    expect(await personIds("bartholomew")).toEqual([id]);
    await db.updateTable("users").set({ firstName: "Ptolemy" }).where("id", "=", id).execute();
    expect(await personIds("bartholomew")).toEqual([]);
    expect(await personIds("ptolemy quince")).toEqual([id]);
    await db.deleteFrom("users").where("id", "=", id).execute();
    expect(await personIds("ptolemy")).toEqual([]);
  });

  it("reads the tables afresh after quire search reindex, for changes the triggers did not note", async () => {
    const id = uniqueId("restored");
    await createBook(testDb.db, { book: { id, title: "Juniper Atlas" } });
    expect(await bookIds("juniper")).toEqual([id]);
    // As after a restore: the row changed and no note says so.
    await testDb.db.updateTable("books").set({ title: "Saffron Atlas" }).where("id", "=", id).execute();
    await sql`delete from search_changes where ref_id = ${id}`.execute(testDb.db);
    expect(await bookIds("saffron")).toEqual([]);
    await createSearchRepository(t.ctx).requestRebuild();
    // The first search after the note starts the rebuild and, not waiting for it, reads the tables.
    expect(await bookIds("saffron")).toEqual([id]);
    expect(await bookIds("juniper")).toEqual([]);
    await untilIndexed();
    expect(await bookIds("saffron")).toEqual([id]);
  });

  it("answers from the tables while the indexes are built, then from indexes read batch by batch", async () => {
    const db = testDb.db;
    const threePerBatch = new SearchRepository(db, dialect, new CatalogRepository(db), new UsersRepository(db), 3);
    expect(await threePerBatch.indexes()).toBeUndefined();
    const bookIdsIn = (rows: { id: string }[]) => rows.map((row) => row.id);
    expect(bookIdsIn(await threePerBatch.booksFromTables(["sherlock", "holm"], "titles", 5))).toEqual([ids.sherlock]);
    expect(bookIdsIn(await threePerBatch.booksFromTables(["lantern"], "titles", 5))).toEqual([
      ids.lanternPopularTitle,
      ids.lanternTitle,
    ]);
    expect(bookIdsIn(await threePerBatch.booksFromTables(["lantern"], "summaries", 5))).toEqual([ids.lanternSummary]);
    expect(bookIdsIn(await threePerBatch.booksFromTables(["conan", "doyle"], "titles", 5))).toEqual([ids.sherlock]);
    expect(await threePerBatch.booksFromTables(["sherlock", "diary"], "titles", 5)).toEqual([]);
    expect(await threePerBatch.personIdsFromTables(["marg", "lant"], 5)).toEqual([people.author]);
    expect(await threePerBatch.personIdsFromTables(["moreira", "lantern"], 5)).toEqual([]);
    expect(await threePerBatch.personIdsFromTables(["ines"], 5)).toEqual([people.ines]);

    await threePerBatch.built();
    const indexes = await threePerBatch.indexes();
    const searchable = await db
      .selectFrom("books")
      .select("id")
      .where("display", "=", 1)
      .where("status", "<>", "wip")
      .execute();
    const everyBook = searchable.map((row) => indexes?.books.has(row.id));
    expect(everyBook.length).toBeGreaterThan(3);
    expect(everyBook.every(Boolean)).toBe(true);
    expect(indexes?.books.has(ids.hidden)).toBe(false);
    expect(indexes?.books.matching([["sherlock"], ["holm"]], 5)).toEqual([ids.sherlock]);
    expect(indexes?.people.matching([["ines"]], 5)).toEqual([people.ines]);
    const everyone = await db.selectFrom("users").select("id").execute();
    expect(everyone.every((row) => indexes?.people.has(row.id))).toBe(true);
  });

  it("suggests books by title or author, authors, people and genres as one types, at most eight", async () => {
    const suggest = async (q: string) => {
      const response = await t.app.inject({ method: "GET", url: `/api/v1/search/suggest?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Suggestions).items;
    };
    const [first] = await suggest("sherlok");
    expect(first).toEqual({
      kind: "book",
      id: ids.sherlock,
      label: "The Adventures of Sherlock Holmes",
      sublabel: "Arthur Conan Doyle",
      url: `/books/${ids.sherlock}`,
    });
    expect((await suggest("lantern")).map((item) => [item.kind, item.id])).toEqual([
      ["book", ids.lanternPopularTitle],
      ["book", ids.lanternTitle],
      ["author", people.author],
    ]);
    expect(await suggest("myst")).toContainEqual({
      kind: "genre",
      id: mystery,
      label: "Mystery",
      sublabel: "Genre",
      url: `/browse?genre=${mystery}`,
    });
    expect((await suggest("ines")).find((item) => item.kind === "person")).toMatchObject({
      id: people.ines,
      label: "Inês Moreira",
      url: "/u/ines_moreira",
    });
    expect((await suggest("zephyr")).length).toBeLessThanOrEqual(8);
  });

  it("suggests new genres and new authors as soon as they exist", async () => {
    const suggest = async (q: string) =>
      (
        (
          await t.app.inject({ method: "GET", url: `/api/v1/search/suggest?q=${encodeURIComponent(q)}` })
        ).json() as Suggestions
      ).items.map((item) => [item.kind, item.id]);
    const person = uniqueId("person");
    await createUser(testDb.db, { id: person, firstName: "Evander", lastName: "Thorne" });
    expect(await suggest("evander")).toEqual([["person", person]]);
    await testDb.db.insertInto("authors").values({ id: person, name: "Evander Thorne" }).execute();
    expect(await suggest("evander")).toEqual([["author", person]]);

    const genre = await createGenre(testDb.db, { displayName: "Xylography" });
    expect(await suggest("xylo")).toEqual([["genre", genre.id]]);
    await testDb.db.updateTable("genres").set({ displayName: "Woodcuts" }).where("id", "=", genre.id).execute();
    expect(await suggest("xylo")).toEqual([]);
  });

  it("refuses empty, one-character and over-long queries with a clear message", async () => {
    for (const [url, message] of [
      ["/api/v1/search?q=", "Type at least 2 characters to search."],
      ["/api/v1/search?q=%20a%20", "Type at least 2 characters to search."],
      ["/api/v1/search/suggest?q=x", "Type at least 2 characters to search."],
      [`/api/v1/search?q=${"a".repeat(201)}`, "A search can be at most 200 characters long."],
      ["/api/v1/search?q=%21%3F", "Search for words made of letters or digits."],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe("invalid-argument");
      expect(response.json().error.message).toContain(message);
    }
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/search" });
    expect(missing.statusCode).toBe(400);
  });

  it("limits searches per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await limited.app.inject({ method: "GET", url: "/api/v1/search/suggest?q=sherlock" });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await limited.app.inject({
      method: "GET",
      url: "/api/v1/search?q=sherlock",
      remoteAddress: "203.0.113.9",
    });
    expect(other.statusCode).toBe(200);
  });

  it("keeps one index row per person: search ids are unique", async () => {
    const taken = await createUser(testDb.db);
    await expect(createUser(testDb.db, { searchUserId: taken.searchUserId })).rejects.toThrow();
  });
});
