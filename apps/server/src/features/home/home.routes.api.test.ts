import type { ReaderHome } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createGenre, createSignedInUser } from "../../../test/factories";
import { createAuthorOf } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, type TestDatabase, useTestDatabase } from "../../../test/test-db";
import type { NewBook } from "../../db/schema";
import { HOME_SECTION_SIZE } from "./home.service";

const HOME = "/api/v1/me/home";
type Headers = Record<string, string>;

const ids = (books: { id: string }[]) => books.map((book) => book.id);

/** Calls shared by both suites: the home, a place in a book, finishing it, a launch subscription. */
function homeClient(t: ReturnType<typeof useTestApp>) {
  const inject = (method: "GET" | "PUT" | "POST", url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    async home(headers: Headers): Promise<ReaderHome> {
      const response = await inject("GET", HOME, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    async readTo(headers: Headers, bookId: string, offset = 0.5) {
      const place = { progress: 0, currentChapter: "chapter-1", epubPosition: { anchorId: "chapter-1", offset } };
      const response = await inject("PUT", `/api/v1/books/${bookId}/progress`, headers, place);
      expect(response.statusCode, response.body).toBe(200);
    },
    async finish(headers: Headers, bookId: string) {
      const response = await inject("POST", `/api/v1/books/${bookId}/progress/finish`, headers, {});
      expect(response.statusCode, response.body).toBe(200);
    },
    async subscribe(headers: Headers, bookId: string) {
      const response = await inject("PUT", `/api/v1/books/${bookId}/launch-subscription`, headers);
      expect(response.statusCode, response.body).toBe(200);
    },
    inject,
  };
}

function scheduledBook(testDb: TestDatabase, inDays: number, book: Partial<NewBook> = {}) {
  const launchedDate = new Date(Date.now() + inDays * 86_400_000).toISOString();
  return createBook(testDb.db, { book: { status: "scheduled", launchedDate, ...book } });
}

describe.each(dialectsUnderTest())("reader home API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // Each request is a second after the previous one, so "most recently read" is well defined.
  let clockMs = Date.now();
  const tick = () => {
    clockMs += 1000;
    return new Date(clockMs);
  };
  const t = useTestApp(testDb, { clock: tick });
  const client = homeClient(t);

  it("refuses visitors with the login message", async () => {
    const response = await t.app.inject({ method: "GET", url: HOME });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: "unauthenticated", message: "No user logged in." });
  });

  it("gives a brand-new reader empty personal sections", async () => {
    const reader = await createSignedInUser(testDb.db);
    const home = await client.home(reader.headers);
    expect(home.continueReading).toEqual([]);
    expect(home.picks).toEqual({ genres: [], books: [] });
    expect(home.fromFollowed).toEqual([]);
  });

  it("lists books in progress as /me/progress does, never finished or hidden ones, nor another reader's", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const [first, second, finished, hidden] = await Promise.all([
      createBook(testDb.db),
      createBook(testDb.db),
      createBook(testDb.db),
      createBook(testDb.db),
    ]);
    for (const book of [first, second, finished, hidden]) await client.readTo(reader.headers, book.id);
    await client.finish(reader.headers, finished.id);
    await testDb.db.updateTable("books").set({ display: 0 }).where("id", "=", hidden.id).execute();

    const home = await client.home(reader.headers);
    const progress = (await client.inject("GET", "/api/v1/me/progress", reader.headers)).json();
    expect(home.continueReading).toEqual(progress.items);
    expect(home.continueReading.map((item) => item.book.id)).toEqual([second.id, first.id]);
    expect(home.continueReading[0]?.progress).toMatchObject({ bookId: second.id, progress: 25 });
    expect((await client.home(other.headers)).continueReading).toEqual([]);
  });

  it("caps continue reading at the section size", async () => {
    const reader = await createSignedInUser(testDb.db);
    for (let index = 0; index <= HOME_SECTION_SIZE; index++) {
      await client.readTo(reader.headers, (await createBook(testDb.db)).id);
    }
    expect((await client.home(reader.headers)).continueReading).toHaveLength(HOME_SECTION_SIZE);
  });

  it("shows scheduled books soonest first with the viewer's own subscriptions, never WIP or hidden ones", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const later = await scheduledBook(testDb, 3);
    const sooner = await scheduledBook(testDb, 2);
    const hidden = await scheduledBook(testDb, 1, { display: 0 });
    const wip = await createBook(testDb.db, { book: { status: "wip", launchedDate: null } });
    await client.subscribe(reader.headers, later.id);

    const home = await client.home(reader.headers);
    const comingSoon = home.comingSoon.map(({ book, subscribed }) => ({ id: book.id, subscribed }));
    expect(comingSoon).toContainEqual({ id: later.id, subscribed: true });
    expect(comingSoon).toContainEqual({ id: sooner.id, subscribed: false });
    const order = comingSoon.map((item) => item.id);
    expect(order.indexOf(sooner.id)).toBeLessThan(order.indexOf(later.id));
    expect(order).not.toContain(hidden.id);
    expect(order).not.toContain(wip.id);
    for (const section of [home.picks.books, home.fromFollowed, home.classics, home.trending]) {
      expect(ids(section)).not.toContain(wip.id);
      expect(ids(section)).not.toContain(sooner.id);
    }
    const othersView = (await client.home(other.headers)).comingSoon.find((item) => item.book.id === later.id);
    expect(othersView?.subscribed).toBe(false);
  });

  it("picks launched books from the genres chosen in onboarding, never opened, own, hidden or unlaunched ones", async () => {
    const [fantasy, poetry, horror] = await Promise.all([
      createGenre(testDb.db, { displayName: "Fantasy" }),
      createGenre(testDb.db, { displayName: "Poetry" }),
      createGenre(testDb.db),
    ]);
    const reader = await createSignedInUser(testDb.db);
    const onboarding = await client.inject("POST", "/api/v1/me/onboarding/genres", reader.headers, {
      genreIds: [poetry.id, fantasy.id],
    });
    expect(onboarding.statusCode, onboarding.body).toBe(200);
    const book = (genre: string, extra: Partial<NewBook> = {}) =>
      createBook(testDb.db, { genres: [genre], book: extra });
    const popular = await book(fantasy.id, { interactionScore: 50 });
    const quiet = await book(poetry.id, { interactionScore: 5 });
    const finished = await book(fantasy.id);
    const reading = await book(poetry.id);
    await book(fantasy.id, { display: 0 });
    await book(fantasy.id, { status: "wip", launchedDate: null });
    const scheduled = await scheduledBook(testDb, 4);
    await testDb.db.insertInto("bookGenres").values({ bookId: scheduled.id, genreId: fantasy.id }).execute();
    await book(horror.id);
    const own = await book(poetry.id);
    await testDb.db
      .insertInto("bookAuthors")
      .values({ bookId: own.id, authorId: reader.user.id, position: 0 })
      .execute();
    await client.readTo(reader.headers, reading.id);
    await client.readTo(reader.headers, finished.id);
    await client.finish(reader.headers, finished.id);

    const { picks } = await client.home(reader.headers);
    expect(picks.genres).toEqual([
      { id: fantasy.id, displayName: "Fantasy" },
      { id: poetry.id, displayName: "Poetry" },
    ]);
    expect(ids(picks.books)).toEqual([popular.id, quiet.id]);
  });

  it("shows new books by people the viewer follows, newest launch first, launched and shown only", async () => {
    const reader = await createSignedInUser(testDb.db);
    const [older, newer, hidden, scheduled, wip] = await Promise.all([
      createBook(testDb.db, { book: { launchedDate: new Date(Date.now() - 9 * 86_400_000).toISOString() } }),
      createBook(testDb.db, { book: { launchedDate: new Date(Date.now() - 86_400_000).toISOString() } }),
      createBook(testDb.db, { book: { display: 0 } }),
      scheduledBook(testDb, 5),
      createBook(testDb.db, { book: { status: "wip", launchedDate: null } }),
    ]);
    const author = await createAuthorOf(testDb.db, [older.id, newer.id, hidden.id, scheduled.id, wip.id]);
    await createAuthorOf(testDb.db, [(await createBook(testDb.db)).id]);
    expect((await client.home(reader.headers)).fromFollowed).toEqual([]);

    const follow = await client.inject("PUT", `/api/v1/users/${author.id}/follow`, reader.headers);
    expect(follow.statusCode, follow.body).toBe(200);
    const home = await client.home(reader.headers);
    expect(ids(home.fromFollowed)).toEqual([newer.id, older.id]);
  });

  it("shows launched public-domain books as classics and the catalogue's trending books", async () => {
    const reader = await createSignedInUser(testDb.db);
    const classic = await createBook(testDb.db, { book: { source: "public-domain", publishingLabel: null } });
    const hiddenClassic = await createBook(testDb.db, { book: { source: "public-domain", display: 0 } });
    const community = await createBook(testDb.db);
    const hot = await createBook(testDb.db, { book: { interactionScore: 1_000_000 } });

    const home = await client.home(reader.headers);
    expect(ids(home.classics)).toContain(classic.id);
    expect(ids(home.classics)).not.toContain(hiddenClassic.id);
    expect(ids(home.classics)).not.toContain(community.id);
    expect(home.classics.every((book) => book.source === "public-domain" && book.status === "launched")).toBe(true);
    const trending = (await client.inject("GET", "/api/v1/books/trending", reader.headers)).json();
    expect(home.trending).toEqual(trending.items);
    expect(ids(home.trending)[0]).toBe(hot.id);
  });
});

describe.each(dialectsUnderTest())("reader home cache on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { publicCacheTtlMs: 60_000 });
  const client = homeClient(t);

  it("keeps the shared sections briefly but shows the reader's own writes at once", async () => {
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const scheduled = await scheduledBook(testDb, 2);
    const first = await client.home(reader.headers);
    expect(first.comingSoon).toContainEqual(expect.objectContaining({ subscribed: false }));

    // A classic imported behind the server's back waits for the cache; the reader's own writes do not.
    const classic = await createBook(testDb.db, { book: { source: "public-domain" } });
    await client.readTo(reader.headers, book.id);
    await client.subscribe(reader.headers, scheduled.id);
    const second = await client.home(reader.headers);
    expect(ids(second.classics)).not.toContain(classic.id);
    expect(second.continueReading.map((item) => item.book.id)).toEqual([book.id]);
    expect(second.comingSoon).toEqual([{ book: expect.objectContaining({ id: scheduled.id }), subscribed: true }]);
  });
});
