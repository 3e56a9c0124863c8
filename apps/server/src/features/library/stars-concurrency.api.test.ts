import { STAR_SCORE_DELTA, USER_SCORE_BOOK_STARRED, USER_SCORE_STAR_GIVEN } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser } from "../../../test/factories";
import { bookCounters, seededRandom } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const USERS = 100;
const TOGGLES = 1000;
const START_SCORE = 100_000;

describe.each(dialectsUnderTest())("concurrent stars on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it(`${TOGGLES} toggles from ${USERS} users at once leave the counter equal to the star rows`, async () => {
    const book = await createBook(testDb.db, { book: { interactionScore: START_SCORE } });
    // Every star also moves its author's score: one row all the transactions update.
    const author = await createUser(testDb.db);
    await testDb.db.insertInto("bookAuthors").values({ bookId: book.id, authorId: author.id, position: 0 }).execute();
    const users: Awaited<ReturnType<typeof createSignedInUser>>[] = [];
    for (let index = 0; index < USERS; index += 1) users.push(await createSignedInUser(testDb.db));
    const random = seededRandom(dialect === "sqlite" ? 7 : 11);
    const requests = Array.from({ length: TOGGLES }, (_, index) => ({
      user: users[index % USERS] as (typeof users)[number],
      method: random() < 0.55 ? ("PUT" as const) : ("DELETE" as const),
    }));

    const responses = await Promise.all(
      requests.map(({ user, method }) =>
        t.app.inject({ method, url: `/api/v1/books/${book.id}/star`, headers: user.headers }),
      ),
    );

    responses.forEach((response, index) => {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().starred).toBe(requests[index]?.method === "PUT");
    });
    const counters = await bookCounters(testDb.db, book.id);
    expect(counters.stars).toBeGreaterThan(0);
    expect(counters.nUserStarred).toBe(counters.stars);
    // The score moved by exactly one step per star row that was really added or removed.
    expect(counters.interactionScore).toBe(START_SCORE + counters.stars * STAR_SCORE_DELTA);
    // So did the author's and each starrer's, users' scores moving in the same transactions.
    const scores = await testDb.db
      .selectFrom("users")
      .leftJoin("stars", (join) => join.onRef("stars.userId", "=", "users.id").on("stars.bookId", "=", book.id))
      .select(["users.id", "users.interactionScore", "stars.userId as starrer"])
      .where("users.id", "in", [author.id, ...users.map((user) => user.user.id)])
      .execute();
    for (const row of scores) {
      const expected =
        row.id === author.id ? counters.stars * USER_SCORE_BOOK_STARRED : row.starrer ? USER_SCORE_STAR_GIVEN : 0;
      expect(row.interactionScore, row.id).toBe(expected);
    }
  });
});
