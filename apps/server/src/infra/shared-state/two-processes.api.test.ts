import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser, uniqueId } from "../../../test/factories";
import { type TestApp, useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { REDIS_TEST_URL, useTestRedis } from "../../../test/test-redis";

/**
 * Two API processes behind one load balancer, as two apps on one database and one Redis: what one of
 * them counts, remembers or invalidates, the other sees.
 */
describe.each(dialectsUnderTest())("two API processes sharing one Redis on %s", (dialect) => {
  const redis = useTestRedis();
  const testDb = useTestDatabase(dialect);
  const env = () => ({
    REDIS_URL: REDIS_TEST_URL,
    QUIRE_REDIS_PREFIX: redis.prefix,
    // Both processes must sign challenges with one key, as README asks of several processes.
    ALTCHA_HMAC_KEY: "two-processes-".repeat(4),
    QUIRE_SEARCH_PER_IP_PER_MINUTE: "3",
    QUIRE_FOLLOWS_PER_MINUTE: "2",
  });
  const a = useTestApp(testDb, { publicCacheTtlMs: 60_000, env });
  const b = useTestApp(testDb, { publicCacheTtlMs: 60_000, env });

  let addressCounter = 0;
  const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  const post = (t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { host: "localhost", ...headers },
      remoteAddress: nextAddress(),
    });

  it("gives an account its 10 sign-in attempts in total, not 10 per process", async () => {
    const email = `${uniqueId("guessed")}@example.test`;
    await createUser(testDb.db, { email });
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await post(attempt % 2 === 0 ? a : b, "/api/auth/sign-in/email", {
        email,
        password: "wrong guess!",
      });
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    for (const t of [a, b]) {
      const limited = await post(t, "/api/auth/sign-in/email", { email, password: "wrong guess!" });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("accepts a solved captcha once across processes", async () => {
    const { challenge } = (await a.app.inject({ method: "GET", url: "/api/v1/captcha/challenge" })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    // The captcha is checked before the token: "not found" means the captcha passed.
    const first = await post(a, "/api/v1/account-deletion/confirm", { token: "no-such-deletion-token", captcha });
    expect(first.json().error.message).toBe("No deletion request found");
    const replay = await post(b, "/api/v1/account-deletion/confirm", { token: "no-such-deletion-token", captcha });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().error.message).toBe("Unable to validate recaptcha");
  });

  it("counts a per-IP rate limit across both processes", async () => {
    const search = (t: TestApp, i: number) =>
      t.app.inject({ method: "GET", url: `/api/v1/search?q=lantern${i}`, remoteAddress: "10.8.0.1" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await search(i % 2 === 0 ? a : b, i)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await search(a, 9)).statusCode).toBe(429);
  });

  it("counts a per-user rate limit across both processes", async () => {
    const follower = await createSignedInUser(testDb.db);
    const followed = await Promise.all([createUser(testDb.db), createUser(testDb.db), createUser(testDb.db)]);
    const follow = (t: TestApp, userId: string) =>
      t.app.inject({ method: "PUT", url: `/api/v1/users/${userId}/follow`, headers: follower.headers });
    const statuses = [];
    for (const [i, user] of followed.entries()) statuses.push((await follow(i % 2 === 0 ? a : b, user.id)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("clears the other process's cached public page when one process writes", async () => {
    const author = await createSignedInUser(testDb.db, { firstName: "Ada" });
    expect(
      (await a.app.inject({ method: "POST", url: "/api/v1/studio/author", headers: author.headers })).statusCode,
    ).toBe(200);
    const book = await createBook(testDb.db, { book: { id: uniqueId("shared-cache"), title: "Before" } });
    await testDb.db
      .insertInto("bookAuthors")
      .values({ bookId: book.id, authorId: author.user.id, position: 1 })
      .execute();
    const read = (t: TestApp) => t.app.inject({ method: "GET", url: `/api/v1/books/${book.id}` });
    expect((await read(b)).headers["x-quire-cache"]).toBe("miss");
    expect((await read(b)).headers["x-quire-cache"]).toBe("hit");

    const edit = await a.app.inject({
      method: "PATCH",
      url: `/api/v1/studio/books/${book.id}`,
      headers: author.headers,
      payload: { title: "After" },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const deadline = Date.now() + 3000;
    let fresh = await read(b);
    while (fresh.headers["x-quire-cache"] === "hit" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = await read(b);
    }
    expect(fresh.headers["x-quire-cache"]).toBe("miss");
    expect(fresh.json().book.title).toBe("After");
  });
});
