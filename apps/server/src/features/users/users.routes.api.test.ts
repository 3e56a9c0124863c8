import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser } from "../../../test/factories";
import { createAuthorOf } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("users API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it("lists the newest 8 users, newest first, without private fields", async () => {
    const base = Date.parse("2030-01-01T00:00:00.000Z");
    const created = [];
    for (let i = 0; i < 10; i++) {
      created.push(await createUser(testDb.db, { createdAt: new Date(base + i * 60_000).toISOString() }));
    }
    const response = await t.app.inject({ method: "GET", url: "/api/v1/users/recent" });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Record<string, unknown>[];
    expect(items.map((user) => user.id)).toEqual(
      created
        .slice(2)
        .reverse()
        .map((user) => user.id),
    );
    for (const user of items) {
      expect(user).not.toHaveProperty("email");
      expect(user).not.toHaveProperty("utm");
      expect(user).not.toHaveProperty("acceptedTracking");
      expect(user).toMatchObject({ roles: ["reader"], location: null });
    }
  });

  it("finds a user's public profile by username, and nothing private", async () => {
    const user = await createUser(testDb.db, { firstName: "Wren", description: "Reads in the bath." });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/users/by-username/${user.username.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
    const found = response.json().user;
    expect(found).toMatchObject({
      id: user.id,
      username: user.username,
      firstName: "Wren",
      description: "Reads in the bath.",
    });
    for (const secret of ["email", "utm", "acceptedTracking", "searchUserId", "systemLists"])
      expect(found).not.toHaveProperty(secret);
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/users/by-username/nobody-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not-found", message: "User not found" } });
  });

  it("shows an author's distinct readers on their profile and in user lists; a reader has no author", async () => {
    const [first, second] = [await createBook(testDb.db), await createBook(testDb.db)];
    const author = await createAuthorOf(testDb.db, [first.id, second.id]);
    const [ada, bob] = [await createSignedInUser(testDb.db), await createSignedInUser(testDb.db)];
    const putProgress = (bookId: string, headers: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/books/${bookId}/progress`,
        headers,
        payload: { progress: 10, currentChapter: "chapter-1", epubPosition: { anchorId: "chapter-1", offset: 0.5 } },
      });
    const profile = async (username: string) =>
      (await t.app.inject({ method: "GET", url: `/api/v1/users/by-username/${username}` })).json().user;

    expect((await profile(author.username)).author).toEqual({ nReaders: 0 });
    expect((await putProgress(first.id, ada.headers)).statusCode).toBe(200);
    expect((await putProgress(first.id, bob.headers)).statusCode).toBe(200);
    expect((await profile(author.username)).author).toEqual({ nReaders: 2 });
    // The same reader on another of the author's books is still one reader.
    expect((await putProgress(second.id, ada.headers)).statusCode).toBe(200);
    const shown = await profile(author.username);
    expect(shown).toMatchObject({ id: author.id, roles: ["reader", "author"], author: { nReaders: 2 } });
    expect(Object.keys(shown.author)).toEqual(["nReaders"]);
    expect((await profile(ada.user.username)).author).toBeNull();

    // Newest and best-scored, so the author heads both lists whatever the other tests made.
    await testDb.db
      .updateTable("users")
      .set({ createdAt: "2099-01-01T00:00:00.000Z", interactionScore: 1_000_000 })
      .where("id", "=", author.id)
      .execute();
    for (const url of ["/api/v1/users/recent", "/api/v1/users/suggested"]) {
      const response = await t.app.inject({ method: "GET", url, headers: bob.headers });
      expect(response.statusCode).toBe(200);
      const [head, ...rest] = response.json().items as { id: string; author: unknown }[];
      expect(head).toMatchObject({ id: author.id, author: { nReaders: 2 } });
      expect(rest.length).toBeGreaterThan(0);
      for (const user of rest) expect(user.author).toBeNull();
    }
  });
});
