import { describe, expect, it } from "vitest";
import { createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("follows API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { env: () => ({ QUIRE_SUGGESTIONS_EXCLUDE: "fixed-one, fixed-two-id" }) });

  const counters = async (id: string) =>
    testDb.db.selectFrom("users").select(["nFollowing", "nFollowers"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("follows and unfollows idempotently, with one 'new follower' event", async () => {
    const me = await createSignedInUser(testDb.db, { firstName: "Ada", lastName: "L" });
    const other = await createUser(testDb.db);
    const url = `/api/v1/users/${other.id}/follow`;
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ method: "PUT", url, headers: me.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ following: true, nFollowers: 1 });
    }
    const events = await testDb.db.selectFrom("userEvents").selectAll().where("targetUserId", "=", other.id).execute();
    expect(events).toMatchObject([
      {
        eventType: "new follower",
        triggeredByUserId: me.user.id,
        triggeredByUserName: "Ada L",
        targetResourceId: me.user.id,
        targetResourceName: me.user.username,
      },
    ]);
    expect(await counters(me.user.id)).toEqual({ nFollowing: 1, nFollowers: 0 });
    const state = await t.app.inject({ method: "GET", url, headers: me.headers });
    expect(state.json()).toEqual({ following: true, nFollowers: 1 });
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ method: "DELETE", url, headers: me.headers });
      expect(response.json()).toEqual({ following: false, nFollowers: 0 });
    }
    expect(await counters(me.user.id)).toEqual({ nFollowing: 0, nFollowers: 0 });
  });

  it("refuses self-follows, unknown users and anonymous callers", async () => {
    const me = await createSignedInUser(testDb.db);
    const self = await t.app.inject({ method: "PUT", url: `/api/v1/users/${me.user.id}/follow`, headers: me.headers });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: { code: "invalid-argument", message: "You can't follow yourself." } });
    const unknown = await t.app.inject({ method: "PUT", url: "/api/v1/users/nobody/follow", headers: me.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("User not found");
    const anonymous = await t.app.inject({ method: "PUT", url: `/api/v1/users/${me.user.id}/follow` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps the counters exact when the same follows and unfollows race", async () => {
    const target = await createUser(testDb.db);
    const fans = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(testDb.db)));
    const url = `/api/v1/users/${target.id}/follow`;
    const burst = (method: "PUT" | "DELETE") =>
      Promise.all(fans.flatMap((fan) => [1, 2, 3].map(() => t.app.inject({ method, url, headers: fan.headers }))));
    await burst("PUT");
    expect((await counters(target.id)).nFollowers).toBe(8);
    for (const fan of fans) expect((await counters(fan.user.id)).nFollowing).toBe(1);
    await burst("DELETE");
    expect((await counters(target.id)).nFollowers).toBe(0);
    for (const fan of fans) expect((await counters(fan.user.id)).nFollowing).toBe(0);
  });

  it("pages followers and following, newest first, 20 at a time", async () => {
    const star = await createUser(testDb.db);
    const base = Date.parse("2031-01-01T00:00:00.000Z");
    const fans = [];
    for (let i = 0; i < 23; i++) {
      const fan = await createUser(testDb.db);
      await testDb.db
        .insertInto("follows")
        .values({
          followerId: fan.id,
          followeeId: star.id,
          createdAt: new Date(base + i * 1000).toISOString(),
          updatedAt: new Date(base).toISOString(),
        })
        .execute();
      fans.push(fan.id);
    }
    const first = await t.app.inject({ method: "GET", url: `/api/v1/users/${star.id}/followers` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((u: { id: string }) => u.id)).toEqual([...fans].reverse().slice(0, 20));
    const second = await t.app.inject({
      method: "GET",
      url: `/api/v1/users/${star.id}/followers?cursor=${page1.nextCursor}`,
    });
    expect(second.json()).toMatchObject({ nextCursor: null });
    expect(second.json().items.map((u: { id: string }) => u.id)).toEqual([...fans].reverse().slice(20));
    const following = await t.app.inject({ method: "GET", url: `/api/v1/users/${fans[0]}/following` });
    expect(following.json()).toMatchObject({ items: [{ id: star.id }], nextCursor: null });
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/users/nobody/followers" });
    expect(missing.statusCode).toBe(404);
  });

  it("suggests the 4 highest-scored people, never the viewer, the fixed accounts or anyone already followed", async () => {
    // Scores far above every other test's users, so this test's ranking is the whole answer.
    const base = 1e9;
    const me = await createSignedInUser(testDb.db, { interactionScore: base + 100 });
    await createUser(testDb.db, { username: "fixed-one", interactionScore: base + 90 });
    await createUser(testDb.db, { id: "fixed-two-id", interactionScore: base + 80 });
    const ranked = [];
    for (const score of [70, 60, 50, 40, 30, 20]) {
      ranked.push(await createUser(testDb.db, { interactionScore: base + score }));
    }
    const [first, second, ...rest] = ranked;
    for (const followed of [first, second]) {
      await t.app.inject({ method: "PUT", url: `/api/v1/users/${followed?.id}/follow`, headers: me.headers });
    }
    const response = await t.app.inject({ method: "GET", url: "/api/v1/users/suggested", headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((u: { id: string }) => u.id)).toEqual(rest.map((u) => u.id));

    // Unfollowing brings a person back, in score order.
    await t.app.inject({ method: "DELETE", url: `/api/v1/users/${first?.id}/follow`, headers: me.headers });
    const again = await t.app.inject({ method: "GET", url: "/api/v1/users/suggested", headers: me.headers });
    expect(again.json().items.map((u: { id: string }) => u.id)).toEqual([first, ...rest.slice(0, 3)].map((u) => u?.id));
  });
});
