import { type BookPage, encodeCursor } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createCategory, createGenre, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe.each(dialectsUnderTest())("catalogue API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { clock: () => NOW });
  const get = (url: string) => t.app.inject({ method: "GET", url });

  // One world for the whole file: a genre, two categories and books of every kind.
  const genre = uniqueId("genre");
  const otherGenre = uniqueId("genre");
  const staffPicks = uniqueId("cat");
  const shortReads = uniqueId("cat");
  const ids = {
    popular: uniqueId("popular"),
    recent: uniqueId("recent"),
    old: uniqueId("old"),
    scheduled: uniqueId("scheduled"),
    wip: uniqueId("wip"),
    hidden: uniqueId("hidden"),
    classic: uniqueId("classic"),
    longBook: uniqueId("long"),
  };

  beforeAll(async () => {
    const db = testDb.db;
    await createGenre(db, { id: genre, displayName: "Fantasy" });
    await createGenre(db, { id: otherGenre, displayName: "Mystery" });
    await createCategory(db, { id: shortReads, name: "Short reads", position: 2 });
    await createCategory(db, { id: staffPicks, name: "Staff picks", position: 1 });
    await createBook(db, {
      book: {
        id: ids.popular,
        title: "Alpha",
        interactionScore: 90,
        launchedDate: daysAgo(200),
        addedDate: daysAgo(210),
      },
      genres: [genre],
      categories: [{ id: staffPicks, position: 2 }],
    });
    await createBook(db, {
      book: { id: ids.recent, title: "Bravo", interactionScore: 50, launchedDate: daysAgo(5), addedDate: daysAgo(30) },
      genres: [genre, otherGenre],
      categories: [{ id: staffPicks, position: 1 }],
    });
    await createBook(db, {
      book: {
        id: ids.old,
        title: "Charlie",
        interactionScore: 10,
        launchedDate: daysAgo(61),
        addedDate: daysAgo(90),
        completionStatus: "wip",
      },
      genres: [otherGenre],
    });
    await createBook(db, {
      book: { id: ids.scheduled, title: "Delta", status: "scheduled", launchedDate: daysAgo(-9), interactionScore: 5 },
    });
    await createBook(db, {
      book: { id: ids.wip, title: "Echo", status: "wip", launchedDate: null, interactionScore: 1 },
    });
    await createBook(db, {
      book: { id: ids.hidden, title: "Foxtrot", display: 0, interactionScore: 1000, launchedDate: daysAgo(2) },
      genres: [genre],
      categories: [{ id: staffPicks, position: 3 }],
    });
    await createBook(db, {
      book: {
        id: ids.classic,
        title: "Golf",
        source: "public-domain",
        publishingLabel: null,
        interactionScore: 70,
        launchedDate: daysAgo(1),
      },
    });
    await createBook(db, { book: { id: ids.longBook, title: "Hotel", interactionScore: 0 }, chapters: 45 });
  });

  const listIds = async (query: string) => {
    const response = await get(`/api/v1/books?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BookPage).items.map((book) => book.id);
  };

  it("answers health with the dialect in use", async () => {
    const response = await get("/api/v1/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: dialect });
  });

  it("lists visible books by popularity, never the hidden one", async () => {
    const response = await get("/api/v1/books?pageSize=20");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const page = response.json() as BookPage;
    const listed = page.items.map((book) => book.id);
    expect(listed).not.toContain(ids.hidden);
    expect(listed.indexOf(ids.popular)).toBeLessThan(listed.indexOf(ids.classic));
    expect(listed.indexOf(ids.classic)).toBeLessThan(listed.indexOf(ids.recent));
    const alpha = page.items.find((book) => book.id === ids.popular);
    expect(alpha).toMatchObject({
      title: "Alpha",
      genreRefs: [genre],
      categoryRefs: [staffPicks],
      display: true,
      authors: ["A. Writer"],
    });
  });

  it("refuses hidden books to visitors even when asked for", async () => {
    expect(await listIds("display=false")).toEqual([]);
    expect(await listIds("display=true&pageSize=20")).not.toContain(ids.hidden);
  });

  it("filters by source, status, genre, category and completion status", async () => {
    expect(await listIds("source=public-domain")).toEqual([ids.classic]);
    expect(await listIds("status=scheduled")).toEqual([ids.scheduled]);
    expect(await listIds("status=wip")).toEqual([ids.wip]);
    expect((await listIds(`genre=${genre}`)).sort()).toEqual([ids.popular, ids.recent].sort());
    expect(await listIds(`category=${staffPicks}&sort=title`)).toEqual([ids.popular, ids.recent]);
    expect(await listIds(`completionStatus=wip&genre=${otherGenre}`)).toEqual([ids.old]);
    expect(await listIds("genre=no-such-genre")).toEqual([]);
  });

  it("accepts page sizes 14 and 20 only", async () => {
    for (const size of ["0", "13", "15", "21", "abc", "-14"]) {
      const response = await get(`/api/v1/books?pageSize=${size}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("invalid-argument");
    }
    const bad = await get("/api/v1/books?status=published");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "invalid-argument" });
  });

  it.each(["popular", "newest", "title"])("walks every visible book once with %s cursors", async (sort) => {
    // Extra books with tied sort values prove the id tie-breaker.
    const tied = [uniqueId(`tie-${sort}`), uniqueId(`tie-${sort}`), uniqueId(`tie-${sort}`)];
    for (const id of tied) {
      await createBook(testDb.db, {
        book: { id, title: "Tied", interactionScore: 33, addedDate: daysAgo(40), source: "public-domain" },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = `source=public-domain&sort=${sort}&pageSize=14${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await get(`/api/v1/books?${query}`)).json() as BookPage;
      expect(page.items.length).toBeLessThanOrEqual(14);
      seen.push(...page.items.map((book) => book.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = await testDb.db
      .selectFrom("books")
      .select("id")
      .where("source", "=", "public-domain")
      .where("display", "=", 1)
      .execute();
    expect(seen.sort()).toEqual(expected.map((row) => row.id).sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("pages by number with a total", async () => {
    const first = (await get("/api/v1/books?page=1&pageSize=14")).json() as BookPage;
    const total = first.total ?? 0;
    expect(total).toBeGreaterThan(0);
    const pages = Math.ceil(total / 14);
    const last = (await get(`/api/v1/books?page=${pages}&pageSize=14`)).json() as BookPage;
    expect(last.nextCursor).toBeNull();
    expect(first.items.length + (pages > 1 ? (pages - 2) * 14 + last.items.length : 0)).toBe(total);
  });

  it("refuses cursors it did not make", async () => {
    const response = await get("/api/v1/books?cursor=garbage");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: "invalid-argument", message: "Invalid cursor" });
    const chapterCursor = encodeCursor(["not-a-number", "x"]);
    expect((await get(`/api/v1/books/${ids.longBook}/chapters?cursor=${chapterCursor}`)).statusCode).toBe(400);
  });

  it("shows the 4 trending launched books by interaction score", async () => {
    const response = await get("/api/v1/books/trending");
    const items = response.json().items as { id: string; status: string; interactionScore: number }[];
    expect(items).toHaveLength(4);
    expect(items.map((book) => book.id)).not.toContain(ids.hidden);
    expect(items.every((book) => book.status === "launched")).toBe(true);
    const scores = items.map((book) => book.interactionScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(items[0]?.id).toBe(ids.popular);
  });

  it("lists community books launched in the last 60 days, newest first", async () => {
    const items = (await get("/api/v1/books/new-community")).json().items as { id: string }[];
    expect(items.map((book) => book.id)).toEqual([ids.recent]);
  });

  it("serves a book with its book data, genres and categories", async () => {
    const response = await get(`/api/v1/books/${ids.recent}`);
    expect(response.statusCode).toBe(200);
    // The database writes this body: it must still go out as JSON.
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const detail = response.json();
    expect(detail.book).toMatchObject({ id: ids.recent, title: "Bravo", status: "launched" });
    expect(detail.bookData).toMatchObject({ id: ids.recent, tocLength: 2, wordCount: 200, latestVersion: "1" });
    expect(detail.bookData.epubToc).toHaveLength(2);
    expect(detail.genres.map((g: { displayName: string }) => g.displayName)).toEqual(["Fantasy", "Mystery"]);
    expect(detail.categories).toEqual([{ id: staffPicks, name: "Staff picks" }]);
  });

  it("answers a missing or hidden book with not-found and the spec's message", async () => {
    for (const id of ["no-such-book", ids.hidden]) {
      for (const url of [`/api/v1/books/${id}`, `/api/v1/books/${id}/chapters`]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: "not-found", message: "Book not found" } });
      }
    }
  });

  it("pages chapters 20 at a time in reading order", async () => {
    const numbers: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/api/v1/books/${ids.longBook}/chapters${cursor ? `?cursor=${cursor}` : ""}`);
      const page = response.json() as { items: { chapterNumber: number }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(20);
      numbers.push(...page.items.map((chapter) => chapter.chapterNumber));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(numbers).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
  });

  it("lists genres by name", async () => {
    const items = (await get("/api/v1/genres")).json().items as { id: string; displayName: string }[];
    const names = items.map((g) => g.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(items).toContainEqual({ id: genre, displayName: "Fantasy" });
  });

  it("lists categories in position order with their visible books in order", async () => {
    const items = (await get("/api/v1/categories")).json().items as {
      id: string;
      books: { id: string }[];
      bookRefs: string[];
    }[];
    const ours = items.filter((c) => c.id === staffPicks || c.id === shortReads);
    expect(ours.map((c) => c.id)).toEqual([staffPicks, shortReads]);
    expect(ours[0]?.bookRefs).toEqual([ids.recent, ids.popular]);
    expect(ours[0]?.books.map((b) => b.id)).toEqual([ids.recent, ids.popular]);
    expect(ours[1]?.books).toEqual([]);
  });
});
