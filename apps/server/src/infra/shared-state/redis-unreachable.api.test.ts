import { describe, expect, it } from "vitest";
import { createBook, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { useTestDatabase } from "../../../test/test-db";

/** REDIS_URL set but nothing answering: limited routes are refused (fail closed), the rest keeps serving. */
describe("an API process whose Redis is down", () => {
  const testDb = useTestDatabase("sqlite");
  // Nothing listens on port 1.
  const t = useTestApp(testDb, { publicCacheTtlMs: 60_000, env: () => ({ REDIS_URL: "redis://127.0.0.1:1" }) });

  it("refuses limited requests (search, sign-in) with 503 and a plain message", async () => {
    const search = await t.app.inject({ method: "GET", url: "/api/v1/search?q=lantern" });
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { host: "localhost" },
      payload: { email: "someone@example.test", password: "a guess at it" },
    });
    for (const refused of [search, signIn]) {
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toEqual({
        code: "unavailable",
        message: "The server cannot check its limits right now. Please try again.",
      });
    }
  });

  it("still serves unlimited reads, from its cache as usual", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/v1/health" })).statusCode).toBe(200);
    const id = uniqueId("offline-redis");
    await createBook(testDb.db, { book: { id } });
    const read = () => t.app.inject({ method: "GET", url: `/api/v1/books/${id}` });
    expect((await read()).headers["x-quire-cache"]).toBe("miss");
    expect((await read()).headers["x-quire-cache"]).toBe("hit");
  });
});
