import { SESSION_COOKIE_NAME } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { useTestS3Server } from "../../../test/s3-server";
import { type TestApp, useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, type TestDatabase, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";
import type { Bool } from "../../db/schema";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A book with the kinds of files books have: a studio cover, an imported chapter image, the original EPUB, a seed cover. */
async function bookWithFiles(t: TestApp, testDb: TestDatabase, display: Bool) {
  const book = await createBook(testDb.db, { book: { display } });
  const keys = [
    `books/${book.id}/cover-1.jpg`,
    `books/${book.id}/thumbs/cover-1_268x268.jpeg`,
    `books/${book.id}/v1/a1b2/images/map.png`,
    `books/${book.id}/v1/a1b2/original.epub`,
    `covers/${book.id}.svg`,
  ];
  for (const key of keys) await t.ctx.storage.put(key, bytes(`bytes of ${key}`), "application/octet-stream");
  return { book, urls: keys.map((key) => `/files/${key}`) };
}

function hiddenBookFileTests(t: TestApp, testDb: TestDatabase) {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves a shown book's files to anyone, publicly cacheable", async () => {
    const { urls } = await bookWithFiles(t, testDb, 1);
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(`bytes of ${url.slice("/files/".length)}`);
      expect(response.headers["cache-control"], url).toBe("public, max-age=86400");
      expect(response.headers["content-security-policy"], url).toContain("sandbox");
    }
  });

  it("answers a hidden book's files 404, to visitors and to other readers, by GET and HEAD", async () => {
    const { book, urls } = await bookWithFiles(t, testDb, 0);
    const stranger = await createSignedInUser(testDb.db);
    for (const url of urls) {
      const askers: Record<string, string>[] = [
        {},
        stranger.headers,
        { cookie: `${SESSION_COOKIE_NAME}=${stranger.token}` },
      ];
      for (const headers of askers) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain("bytes of");
      }
      expect((await t.app.inject({ method: "HEAD", url })).statusCode, url).toBe(404);
    }
    // Other spellings of the same file reach the same answer, not the file.
    for (const url of [
      `/files/books//${book.id}/cover-1.jpg`,
      `/files/books/./${book.id}/cover-1.jpg`,
      `/files/books/x/../${book.id}/cover-1.jpg`,
      `/files/books/x/%2e%2e/${book.id}/cover-1.jpg`,
      `/files/books%2F${book.id}%2Fcover-1.jpg`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("bytes of");
    }
    // The stable API address of the same bytes says what it says of the chapters.
    const api = await get(`/api/v1/books/${book.id}/files/v1/a1b2/images/map.png`);
    expect(api.statusCode).toBe(404);
    expect(api.json().error.message).toBe("Book not found!");
  });

  it("still shows a hidden book's files to its authors and administrators, never cached for others", async () => {
    const { book, urls } = await bookWithFiles(t, testDb, 0);
    const author = await createSignedInUser(testDb.db);
    await testDb.db
      .insertInto("bookAuthors")
      .values({ bookId: book.id, authorId: author.user.id, position: 0 })
      .execute();
    const admin = await createSignedInUser(testDb.db, { roles: toJson(["reader", "admin"]) });
    for (const who of [author, admin]) {
      for (const url of urls) {
        // The studio's <img> sends the session cookie, as a browser does.
        const response = await get(url, { cookie: `${SESSION_COOKIE_NAME}=${who.token}` });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["cache-control"], url).toBe("private, no-store");
      }
    }
  });

  it("serves the files again once the book is shown", async () => {
    const { book, urls } = await bookWithFiles(t, testDb, 0);
    const [cover = ""] = urls;
    expect((await get(cover)).statusCode).toBe(404);
    await testDb.db.updateTable("books").set({ display: 1 }).where("id", "=", book.id).execute();
    const shown = await get(cover);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("public, max-age=86400");
    const api = await get(`/api/v1/books/${book.id}/files/v1/a1b2/images/map.png`);
    expect(api.statusCode).toBe(200);
    expect(api.body).toBe(`bytes of books/${book.id}/v1/a1b2/images/map.png`);
  });
}

describe.each(dialectsUnderTest())("a hidden book's files on local storage, %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  hiddenBookFileTests(useTestApp(testDb), testDb);
});

describe.each(dialectsUnderTest())("a hidden book's files in an S3 bucket, %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const s3 = useTestS3Server();
  hiddenBookFileTests(useTestApp(testDb, { env: () => s3.env() }), testDb);
});
