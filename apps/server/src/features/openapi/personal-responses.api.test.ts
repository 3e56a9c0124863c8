import type { AddressInfo } from "node:net";
import { API_PATHS } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createCategory, createGenre, createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";

interface Answer {
  status: number;
  cacheControl: string;
  body: string;
}

/**
 * Every GET in the OpenAPI document, asked by a signed-in reader: an answer that is not the same as a
 * visitor's must be `no-store`, so no cache hands one person's data to another. Walking the document
 * means a route added later is checked without anyone remembering to.
 */
describe.each(dialectsUnderTest())("personal answers on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);
  let origin = "";
  let headers: Record<string, string> = {};
  /** Reading apps sign in to OPDS shelves with a device password, not a session. */
  let deviceHeaders: Record<string, string> = {};
  let values: Record<string, string> = {};

  beforeAll(async () => {
    // A real port, so the event stream's answer can be read up to its headers and left.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // An administrator, so the admin routes answer with content too.
    const reader = await createSignedInUser(testDb.db, { roles: toJson(["reader", "admin"]) });
    headers = reader.headers;
    const device = await t.app.inject({
      method: "POST",
      url: API_PATHS["me.devicePasswords"],
      headers,
      payload: { name: "KOReader" },
    });
    const { password } = device.json() as { password: string };
    deviceHeaders = {
      authorization: `Basic ${Buffer.from(`${reader.user.username}:${password}`).toString("base64")}`,
    };
    // The reader writes the book, so the studio and export routes answer with content, not refusals.
    await testDb.db.insertInto("authors").values({ id: reader.user.id, name: "Reader Author" }).execute();
    const book = await createBook(testDb.db, { book: { authorIds: toJson([reader.user.id]) } });
    await testDb.db
      .insertInto("bookAuthors")
      .values({ bookId: book.id, authorId: reader.user.id, position: 0 })
      .execute();
    await t.ctx.storage.put(`books/${book.id}/v1/book.css`, new TextEncoder().encode("p { margin: 0 }"), "text/css");
    const other = await createUser(testDb.db);
    const genre = await createGenre(testDb.db);
    const category = await createCategory(testDb.db);
    values = {
      id: book.id,
      userId: other.id,
      anchorId: "chapter-1",
      "*": "v1/book.css",
      username: other.username,
      provider: "google",
      q: "Book",
      feed: "new",
      genreId: genre.id,
      categoryId: category.id,
      list: "reading",
      from: "2026-03-01",
      to: "2026-03-31",
    };
  });

  const ask = async (url: string, signedIn: boolean): Promise<Answer> => {
    const credentials = /^\/opds(\/v2)?\/shelves/.test(url) ? deviceHeaders : headers;
    const response = await fetch(`${origin}${url}`, { headers: signedIn ? credentials : {}, redirect: "manual" });
    const cacheControl = response.headers.get("cache-control") ?? "";
    // An event stream never ends: its headers are the answer.
    const streams = response.headers.get("content-type")?.startsWith("text/event-stream");
    const body = streams ? "" : await response.text();
    if (streams) await response.body?.cancel();
    return { status: response.status, cacheControl, body };
  };

  /** The operation's address with real values: a book, a chapter, a user; an unknown parameter fails the test. */
  const addressOf = (path: string, parameters: { name: string; in: string; required?: boolean }[]) => {
    const parameterValue = (name: string) => {
      const key = name === "id" && path.startsWith("/api/v1/users/") ? "userId" : name;
      const value = values[key];
      if (value === undefined) throw new Error(`No test value for parameter "${name}" of ${path}: add one`);
      return encodeURIComponent(value).replace(/%2F/g, "/");
    };
    const address = path.replace(/\{([^}]+)\}/g, (_, name: string) => parameterValue(name));
    const query = parameters
      .filter((parameter) => parameter.in === "query" && parameter.required)
      .map((parameter) => `${parameter.name}=${parameterValue(parameter.name)}`);
    return query.length > 0 ? `${address}?${query.join("&")}` : address;
  };

  it("marks every answer that depends on the session no-store", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const operations = Object.entries(doc.paths as Record<string, { get?: { parameters?: [] } }>).flatMap(
      ([path, item]) => (item.get ? [addressOf(path, item.get.parameters ?? [])] : []),
    );
    expect(operations.length).toBeGreaterThan(30);
    const personal: string[] = [];
    for (const url of operations) {
      const signedIn = await ask(url, true);
      // Real ids make real answers: a refusal would test the error path instead of the personal one.
      expect(signedIn.status, url).toBeLessThan(400);
      if (signedIn.cacheControl.includes("no-store")) {
        personal.push(url);
        continue;
      }
      // Cacheable is fine only for an answer a visitor gets too, word for word.
      const visitor = await ask(url, false);
      expect({ url, status: signedIn.status, body: signedIn.body }).toEqual({
        url,
        status: visitor.status,
        body: visitor.body,
      });
    }
    // The review's list, by name: these must never be cacheable.
    for (const path of [
      "/api/v1/me",
      "/api/auth/get-session",
      "/api/v1/notifications",
      "/api/v1/me/lists",
      `/api/v1/books/${values.id}/progress`,
      "/api/v1/me/notification-preferences",
      "/api/v1/studio/books",
      "/api/v1/me/export",
      "/api/v1/feed",
      `/api/v1/books/${values.id}/viewer-state`,
      "/opds/shelves/reading",
      "/opds/v2/shelves/reading",
    ]) {
      expect(personal, path).toContain(path);
    }
  });

  it("keeps a signed-in reader's answers out of the public read cache and a visitor's cacheable", async () => {
    const signedIn = await ask("/api/v1/books", true);
    expect(signedIn.cacheControl).toBe("private, no-store");
    const visitor = await ask("/api/v1/books", false);
    expect(visitor.cacheControl).not.toContain("no-store");
    // Files of a launched book are the same for everyone: they stay publicly cacheable, even asked with a session.
    const file = await ask(`/api/v1/books/${values.id}/files/v1/book.css`, true);
    expect(file.status).toBe(200);
    expect(file.cacheControl).toMatch(/^public/);
  });
});
