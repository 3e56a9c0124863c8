import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  STAR_SCORE_DELTA,
  TOP_NEW_WINDOW_DAYS,
  USER_SCORE_BOOK_FINISHED,
  USER_SCORE_BOOK_STARRED,
  USER_SCORE_FOLLOWED,
  USER_SCORE_READ_STARTED,
  USER_SCORE_STAR_GIVEN,
  WORDS_PER_MINUTE,
} from "@quire/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectsUnderTest, useTestDatabase } from "../../test/test-db";
import { parseJson } from "../db/json";
import { LocalFileStorage } from "../infra/storage";
import { type SeedResult, seedDemoContent } from "./seed";

const NOW = new Date("2027-03-15T09:30:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const CLASHING_CATEGORY = { id: "staff-picks", name: "Taken", position: 9 };
const ALLOWED_TAGS = new Set(["h2", "p", "em", "strong", "blockquote", "hr"]);

/** An independent word count: text between spaces and dashes that holds a letter or digit. */
function wordsIn(html: string): number {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos);/g, " ")
    .trim();
  return text.split(/[\s—–]+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

const countBy = <T>(rows: T[], key: (row: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

const daysBefore = (iso: string): number => (NOW.getTime() - new Date(iso).getTime()) / DAY_MS;

describe.each(dialectsUnderTest())("demo seed on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let filesDir = "";
  let storage: LocalFileStorage;
  let first: SeedResult;
  let second: SeedResult;

  let failure: unknown;
  const rowsAfterFailure: Record<string, number> = {};

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), "quire-seed-"));
    storage = new LocalFileStorage(filesDir);
    const db = testDb.db;

    // First a run that fails half-way: a category the demo also wants already exists, so users,
    // authors, genres and books go in before the clash. Nothing of that run may survive it.
    await db.insertInto("categories").values(CLASHING_CATEGORY).execute();
    failure = await seedDemoContent({ db, storage, now: NOW }).then(
      () => undefined,
      (error: unknown) => error ?? new Error("rejected"),
    );
    for (const table of ["users", "authors", "genres", "books", "bookAuthors", "bookGenres", "categories"] as const) {
      rowsAfterFailure[table] = (await db.selectFrom(table).selectAll().execute()).length;
    }
    await db.deleteFrom("categories").where("id", "=", CLASHING_CATEGORY.id).execute();

    first = await seedDemoContent({ db, storage, now: NOW });
    second = await seedDemoContent({ db: testDb.db, storage, now: new Date(NOW.getTime() + DAY_MS) });
  });

  afterAll(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  const all = () => {
    const db = testDb.db;
    return Promise.all([
      db.selectFrom("books").selectAll().orderBy("id").execute(),
      db.selectFrom("users").selectAll().orderBy("id").execute(),
      db.selectFrom("stars").selectAll().execute(),
      db.selectFrom("readingProgress").selectAll().execute(),
      db.selectFrom("follows").selectAll().execute(),
      db.selectFrom("listEntries").selectAll().execute(),
      db.selectFrom("bookAuthors").selectAll().execute(),
      db.selectFrom("authors").selectAll().execute(),
    ]);
  };

  it("leaves nothing behind when an insert fails half-way", () => {
    expect(failure).toBeInstanceOf(Error);
    expect(rowsAfterFailure).toEqual({
      users: 0,
      authors: 0,
      genres: 0,
      books: 0,
      bookAuthors: 0,
      bookGenres: 0,
      categories: 1,
    });
  });

  it("seeds once: a second run finds the demo and inserts nothing", async () => {
    expect(first).toEqual({ seeded: true, books: expect.any(Number), users: expect.any(Number) });
    expect(second).toEqual({ seeded: false, books: 0, users: 0 });
    const [books, users] = await all();
    expect(books).toHaveLength(first.books);
    expect(users).toHaveLength(first.users);
  });

  it("has at least twelve community books, each with three or more real chapters", async () => {
    const [books] = await all();
    const own = books.filter((book) => book.source === "own");
    expect(own.length).toBeGreaterThanOrEqual(12);
    expect(new Set(own.map((book) => book.title)).size).toBe(own.length);
    const chapters = await testDb.db.selectFrom("chapters").selectAll().orderBy("chapterNumber").execute();
    for (const book of own) {
      expect(book.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(book.summary.length).toBeGreaterThan(80);
      const mine = chapters.filter((chapter) => chapter.bookId === book.id);
      expect(mine.length, book.id).toBeGreaterThanOrEqual(3);
      expect(mine.length, book.id).toBeLessThanOrEqual(6);
      mine.forEach((chapter, index) => {
        expect(chapter.chapterNumber).toBe(index + 1);
        expect(chapter.anchorId).toBe(`chapter-${index + 1}`);
        expect(chapter.version).toBe("1");
        expect(chapter.html.startsWith(`<h2>`)).toBe(true);
        expect(chapter.html).toContain("<p>");
        const tags = [...chapter.html.matchAll(/<\/?([a-z0-9]+)[^>]*>/gi)].map((m) => (m[1] ?? "").toLowerCase());
        expect(
          tags.filter((tag) => !ALLOWED_TAGS.has(tag)),
          `${book.id} ${chapter.anchorId}`,
        ).toEqual([]);
        expect(chapter.html).not.toMatch(/<[a-z0-9]+\s+[a-z-]+=/i);
        expect(chapter.wordCount, `${book.id} ${chapter.anchorId}`).toBeGreaterThanOrEqual(280);
        expect(chapter.wordCount, `${book.id} ${chapter.anchorId}`).toBeLessThanOrEqual(800);
        expect((chapter.html.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(4);
      });
    }
  });

  it("keeps book_data consistent with the chapters", async () => {
    const [books] = await all();
    const data = await testDb.db.selectFrom("bookData").selectAll().execute();
    const chapters = await testDb.db.selectFrom("chapters").selectAll().orderBy("chapterNumber").execute();
    expect(data).toHaveLength(books.length);
    for (const book of books) {
      const row = data.find((entry) => entry.bookId === book.id);
      if (!row) throw new Error(`no book_data for ${book.id}`);
      const mine = chapters.filter((chapter) => chapter.bookId === book.id);
      for (const chapter of mine) expect(chapter.wordCount, chapter.anchorId).toBe(wordsIn(chapter.html));
      const total = mine.reduce((sum, chapter) => sum + wordsIn(chapter.html), 0);
      expect(row.tocLength).toBe(mine.length);
      expect(row.wordCount).toBe(total);
      expect(row.timeToReadMinutes).toBe(Math.ceil(total / WORDS_PER_MINUTE));
      expect(row.latestVersion).toBe("1");
      expect(row.css).toBe("");
      expect(row.bookTeaser.length).toBeGreaterThan(20);
      const versions = parseJson<Record<string, string>>(row.versionsMap, {});
      expect(Object.keys(versions)).toEqual(["1"]);
      expect(Number.isNaN(Date.parse(versions["1"] ?? ""))).toBe(false);
      expect(parseJson(row.epubToc, [])).toEqual(
        mine.map((chapter) => ({ title: chapter.name, anchorId: chapter.anchorId, children: [] })),
      );
      const characters = parseJson<{ name: string; description: string }[]>(row.characters, []);
      expect(characters.length).toBeGreaterThanOrEqual(3);
      expect(characters.length).toBeLessThanOrEqual(5);
      for (const character of characters) {
        expect(character.name.length).toBeGreaterThan(0);
        expect(character.description.length).toBeGreaterThan(10);
      }
      const moods = parseJson<string[]>(row.moods, []);
      expect(moods.length).toBeGreaterThanOrEqual(2);
      expect(moods.length).toBeLessThanOrEqual(4);
    }
  });

  it("covers every status, label and completion status, with dates relative to now", async () => {
    const [books] = await all();
    expect(new Set(books.map((book) => book.status))).toEqual(new Set(["scheduled", "wip", "launched"]));
    expect(new Set(books.map((book) => book.publishingLabel))).toEqual(
      new Set(["community-original", "community-featured"]),
    );
    expect(new Set(books.map((book) => book.completionStatus))).toEqual(new Set(["complete", "wip"]));

    for (const book of books) {
      expect(daysBefore(book.addedDate), book.id).toBeGreaterThan(0);
      if (book.status === "wip") expect(book.launchedDate).toBeNull();
      if (book.status === "scheduled")
        expect(new Date(book.launchedDate ?? 0).getTime()).toBeGreaterThan(NOW.getTime());
      if (book.status === "launched") expect(daysBefore(book.launchedDate ?? "")).toBeGreaterThan(0);
      if (book.launchedDate) expect(book.addedDate < book.launchedDate, book.id).toBe(true);
    }
    const visibleLaunched = books.filter((book) => book.status === "launched" && book.display === 1);
    const recent = visibleLaunched.filter((book) => daysBefore(book.launchedDate ?? "") <= TOP_NEW_WINDOW_DAYS);
    const longAgo = visibleLaunched.filter((book) => daysBefore(book.launchedDate ?? "") >= 365);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect(longAgo.length).toBeGreaterThanOrEqual(3);
  });

  it("hides exactly one book, and nobody has starred or read it", async () => {
    const [books, , stars, progress, , lists] = await all();
    const hidden = books.filter((book) => book.display === 0);
    expect(hidden).toHaveLength(1);
    const hiddenId = hidden[0]?.id;
    expect(stars.some((row) => row.bookId === hiddenId)).toBe(false);
    expect(progress.some((row) => row.bookId === hiddenId)).toBe(false);
    expect(lists.some((row) => row.bookId === hiddenId)).toBe(false);
    const inCategories = await testDb.db.selectFrom("categoryBooks").select("bookId").execute();
    expect(inCategories.some((row) => row.bookId === hiddenId)).toBe(false);
  });

  it("has a dozen or more believable users", async () => {
    const [, users] = await all();
    expect(users.length).toBeGreaterThanOrEqual(12);
    expect(new Set(users.map((user) => user.createdAt)).size).toBe(users.length);
    expect(new Set(users.map((user) => user.searchUserId)).size).toBe(users.length);
    expect(new Set(users.map((user) => user.interactionScore)).size).toBeGreaterThan(5);
    for (const user of users) {
      expect(user.email).toBe(`${user.username}@demo.quire.local`);
      expect(user.username).toMatch(/^[a-z0-9_]+$/);
      expect(user.firstName.length).toBeGreaterThan(0);
      expect(user.lastName.length).toBeGreaterThan(0);
      expect(user.description.length).toBeGreaterThan(10);
      expect(user.location).not.toBe("Bookham");
      expect(user.emailVerified).toBe(1);
      expect(user.acceptedTerms).toBe(1);
      expect(user.searchUserId).toMatch(/^[0-9a-f-]{36}$/);
      expect(daysBefore(user.createdAt)).toBeGreaterThan(0);
      expect(user.updatedAt >= user.createdAt).toBe(true);
      const roles = parseJson<string[]>(user.roles, []);
      expect([["reader"], ["reader", "author"]]).toContainEqual(roles);
      expect(typeof parseJson<Record<string, string>>(user.social, {})).toBe("object");
    }
    expect(users.some((user) => parseJson<string[]>(user.roles, []).includes("author"))).toBe(true);
    expect(users.some((user) => !parseJson<string[]>(user.roles, []).includes("author"))).toBe(true);
  });

  it("orders three categories and their books", async () => {
    const categories = await testDb.db.selectFrom("categories").selectAll().orderBy("position").execute();
    expect(categories.map((category) => category.position)).toEqual([1, 2, 3]);
    expect(new Set(categories.map((category) => category.name)).size).toBe(3);
    const links = await testDb.db.selectFrom("categoryBooks").selectAll().execute();
    for (const category of categories) {
      const positions = links
        .filter((link) => link.categoryId === category.id)
        .map((link) => link.position)
        .sort((a, b) => a - b);
      expect(positions.length, category.id).toBeGreaterThanOrEqual(3);
      expect(positions).toEqual(positions.map((_, index) => index + 1));
    }
  });

  it("links every book to known genres", async () => {
    const [books] = await all();
    const genres = await testDb.db.selectFrom("genres").selectAll().execute();
    expect(genres.length).toBeGreaterThanOrEqual(8);
    for (const genre of genres) expect(genre.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const links = await testDb.db.selectFrom("bookGenres").selectAll().execute();
    for (const book of books)
      expect(
        links.some((link) => link.bookId === book.id),
        book.id,
      ).toBe(true);
    expect(new Set(links.map((link) => link.genreId)).size).toBeGreaterThanOrEqual(8);
  });

  it("keeps every book counter equal to a recount of its rows", async () => {
    const [books, , stars, progress] = await all();
    const starCounts = countBy(stars, (row) => row.bookId);
    for (const book of books) {
      const mine = progress.filter((row) => row.bookId === book.id);
      const current = mine.filter((row) => row.isRead === 0).length;
      const finished = mine.filter((row) => row.isRead === 1).length;
      const starred = starCounts.get(book.id) ?? 0;
      expect(book.nUserStarred, book.id).toBe(starred);
      expect(book.nCurrentReads, book.id).toBe(current);
      expect(book.nFinishedReads, book.id).toBe(finished);
      expect(book.interactionScore, book.id).toBe(starred * STAR_SCORE_DELTA + current * 2 + finished * 3);
      const times = [
        ...stars.filter((row) => row.bookId === book.id).map((row) => row.updatedAt),
        ...mine.map((row) => row.lastReadAt),
      ].sort();
      expect(book.lastInteractedAt, book.id).toBe(times.at(-1) ?? null);
      if (book.status !== "launched" || book.display === 0) expect(starred + mine.length, book.id).toBe(0);
    }
    const trending = books
      .filter((book) => book.display === 1)
      .map((book) => book.interactionScore)
      .sort((a, b) => b - a);
    expect(new Set(trending.slice(0, 5)).size).toBe(5);
  });

  it("gives every user the interaction score their rows would have earned live", async () => {
    const [, users, stars, progress, follows, , bookAuthors] = await all();
    for (const user of users) {
      const own = new Set(bookAuthors.filter((row) => row.authorId === user.id).map((row) => row.bookId));
      const byOthers = (row: { userId: string; bookId: string }) => row.userId !== user.id && own.has(row.bookId);
      expect(user.interactionScore, user.id).toBe(
        follows.filter((row) => row.followeeId === user.id).length * USER_SCORE_FOLLOWED +
          progress.filter((row) => row.userId === user.id).length * USER_SCORE_READ_STARTED +
          stars.filter((row) => row.userId === user.id).length * USER_SCORE_STAR_GIVEN +
          stars.filter(byOthers).length * USER_SCORE_BOOK_STARRED +
          progress.filter((row) => row.isRead === 1 && byOthers(row)).length * USER_SCORE_BOOK_FINISHED,
      );
    }
  });

  it("keeps reading progress, lists and activity times consistent", async () => {
    const [books, users, stars, progress, , lists] = await all();
    const bookById = new Map(books.map((book) => [book.id, book]));
    const userById = new Map(users.map((user) => [user.id, user]));
    const chapters = await testDb.db.selectFrom("chapters").select(["bookId", "anchorId"]).execute();
    for (const row of progress) {
      expect(Number.isInteger(row.progress)).toBe(true);
      expect(row.progress).toBeGreaterThanOrEqual(0);
      expect(row.progress).toBeLessThanOrEqual(100);
      expect(row.isRead === 1).toBe(row.progress === 100);
      expect(chapters.some((c) => c.bookId === row.bookId && c.anchorId === row.currentChapter)).toBe(true);
      const entry = lists.find((list) => list.userId === row.userId && list.bookId === row.bookId);
      expect(entry?.list, `${row.userId} ${row.bookId}`).toBe(row.isRead === 1 ? "finished" : "reading");
    }
    for (const entry of lists) {
      expect(["want-to-read", "reading", "finished"]).toContain(entry.list);
      const read = progress.some((row) => row.userId === entry.userId && row.bookId === entry.bookId);
      expect(read).toBe(entry.list !== "want-to-read");
    }
    for (const row of [
      ...stars.map((s) => ({ ...s, at: s.updatedAt })),
      ...progress.map((p) => ({ ...p, at: p.lastReadAt })),
    ]) {
      const book = bookById.get(row.bookId);
      const user = userById.get(row.userId);
      expect(book?.launchedDate && row.at > book.launchedDate).toBe(true);
      expect(user && row.at > user.createdAt).toBe(true);
      expect(daysBefore(row.at)).toBeGreaterThan(0);
      expect(parseJson<string[]>(book?.authorIds ?? "[]", [])).not.toContain(row.userId);
    }
    const subscriptions = await testDb.db.selectFrom("launchSubscriptions").selectAll().execute();
    expect(subscriptions.length).toBeGreaterThan(0);
    for (const row of subscriptions) expect(bookById.get(row.bookId)?.status).toBe("scheduled");
  });

  it("keeps follow counters equal to a recount of follows", async () => {
    const [, users, , , follows] = await all();
    expect(follows.length).toBeGreaterThan(users.length);
    for (const follow of follows) expect(follow.followerId).not.toBe(follow.followeeId);
    const followers = countBy(follows, (row) => row.followeeId);
    const following = countBy(follows, (row) => row.followerId);
    for (const user of users) {
      expect(user.nFollowers, user.id).toBe(followers.get(user.id) ?? 0);
      expect(user.nFollowing, user.id).toBe(following.get(user.id) ?? 0);
    }
  });

  it("makes every author a user with a true reader count and a consistent byline", async () => {
    const [books, users, , progress, , , bookAuthors, authors] = await all();
    const userById = new Map(users.map((user) => [user.id, user]));
    for (const book of books) {
      const byline = bookAuthors
        .filter((row) => row.bookId === book.id)
        .sort((a, b) => a.position - b.position)
        .map((row) => row.authorId);
      expect(byline.length, book.id).toBeGreaterThan(0);
      expect(parseJson<string[]>(book.authorIds, [])).toEqual(byline);
      expect(parseJson<string[]>(book.authors, [])).toEqual(
        byline.map((id) => `${userById.get(id)?.firstName} ${userById.get(id)?.lastName}`),
      );
    }
    expect(bookAuthors.some((row) => row.position > 0)).toBe(true);
    for (const author of authors) {
      const user = userById.get(author.id);
      expect(user, author.id).toBeDefined();
      expect(parseJson<string[]>(user?.roles ?? "[]", [])).toContain("author");
      expect(author.name).toBe(`${user?.firstName} ${user?.lastName}`);
      const own = new Set(bookAuthors.filter((row) => row.authorId === author.id).map((row) => row.bookId));
      const readers = new Set(progress.filter((row) => own.has(row.bookId)).map((row) => row.userId));
      expect(author.nReaders, author.id).toBe(readers.size);
    }
    for (const row of bookAuthors) expect(authors.some((author) => author.id === row.authorId)).toBe(true);
  });

  it("writes a cover for every book to storage", async () => {
    const [books] = await all();
    for (const book of books) {
      const key = `covers/${book.id}.svg`;
      expect(book.imageUrl).toBe(storage.urlFor(key));
      expect(await storage.exists(key)).toBe(true);
      const svg = new TextDecoder().decode(await storage.read(key));
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain('viewBox="0 0 600 900"');
      expect(svg).toContain("Quire");
      expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
      for (const word of book.title.split(" ")) expect(svg).toContain(word.replace(/'/g, "&apos;"));
    }
  });
});
