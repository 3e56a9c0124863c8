import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("public read cache on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { publicCacheTtlMs: 60_000 });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves a repeated anonymous read from memory, byte for byte", async () => {
    const id = uniqueId("cached");
    await createBook(testDb.db, { book: { id, title: "Before" } });
    const first = await get(`/api/v1/books/${id}`);
    expect(first.headers["x-quire-cache"]).toBe("miss");
    await testDb.db.updateTable("books").set({ title: "After" }).where("id", "=", id).execute();
    const second = await get(`/api/v1/books/${id}`);
    expect(second.headers["x-quire-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(second.headers["content-security-policy"]).toBeDefined();
    expect(second.json().book.title).toBe("Before");
  });

  it("keys on the whole URL, query included", async () => {
    await get("/api/v1/books?sort=title");
    const other = await get("/api/v1/books?sort=newest");
    expect(other.headers["x-quire-cache"]).toBe("miss");
  });

  it("never caches failures, nor personal answers to requests that carry credentials", async () => {
    const missing = uniqueId("missing");
    expect((await get(`/api/v1/books/${missing}`)).statusCode).toBe(404);
    await createBook(testDb.db, { book: { id: missing } });
    expect((await get(`/api/v1/books/${missing}`)).statusCode).toBe(200);

    // Suggestions leave out whom the viewer follows: personal, so only a visitor's answer is shared.
    for (const headers of [{ cookie: "quire_session=abc" }, { authorization: "Bearer x" }] as Record<
      string,
      string
    >[]) {
      expect((await get("/api/v1/users/suggested", headers)).headers["x-quire-cache"]).toBeUndefined();
      expect((await get("/api/v1/users/suggested", headers)).headers["x-quire-cache"]).toBeUndefined();
    }
    await get("/api/v1/users/suggested");
    expect((await get("/api/v1/users/suggested")).headers["x-quire-cache"]).toBe("hit");
  });

  it("serves signed-in readers the visitors' copy of the catalogue and profiles, never marked shareable", async () => {
    const reader = await createSignedInUser(testDb.db);
    const id = uniqueId("shared");
    await createBook(testDb.db, { book: { id, title: "Shared" } });
    const visitor = await get(`/api/v1/books/${id}`);
    expect(visitor.headers["x-quire-cache"]).toBe("miss");
    const signedIn = await get(`/api/v1/books/${id}`, reader.headers);
    expect(signedIn.headers["x-quire-cache"]).toBe("hit");
    expect(signedIn.body).toBe(visitor.body);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");

    // A signed-in reader's answer fills the entry a visitor then gets.
    const profile = `/api/v1/users/by-username/${reader.user.username}`;
    expect((await get(profile, reader.headers)).headers["x-quire-cache"]).toBe("miss");
    expect((await get(profile)).headers["x-quire-cache"]).toBe("hit");
  });

  it("never shows one reader's star to another: it is in their viewer state, not the cached book", async () => {
    const starrer = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const id = uniqueId("starred");
    await createBook(testDb.db, { book: { id, nUserStarred: 0 } });
    expect((await get(`/api/v1/books/${id}`, other.headers)).json().book.nUserStarred).toBe(0);

    const star = await t.app.inject({ method: "PUT", url: `/api/v1/books/${id}/star`, headers: starrer.headers });
    expect(star.statusCode, star.body).toBe(200);
    // The star clears the cache: the reader who starred sees it counted at once, and so does everyone else.
    const mine = await get(`/api/v1/books/${id}`, starrer.headers);
    expect(mine.headers["x-quire-cache"]).toBe("miss");
    expect(mine.json().book.nUserStarred).toBe(1);
    const theirs = await get(`/api/v1/books/${id}`, other.headers);
    expect(theirs.headers["x-quire-cache"]).toBe("hit");
    expect(theirs.body).toBe(mine.body);
    expect(theirs.body).not.toMatch(/"starred"|"progress"|"subscribed"|"list"/);

    const state = (headers: Record<string, string>) => get(`/api/v1/books/${id}/viewer-state`, headers);
    expect((await state(starrer.headers)).json()).toMatchObject({ starred: true });
    expect((await state(other.headers)).json()).toMatchObject({ starred: false });
    expect((await state(other.headers)).headers["x-quire-cache"]).toBeUndefined();
  });

  it("clears shared profiles when a reader edits theirs or someone follows them", async () => {
    const reader = await createSignedInUser(testDb.db);
    const fan = await createSignedInUser(testDb.db);
    const profile = `/api/v1/users/by-username/${reader.user.username}`;
    await get(profile, reader.headers);
    expect((await get(profile, reader.headers)).headers["x-quire-cache"]).toBe("hit");

    const edit = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/me",
      headers: reader.headers,
      payload: { firstName: "Renamed" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await get(profile, reader.headers);
    expect(edited.headers["x-quire-cache"]).toBe("miss");
    expect(edited.json().user.firstName).toBe("Renamed");

    const follow = await t.app.inject({
      method: "PUT",
      url: `/api/v1/users/${reader.user.id}/follow`,
      headers: fan.headers,
    });
    expect(follow.statusCode, follow.body).toBe(200);
    const followed = await get(profile, fan.headers);
    expect(followed.headers["x-quire-cache"]).toBe("miss");
    expect(followed.json().user.nFollowers).toBe(1);
  });

  it("still serves visitors who only carry other cookies, such as the campaign one", async () => {
    const id = uniqueId("campaign-visitor");
    await createBook(testDb.db, { book: { id } });
    const headers = { cookie: "quire_campaign=abc; theme=dark" };
    expect((await get(`/api/v1/books/${id}`, headers)).headers["x-quire-cache"]).toBe("miss");
    expect((await get(`/api/v1/books/${id}`, headers)).headers["x-quire-cache"]).toBe("hit");
    const signedIn = await get("/api/v1/users/suggested", { cookie: "quire_campaign=abc; quire_session=xyz" });
    expect(signedIn.headers["x-quire-cache"]).toBeUndefined();
  });

  it("leaves health and pages uncached", async () => {
    expect((await get("/api/v1/health")).headers["x-quire-cache"]).toBeUndefined();
    expect((await get("/")).headers["x-quire-cache"]).toBeUndefined();
  });
});
