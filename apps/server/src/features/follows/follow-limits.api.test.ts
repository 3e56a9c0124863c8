import { beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { RENOTIFY_AFTER_MS } from "./follow-and-announce";

/** Finding 10 of security issue 17: toggling a follow must not spam its target. */
describe.each(dialectsUnderTest())("follow limits on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // Near the wall clock (the factories' sessions last a day from the real now), moved by the tests.
  let now = new Date();
  // A test that moved the clock a day on must not leave later tests' fresh sessions looking expired.
  beforeEach(() => {
    now = new Date();
  });
  const t = useTestApp(testDb, { clock: () => now, env: () => ({ QUIRE_FOLLOWS_PER_MINUTE: "40" }) });

  type Reader = Awaited<ReturnType<typeof createSignedInUser>>;
  const change = (method: "PUT" | "DELETE", who: Reader, target: Reader) =>
    t.app.inject({ method, url: `/api/v1/users/${target.user.id}/follow`, headers: who.headers });
  /** The target's 'new follower' inbox after the event worker ran. */
  const newFollowerNotifications = async (target: Reader) => {
    await t.app.eventWorker.runOnce();
    return testDb.db
      .selectFrom("notifications")
      .select("type")
      .where("userId", "=", target.user.id)
      .where("type", "=", "new follower")
      .execute();
  };

  it("notifies once for 15 unfollow/follow pairs, and again only after a day", async () => {
    const fan = await createSignedInUser(testDb.db);
    const star = await createSignedInUser(testDb.db);
    expect((await change("PUT", fan, star)).statusCode).toBe(200);
    for (let pair = 0; pair < 15; pair++) {
      expect((await change("DELETE", fan, star)).json()).toEqual({ following: false, nFollowers: 0 });
      expect((await change("PUT", fan, star)).json()).toEqual({ following: true, nFollowers: 1 });
    }
    expect(await newFollowerNotifications(star)).toHaveLength(1);

    // Another follower is announced as usual.
    const other = await createSignedInUser(testDb.db);
    await change("PUT", other, star);
    expect(await newFollowerNotifications(star)).toHaveLength(2);

    now = new Date(now.getTime() + RENOTIFY_AFTER_MS - 1000);
    await change("DELETE", fan, star);
    await change("PUT", fan, star);
    expect(await newFollowerNotifications(star)).toHaveLength(2);
    now = new Date(now.getTime() + 2000);
    await change("DELETE", fan, star);
    await change("PUT", fan, star);
    expect(await newFollowerNotifications(star)).toHaveLength(3);
  });

  it("answers 429 with Retry-After past the per-user limit of follows, and of unfollows", async () => {
    const eager = await createSignedInUser(testDb.db);
    const star = await createSignedInUser(testDb.db);
    for (const method of ["PUT", "DELETE"] as const) {
      for (let i = 0; i < 40; i++) expect((await change(method, eager, star)).statusCode, `${method} ${i}`).toBe(200);
      const refused = await change(method, eager, star);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: "resource-exhausted",
        message: "Too many requests. Please try again later.",
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The limit is the user's, not the address's: someone else on the same address follows as usual.
    const calm = await createSignedInUser(testDb.db);
    expect((await change("PUT", calm, star)).statusCode).toBe(200);
  });
});
