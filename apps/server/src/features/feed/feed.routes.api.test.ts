import { type FeedItem, type FeedPage, newId, SOCIAL_PAGE_SIZE } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { AccountDeletionRepository } from "../account-deletion/account-deletion.repository";
import { studioClient } from "../studio/studio-test-client";

type Headers = Record<string, string>;

describe.each(dialectsUnderTest())("activity feed API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // One second per reading of the clock, so every action has its own moment and "newest" is well defined.
  // It starts an hour back: the factories' sessions are valid from the real now for a day.
  let clockMs = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
  const t = useTestApp(testDb, {
    clock: () => {
      clockMs += 1000;
      return new Date(clockMs);
    },
  });
  const studio = studioClient(t, testDb);

  const call = async (method: "GET" | "PUT" | "DELETE" | "POST", url: string, headers: Headers, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response;
  };
  const feed = async (headers: Headers, cursor?: string): Promise<FeedPage> =>
    (await call("GET", `/api/v1/feed${cursor ? `?cursor=${cursor}` : ""}`, headers)).json();
  const summary = (page: FeedPage) => page.items.map((item) => [item.type, item.actor.id, item.book.id]);
  const follow = (follower: { headers: Headers }, followeeId: string) =>
    call("PUT", `/api/v1/users/${followeeId}/follow`, follower.headers);
  const star = (user: { headers: Headers }, bookId: string) =>
    call("PUT", `/api/v1/books/${bookId}/star`, user.headers);
  // A place in the book: the figure follows from it, and the end of the last chapter finishes the book.
  const progress = (user: { headers: Headers }, bookId: string, anchorId: string, offset: number) =>
    call("PUT", `/api/v1/books/${bookId}/progress`, user.headers, {
      progress: 0,
      currentChapter: anchorId,
      epubPosition: { anchorId, offset },
    });

  it("asks visitors to log in", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/feed" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "unauthenticated", message: "Please login!", reason: "not_logged_in" },
    });
  });

  it("shows what followed people started, finished, starred and launched, newest first, to followers only", async () => {
    const viewer = await createSignedInUser(testDb.db);
    const stranger = await createSignedInUser(testDb.db);
    const author = await studio.author({ firstName: "Ada", lastName: "Quill" });
    const [started, finished, starred] = [
      await createBook(testDb.db),
      await createBook(testDb.db),
      await createBook(testDb.db),
    ];
    await follow(viewer, author.user.id);

    await progress(author, started.id, "chapter-1", 0.2);
    // More progress on a started book is not news; only the first record is.
    await progress(author, started.id, "chapter-1", 0.8);
    await progress(author, finished.id, "chapter-2", 1);
    await star(author, starred.id);
    const launchedId = await studio.bookWithChapters(author.headers, { One: "text" });
    for (let i = 0; i < 3; i++) {
      const subscriber = await createUser(testDb.db);
      await testDb.db
        .insertInto("launchSubscriptions")
        .values({ bookId: launchedId, userId: subscriber.id, createdAt: new Date(clockMs).toISOString() })
        .execute();
    }
    await call("POST", `/api/v1/studio/books/${launchedId}/launch`, author.headers);
    // The viewer's own actions and a stranger's are not in the viewer's feed.
    await star(viewer, started.id);
    await star(stranger, finished.id);

    const page = await feed(viewer.headers);
    expect(summary(page)).toEqual([
      ["launched", author.user.id, launchedId],
      ["starred", author.user.id, starred.id],
      ["finished", author.user.id, finished.id],
      ["started", author.user.id, started.id],
    ]);
    expect(page.nextCursor).toBeNull();
    const [launched] = page.items as [FeedItem];
    expect(launched.actor).toEqual({
      id: author.user.id,
      username: author.user.username,
      firstName: "Ada",
      lastName: "Quill",
      avatarUrl: null,
    });
    expect(launched.book).toMatchObject({ id: launchedId, title: "A Studio Book", status: "launched", display: true });
    const times = page.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // One activity per launch, however many subscribers were told.
    const launches = await testDb.db.selectFrom("activities").select("id").where("bookId", "=", launchedId).execute();
    expect(launches).toHaveLength(1);

    // Someone who follows nobody sees nothing; the stranger's follower sees the stranger's star.
    expect((await feed(stranger.headers)).items).toEqual([]);
    await follow(viewer, stranger.user.id);
    expect(summary(await feed(viewer.headers))[0]).toEqual(["starred", stranger.user.id, finished.id]);
  });

  it("removes a star's activity on unstar and never duplicates it", async () => {
    const viewer = await createSignedInUser(testDb.db);
    const actor = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    await follow(viewer, actor.user.id);

    await star(actor, book.id);
    await star(actor, book.id);
    const first = await feed(viewer.headers);
    expect(summary(first)).toEqual([["starred", actor.user.id, book.id]]);

    await call("DELETE", `/api/v1/books/${book.id}/star`, actor.headers);
    expect((await feed(viewer.headers)).items).toEqual([]);

    await star(actor, book.id);
    const again = await feed(viewer.headers);
    expect(summary(again)).toEqual([["starred", actor.user.id, book.id]]);
    expect(Date.parse(again.items[0]?.createdAt ?? "")).toBeGreaterThan(Date.parse(first.items[0]?.createdAt ?? ""));
  });

  it("leaves out hidden and deleted books, and people who deleted their account", async () => {
    const viewer = await createSignedInUser(testDb.db);
    const actor = await createSignedInUser(testDb.db);
    const leaving = await createSignedInUser(testDb.db);
    const [hidden, deleted, shown] = [
      await createBook(testDb.db),
      await createBook(testDb.db),
      await createBook(testDb.db),
    ];
    await follow(viewer, actor.user.id);
    await follow(viewer, leaving.user.id);
    for (const book of [hidden, deleted, shown]) await star(actor, book.id);
    await star(leaving, shown.id);
    expect((await feed(viewer.headers)).items).toHaveLength(4);

    await testDb.db.updateTable("books").set({ display: 0 }).where("id", "=", hidden.id).execute();
    await testDb.db.deleteFrom("books").where("id", "=", deleted.id).execute();
    await testDb.db
      .transaction()
      .execute((trx) => new AccountDeletionRepository(testDb.db).deleteUser(leaving.user.id, trx));

    expect(summary(await feed(viewer.headers))).toEqual([["starred", actor.user.id, shown.id]]);
    await testDb.db.updateTable("books").set({ display: 1 }).where("id", "=", hidden.id).execute();
    expect(summary(await feed(viewer.headers))).toEqual([
      ["starred", actor.user.id, shown.id],
      ["starred", actor.user.id, hidden.id],
    ]);
  });

  it("pages through more than two pages without gaps or repeats, ties broken by id", async () => {
    const viewer = await createSignedInUser(testDb.db);
    const actors = [await createUser(testDb.db), await createUser(testDb.db), await createUser(testDb.db)];
    for (const actor of actors) await follow(viewer, actor.id);
    const stranger = await createUser(testDb.db);
    const base = Date.parse("2030-05-01T00:00:00.000Z");
    const rows = [];
    for (let i = 0; i < 2 * SOCIAL_PAGE_SIZE + 7; i++) {
      const book = await createBook(testDb.db, { chapters: 0 });
      // Groups of three share a moment, so the id decides their order and the cursor must carry it.
      const createdAt = new Date(base + Math.floor(i / 3) * 1000).toISOString();
      rows.push({
        id: newId(),
        actorId: (actors[i % 3] as { id: string }).id,
        verb: "starred",
        bookId: book.id,
        createdAt,
      });
      rows.push({ id: newId(), actorId: stranger.id, verb: "starred", bookId: book.id, createdAt });
    }
    await testDb.db.insertInto("activities").values(rows).execute();
    const expected = rows
      .filter((row) => row.actorId !== stranger.id)
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .map((row) => row.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await feed(viewer.headers, cursor);
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([SOCIAL_PAGE_SIZE, SOCIAL_PAGE_SIZE, 7]);
    expect(seen).toEqual(expected);

    // A cursor this server did not make reads as the first page.
    const garbage = await feed(viewer.headers, "not-a-cursor");
    expect(garbage.items.map((item) => item.id)).toEqual(expected.slice(0, SOCIAL_PAGE_SIZE));
  });
});
