import {
  USER_SCORE_BOOK_FINISHED,
  USER_SCORE_BOOK_STARRED,
  USER_SCORE_FOLLOWED,
  USER_SCORE_READ_STARTED,
  USER_SCORE_STAR_GIVEN,
} from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

type Headers = Record<string, string>;

describe.each(dialectsUnderTest())("users' interaction scores on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const call = async (method: "GET" | "PUT" | "DELETE" | "POST", url: string, headers: Headers, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const scoreOf = async (userId: string) =>
    (await testDb.db.selectFrom("users").select("interactionScore").where("id", "=", userId).executeTakeFirstOrThrow())
      .interactionScore;
  const follow = (headers: Headers, userId: string) => call("PUT", `/api/v1/users/${userId}/follow`, headers);
  const unfollow = (headers: Headers, userId: string) => call("DELETE", `/api/v1/users/${userId}/follow`, headers);

  it("lifts a new user who gains followers into suggestions, and lowers them again when unfollowed", async () => {
    // Scores far above every other test's users, so this test's people are the whole answer.
    const base = 2e9;
    const viewer = await createSignedInUser(testDb.db);
    const established = [];
    for (const score of [10, 8, 6, 4])
      established.push(await createUser(testDb.db, { interactionScore: base + score }));
    const newcomer = await createUser(testDb.db, { interactionScore: base });
    const suggested = async () =>
      ((await call("GET", "/api/v1/users/suggested", viewer.headers)).items as { id: string }[]).map((u) => u.id);
    const [a, b, c, d] = established.map((user) => user.id);
    expect(await suggested()).toEqual([a, b, c, d]);

    const fans = [];
    for (let i = 0; i < 3; i++) fans.push(await createSignedInUser(testDb.db));
    for (const fan of fans) await follow(fan.headers, newcomer.id);
    // Following twice counts once.
    await follow(fans[0]?.headers ?? {}, newcomer.id);
    expect(await scoreOf(newcomer.id)).toBe(base + 3 * USER_SCORE_FOLLOWED);
    expect(await suggested()).toEqual([a, newcomer.id, b, c]);

    for (const fan of fans) await unfollow(fan.headers, newcomer.id);
    await unfollow(fans[0]?.headers ?? {}, newcomer.id);
    expect(await scoreOf(newcomer.id)).toBe(base);
    expect(await suggested()).toEqual([a, b, c, d]);
  });

  it("never lowers a score below 0", async () => {
    const fan = await createSignedInUser(testDb.db);
    const user = await createUser(testDb.db);
    await follow(fan.headers, user.id);
    expect(await scoreOf(user.id)).toBe(USER_SCORE_FOLLOWED);
    // A score that has fallen below what the follow added (as the seed's or a decayed one may).
    await testDb.db.updateTable("users").set({ interactionScore: 1 }).where("id", "=", user.id).execute();
    await unfollow(fan.headers, user.id);
    expect(await scoreOf(user.id)).toBe(0);

    const author = await createUser(testDb.db);
    const book = await createBook(testDb.db);
    await testDb.db.insertInto("bookAuthors").values({ bookId: book.id, authorId: author.id, position: 0 }).execute();
    await call("PUT", `/api/v1/books/${book.id}/star`, fan.headers);
    await testDb.db
      .updateTable("users")
      .set({ interactionScore: 0 })
      .where("id", "in", [author.id, fan.user.id])
      .execute();
    await call("DELETE", `/api/v1/books/${book.id}/star`, fan.headers);
    expect([await scoreOf(author.id), await scoreOf(fan.user.id)]).toEqual([0, 0]);
  });

  it("moves the reader's score and the book's other authors' with stars, first reads and finishes", async () => {
    const author = await createSignedInUser(testDb.db);
    const coAuthor = await createUser(testDb.db);
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    await testDb.db
      .insertInto("bookAuthors")
      .values([
        { bookId: book.id, authorId: author.user.id, position: 0 },
        { bookId: book.id, authorId: coAuthor.id, position: 1 },
        // A public-domain author is no user: nothing to move.
        { bookId: book.id, authorId: "public-domain-author", position: 2 },
      ])
      .execute();
    const scores = async () => [
      await scoreOf(reader.user.id),
      await scoreOf(author.user.id),
      await scoreOf(coAuthor.id),
    ];
    const place = (anchorId: string, offset: number) => ({
      progress: 0,
      currentChapter: anchorId,
      epubPosition: { anchorId, offset },
    });

    await call("PUT", `/api/v1/books/${book.id}/star`, reader.headers);
    await call("PUT", `/api/v1/books/${book.id}/star`, reader.headers);
    expect(await scores()).toEqual([USER_SCORE_STAR_GIVEN, USER_SCORE_BOOK_STARRED, USER_SCORE_BOOK_STARRED]);
    await call("DELETE", `/api/v1/books/${book.id}/star`, reader.headers);
    expect(await scores()).toEqual([0, 0, 0]);

    // Only the first record is a book begun; only reaching the end finishes it.
    await call("PUT", `/api/v1/books/${book.id}/progress`, reader.headers, place("chapter-1", 0.5));
    await call("PUT", `/api/v1/books/${book.id}/progress`, reader.headers, place("chapter-2", 0.5));
    expect(await scores()).toEqual([USER_SCORE_READ_STARTED, 0, 0]);
    await call("PUT", `/api/v1/books/${book.id}/progress`, reader.headers, place("chapter-2", 1));
    await call("POST", `/api/v1/books/${book.id}/progress/finish`, reader.headers, {});
    const finished = [USER_SCORE_READ_STARTED, USER_SCORE_BOOK_FINISHED, USER_SCORE_BOOK_FINISHED];
    expect(await scores()).toEqual(finished);
    // "Start over" takes the finish back; finishing again counts it again.
    await call("POST", `/api/v1/books/${book.id}/progress/start-over`, reader.headers, {});
    expect(await scores()).toEqual([USER_SCORE_READ_STARTED, 0, 0]);
    await call("POST", `/api/v1/books/${book.id}/progress/finish`, reader.headers, {});
    expect(await scores()).toEqual(finished);

    // What an author does with their own book earns them nothing as its author.
    await call("PUT", `/api/v1/books/${book.id}/star`, author.headers);
    expect(await scores()).toEqual([
      USER_SCORE_READ_STARTED,
      USER_SCORE_BOOK_FINISHED + USER_SCORE_STAR_GIVEN,
      USER_SCORE_BOOK_FINISHED + USER_SCORE_BOOK_STARRED,
    ]);
  });
});
