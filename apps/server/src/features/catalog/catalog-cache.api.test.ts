import { describe, expect, it } from "vitest";
import { createBook, uniqueId } from "../../../test/factories";
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

  it("never caches failures or requests that carry credentials", async () => {
    const missing = uniqueId("missing");
    expect((await get(`/api/v1/books/${missing}`)).statusCode).toBe(404);
    await createBook(testDb.db, { book: { id: missing } });
    expect((await get(`/api/v1/books/${missing}`)).statusCode).toBe(200);

    const id = uniqueId("personal");
    await createBook(testDb.db, { book: { id, title: "Fresh" } });
    await get(`/api/v1/books/${id}`, { cookie: "quire_session=abc" });
    await testDb.db.updateTable("books").set({ title: "Fresher" }).where("id", "=", id).execute();
    const withCookie = await get(`/api/v1/books/${id}`, { cookie: "quire_session=abc" });
    expect(withCookie.headers["x-quire-cache"]).toBeUndefined();
    expect(withCookie.json().book.title).toBe("Fresher");
    const withToken = await get(`/api/v1/books/${id}`, { authorization: "Bearer x" });
    expect(withToken.headers["x-quire-cache"]).toBeUndefined();
  });

  it("still serves visitors who only carry other cookies, such as the campaign one", async () => {
    const id = uniqueId("campaign-visitor");
    await createBook(testDb.db, { book: { id } });
    const headers = { cookie: "quire_campaign=abc; theme=dark" };
    expect((await get(`/api/v1/books/${id}`, headers)).headers["x-quire-cache"]).toBe("miss");
    expect((await get(`/api/v1/books/${id}`, headers)).headers["x-quire-cache"]).toBe("hit");
    const signedIn = await get(`/api/v1/books/${id}`, { cookie: "quire_campaign=abc; quire_session=xyz" });
    expect(signedIn.headers["x-quire-cache"]).toBeUndefined();
  });

  it("leaves health and pages uncached", async () => {
    expect((await get("/api/v1/health")).headers["x-quire-cache"]).toBeUndefined();
    expect((await get("/")).headers["x-quire-cache"]).toBeUndefined();
  });
});
