import { SESSION_COOKIE_NAME } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("files for the native app on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  async function coverOf(display: 0 | 1) {
    const book = await createBook(testDb.db, { book: { display } });
    const key = `books/${book.id}/cover-1.jpg`;
    await t.ctx.storage.put(key, new TextEncoder().encode("cover bytes"), "image/jpeg");
    return { book, url: `/files/${key}` };
  }

  it("lets another origin (the app's localhost) load a shown book's cover, still sandboxed", async () => {
    const { url } = await coverOf(1);
    const response = await t.app.inject({ method: "GET", url, headers: { origin: "https://localhost" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(response.headers["content-security-policy"]).toContain("sandbox");
  });

  it("still answers a hidden book's cover 404, and keeps its author's copy same-origin", async () => {
    const { book, url } = await coverOf(0);
    const hidden = await t.app.inject({ method: "GET", url, headers: { origin: "https://localhost" } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain("cover bytes");

    const author = await createSignedInUser(testDb.db);
    await testDb.db
      .insertInto("bookAuthors")
      .values({ bookId: book.id, authorId: author.user.id, position: 0 })
      .execute();
    const own = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie: `${SESSION_COOKIE_NAME}=${author.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});
