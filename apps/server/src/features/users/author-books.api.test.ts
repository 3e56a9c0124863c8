import { AUTHOR_BOOKS_PAGE_SIZE } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { createAuthorOf } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const DAY_MS = 86_400_000;
const NOW = Date.now();
const inDays = (days: number) => new Date(NOW + days * DAY_MS).toISOString();

describe.each(dialectsUnderTest())("an author's books (users.books) on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const book = async (status: "launched" | "scheduled" | "wip", days: number | null, display: 0 | 1 = 1) =>
    (
      await createBook(testDb.db, {
        book: { status, display, launchedDate: days === null ? null : inDays(days) },
        chapters: 0,
      })
    ).id;
  const booksOf = (userId: string, headers?: Record<string, string>, cursor?: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/users/${userId}/books`,
      query: cursor ? { cursor } : {},
      headers,
    });

  it("lists launched books newest first, then scheduled ones soonest first; never hidden or unfinished work", async () => {
    const older = await book("launched", -10);
    const newer = await book("launched", -2);
    const later = await book("scheduled", 20);
    const sooner = await book("scheduled", 5);
    const hidden = await book("launched", -1, 0);
    const hiddenScheduled = await book("scheduled", 3, 0);
    const draft = await book("wip", null, 0);
    const shownDraft = await book("wip", null);
    const own = await createSignedInUser(testDb.db, { roles: '["reader","author"]' });
    const author = own.user;
    const mine = [older, newer, later, sooner, hidden, hiddenScheduled, draft, shownDraft];
    await testDb.db
      .insertInto("bookAuthors")
      .values(mine.map((bookId) => ({ bookId, authorId: author.id, position: 0 })))
      .execute();
    await createAuthorOf(testDb.db, [await book("launched", -3)]);

    const visitor = await booksOf(author.id);
    expect(visitor.statusCode, visitor.body).toBe(200);
    const page = visitor.json();
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([newer, older, sooner, later]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[2]).toMatchObject({ id: sooner, status: "scheduled", launchedDate: expect.any(String) });
    expect(page.items[0]).toMatchObject({ title: `Book ${newer}`, authors: ["A. Writer"], display: true });

    // Signed in, as someone else or as the author, the profile lists the same books: drafts stay in the studio.
    const reader = await createSignedInUser(testDb.db);
    expect((await booksOf(author.id, reader.headers)).json()).toEqual(page);
    expect((await booksOf(author.id, own.headers)).json()).toEqual(page);
  });

  it("pages through launched and then scheduled books with one cursor", async () => {
    const launched: string[] = [];
    const scheduled: string[] = [];
    for (let i = 0; i < AUTHOR_BOOKS_PAGE_SIZE + 1; i++) launched.push(await book("launched", -1 - i));
    // Two books launching at the same moment are told apart by id.
    for (let i = 0; i < AUTHOR_BOOKS_PAGE_SIZE + 1; i++) scheduled.push(await book("scheduled", 1 + Math.floor(i / 2)));
    const author = await createAuthorOf(testDb.db, [...launched, ...scheduled]);
    const day = (id: string) => Math.floor(scheduled.indexOf(id) / 2);
    const expectedScheduled = [...scheduled].sort((a, b) => day(a) - day(b) || (a < b ? -1 : 1));

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const response = await booksOf(author.id, undefined, cursor);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { items: { id: string }[]; nextCursor: string | null };
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([AUTHOR_BOOKS_PAGE_SIZE, AUTHOR_BOOKS_PAGE_SIZE, 2]);
    expect(seen).toEqual([...launched, ...expectedScheduled]);
  });

  it("answers an unknown user with User not found, a foreign cursor with Invalid cursor", async () => {
    const missing = await booksOf("nobody-at-all");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not-found", message: "User not found" } });
    const author = await createAuthorOf(testDb.db, [await book("launched", -1)]);
    for (const cursor of ["not-a-cursor", Buffer.from('["2026-01-01",1]').toString("base64url")]) {
      const response = await booksOf(author.id, undefined, cursor);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error).toMatchObject({ code: "invalid-argument", message: "Invalid cursor" });
    }
  });

  it("finds a public profile by id (users.get), and nothing private", async () => {
    const author = await createAuthorOf(testDb.db, []);
    const response = await t.app.inject({ method: "GET", url: `/api/v1/users/${author.id}` });
    expect(response.statusCode).toBe(200);
    const user = response.json().user;
    expect(user).toMatchObject({ id: author.id, username: author.username, author: { nReaders: 0 }, location: null });
    for (const secret of ["email", "utm", "acceptedTracking", "searchUserId"]) expect(user).not.toHaveProperty(secret);
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/users/nobody-at-all" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not-found", message: "User not found" } });
  });
});
