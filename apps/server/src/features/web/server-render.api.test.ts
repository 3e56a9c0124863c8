import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SESSION_COOKIE_NAME } from "@quire/core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBook, createSignedInUser, createUser, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { securityHeaders } from "../../security-headers";
import { serverEntryPath } from "./server-render";

const WEB = resolve(import.meta.dirname, "../../../../web");
const STATE_TAG = /<script type="application\/json" id="quire-state">([\s\S]*?)<\/script>/;

// The real server renderer, built from the web's sources beside the fixture index.html (a few seconds).
let webDist = "";
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "quire-ssr-"));
  webDist = join(dir, "dist");
  await cp(join(import.meta.dirname, "../../../test/fixtures/web-dist"), webDist, { recursive: true });
  await build({
    root: WEB,
    configFile: join(WEB, "vite.config.ts"),
    logLevel: "error",
    build: { ssr: "src/entry-server.tsx", outDir: join(serverEntryPath(webDist), "..") },
  });
}, 120_000);
afterAll(async () => {
  if (webDist) await rm(join(webDist, ".."), { recursive: true, force: true });
});

describe.each(dialectsUnderTest())("server-rendered pages on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { env: () => ({ QUIRE_WEB_DIST: webDist }) });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const state = (html: string) => JSON.parse(STATE_TAG.exec(html)?.[1] ?? "null");

  it("renders a book page's title, summary and author into the HTML, with its data for the app", async () => {
    const author = await createUser(testDb.db, { firstName: "Ilse", lastName: "Marwood" });
    const id = uniqueId("ssr-book");
    await createBook(testDb.db, {
      book: {
        id,
        title: "The Lamplighter's Almanac",
        summary: "Forty winters on a northern coast.",
        authors: JSON.stringify(["Ilse Marwood"]),
        authorIds: JSON.stringify([author.id]),
      },
    });
    const response = await get(`/books/${id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain("<h1");
    expect(root).toContain("The Lamplighter&#x27;s Almanac");
    expect(root).toContain("Forty winters on a northern coast.");
    expect(root).toContain("Ilse Marwood");
    const queries = state(html).queries.queries as { queryKey: unknown[]; state: { status: string } }[];
    expect(queries.find((query) => query.queryKey.join("/") === `catalog/book/${id}`)?.state.status).toBe("success");
    // The data is in the page: the app does not fetch it again, so it is not preloaded either.
    expect(html).not.toContain(`<link rel="preload" as="fetch" href="/api/v1/books/${id}"`);
  });

  it("keeps a </script> in a title inside the JSON and the text", async () => {
    const id = uniqueId("ssr-escape");
    const title = "</script><script>alert(1)</script><!--";
    await createBook(testDb.db, { book: { id, title } });
    const html = (await get(`/books/${id}`)).body;
    // Only the page's own script elements: the title shows as text and stays a string in the JSON.
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--");
    const tag = STATE_TAG.exec(html)?.[1] ?? "";
    expect(tag).not.toMatch(/<\/script|<!--/i);
    const book = (state(html).queries.queries as { queryKey: unknown[]; state: { data: unknown } }[]).find(
      (query) => query.queryKey.join("/") === `catalog/book/${id}`,
    )?.state.data as { book: { title: string } };
    expect(book.book.title).toBe(title);
  });

  it("renders the home page's books and a profile's name, with the CSP unchanged", async () => {
    const user = await createUser(testDb.db, {
      username: uniqueId("ssr").replace("-", "_"),
      firstName: "Wren",
      lastName: "Halloway",
      description: "Keeper of small libraries.",
    });
    await createBook(testDb.db, { book: { title: "A Home Page Book", launchedDate: new Date().toISOString() } });
    const csp = securityHeaders({ secure: false })["content-security-policy"];
    const home = await get("/");
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-security-policy"]).toBe(csp);
    expect(home.body).toContain("Read, track and share the books you love.");
    expect(home.body).toContain("A Home Page Book");
    expect(home.body).toMatch(STATE_TAG);

    const profile = await get(`/u/${user.username}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["content-security-policy"]).toBe(csp);
    expect(profile.body).toContain("Wren Halloway");
    expect(profile.body).toContain("Keeper of small libraries.");
    expect(profile.body).toMatch(STATE_TAG);
  });

  it("renders the reader's chapter into its frame's document, with the chapter's data for the app", async () => {
    const id = uniqueId("ssr-reader");
    await createBook(testDb.db, { book: { id, title: "The Tidewater Ledger" }, chapters: 3 });
    const response = await get(`/read/${id}/chapter-2`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toBe(
      securityHeaders({ secure: false })["content-security-policy"],
    );
    const root = response.body.slice(response.body.indexOf('<div id="root">'));
    expect(root).toContain('data-testid="chapter-title">Chapter 2</h1>');
    // The text is in the first frame's srcdoc, escaped as an attribute; the frame ahead is empty.
    const frames = [...root.matchAll(/<iframe[^>]*srcDoc="([^"]*)"/gi)].map((match) => match[1]);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toContain("&lt;p&gt;Words of chapter 2.&lt;/p&gt;");
    expect(frames[1]).toContain("&lt;div class=&quot;quire-book&quot;&gt;&lt;/div&gt;");
    const queries = state(response.body).queries.queries as { queryKey: unknown[]; state: { status: string } }[];
    expect(queries.find((query) => query.queryKey.join("/") === `reader/${id}/chapter/chapter-2`)?.state.status).toBe(
      "success",
    );
    // The chapter ahead is the browser's to fetch: the page does not carry it.
    expect(response.body).not.toContain("Words of chapter 3.");
  });

  it("keeps a chapter's markup inside its frame's attribute", async () => {
    const id = uniqueId("ssr-reader-escape");
    await createBook(testDb.db, { book: { id }, chapters: 1 });
    await testDb.db
      .updateTable("chapters")
      .set({ html: '<p title="a">Quoted</p>"></iframe><script>alert(1)</script>' })
      .where("bookId", "=", id)
      .execute();
    const root = (await get(`/read/${id}/chapter-1`)).body.split('<div id="root">')[1] ?? "";
    const markup = root.slice(0, root.indexOf('<script type="application/json"'));
    expect(markup).not.toMatch(/<script/i);
    expect(markup).toContain("&lt;p title=&quot;a&quot;&gt;Quoted&lt;/p&gt;&quot;&gt;&lt;/iframe&gt;&lt;script&gt;");
  });

  it("leaves the reader without a chapter and the service worker's shell to the browser", async () => {
    const { token } = await createSignedInUser(testDb.db);
    const id = uniqueId("ssr-left");
    await createBook(testDb.db, { book: { id, title: "Left to the Browser" } });
    const bare = [
      await get(`/read/${id}`),
      await get(`/read/${id}`, { cookie: `${SESSION_COOKIE_NAME}=${token}` }),
      await get("/", { "x-quire-shell": "1" }),
      await get("/", { "x-quire-shell": "1", cookie: `${SESSION_COOKIE_NAME}=${token}` }),
    ];
    for (const response of bare) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toMatch(STATE_TAG);
    }
  });

  describe("for a signed-in reader", () => {
    const as = (token: string) => ({ cookie: `${SESSION_COOKIE_NAME}=${token}` });
    const put = (url: string, token: string, payload?: object) =>
      t.app.inject({ method: "PUT", url, headers: { authorization: `Bearer ${token}` }, payload });
    const queryData = (html: string, key: string) =>
      (state(html).queries.queries as { queryKey: unknown[]; state: { data: unknown } }[]).find(
        (query) => query.queryKey.join("/") === key,
      )?.state.data;
    // The rendered markup alone, without the state tag (which holds the same text as data).
    const root = (html: string) => html.split('<div id="root">')[1]?.split('<script type="application/json"')[0] ?? "";

    it("renders the book page with the reader's own star and shelf, never another reader's, privately", async () => {
      const first = await createSignedInUser(testDb.db, { firstName: "Odile", lastName: "Starling" });
      const second = await createSignedInUser(testDb.db, { firstName: "Bastian", lastName: "Quill" });
      const id = uniqueId("ssr-own");
      await createBook(testDb.db, { book: { id, title: "The Signed-In Shelf" } });
      expect((await put(`/api/v1/books/${id}/star`, first.token)).statusCode).toBe(200);
      expect((await put(`/api/v1/me/lists/reading/${id}`, first.token)).statusCode).toBe(200);

      const mine = await get(`/books/${id}`, as(first.token));
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(mine.headers.vary).toMatch(/\bCookie\b/);
      const html = root(mine.body);
      expect(html).toContain("The Signed-In Shelf");
      expect(html).toContain("Odile Starling");
      expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="star-button"/);
      expect(html).toContain("Starred");
      expect(html).not.toContain("Sign in to star and shelve");
      expect(queryData(mine.body, "session")).toMatchObject({ id: first.user.id });
      expect(queryData(mine.body, `library/viewer-state/${id}`)).toMatchObject({ starred: true, list: "reading" });

      const theirs = await get(`/books/${id}`, as(second.token));
      const other = root(theirs.body);
      expect(other).toContain("Bastian Quill");
      expect(other).not.toContain("Odile Starling");
      expect(other).toMatch(/aria-pressed="false"[^>]*data-testid="star-button"/);
      expect(queryData(theirs.body, "session")).toMatchObject({ id: second.user.id });
      expect(queryData(theirs.body, `library/viewer-state/${id}`)).toMatchObject({ starred: false, list: null });
      expect(theirs.body).not.toContain(first.user.email);
    });

    it("renders home, browse, search, a profile and the reader at a chapter with the reader's own state", async () => {
      const reader = await createSignedInUser(testDb.db, {
        username: uniqueId("ssr_me").replace("-", "_"),
        firstName: "Marisol",
      });
      const other = await createSignedInUser(testDb.db, { firstName: "Tobiah" });
      const author = await createUser(testDb.db, {
        username: uniqueId("ssr_au").replace("-", "_"),
        firstName: "Anselm",
        lastName: "Vey",
      });
      const id = uniqueId("ssr-signed");
      await createBook(testDb.db, {
        book: { id, title: "Lanterns Over Brightwater", launchedDate: new Date().toISOString() },
        chapters: 2,
      });
      expect((await put(`/api/v1/users/${author.id}/follow`, reader.token)).statusCode).toBe(200);
      const settings = {
        layout: "scrolled",
        theme: "sepia",
        font: "serif",
        fontSize: 22,
        lineHeight: 1.7,
        margins: "wide",
      };
      expect((await put("/api/v1/me/reader-settings", reader.token, settings)).statusCode).toBe(200);

      const pages = {
        home: "/",
        browse: "/browse",
        search: "/search?q=Brightwater",
        profile: `/u/${author.username}`,
        reader: `/read/${id}/chapter-1`,
      };
      // Each page's whole HTML as the holder of `token` gets it, checked to be rendered and private.
      const pagesOf = async (token: string, userId: string) => {
        const bodies = {} as Record<keyof typeof pages, string>;
        for (const name of Object.keys(pages) as (keyof typeof pages)[]) {
          const response = await get(pages[name], as(token));
          expect(response.statusCode, name).toBe(200);
          expect(response.headers["cache-control"], name).toBe("private, no-store");
          expect(response.body, name).toMatch(STATE_TAG);
          // Nothing left for an inline script to finish (the CSP refuses it, and hydration would go wrong).
          expect(root(response.body), name).not.toMatch(/<script|<template/);
          expect(queryData(response.body, "session"), name).toMatchObject({ id: userId });
          bodies[name] = response.body;
        }
        return bodies;
      };
      const mine = await pagesOf(reader.token, reader.user.id);
      expect(root(mine.home)).toContain("Welcome back, Marisol");
      expect(root(mine.home)).toContain("Lanterns Over Brightwater");
      expect(root(mine.browse)).toContain("Lanterns Over Brightwater");
      expect(root(mine.search)).toContain("Lanterns Over Brightwater");
      expect(root(mine.profile)).toContain("Anselm Vey");
      expect(root(mine.profile)).toMatch(/aria-pressed="true"[^>]*data-testid="follow-button">Following</);
      expect(root(mine.reader)).toContain('data-reader-theme="sepia"');
      expect(root(mine.reader)).toContain("font-size: 22px");
      expect(queryData(mine.reader, "reader/settings")).toEqual(settings);

      // Another reader's cookie: their name and state, never the first reader's.
      const theirs = await pagesOf(other.token, other.user.id);
      for (const [name, body] of Object.entries(theirs)) {
        expect(body, name).not.toContain("Marisol");
        expect(body, name).not.toContain(reader.user.email);
      }
      expect(root(theirs.home)).toContain("Welcome back, Tobiah");
      expect(root(theirs.profile)).toMatch(/aria-pressed="false"[^>]*data-testid="follow-button">Follow</);
      expect(root(theirs.reader)).toContain('data-reader-theme="light"');
      expect(root(theirs.reader)).not.toContain("font-size: 22px");
    });

    it("answers a hidden book 404 to signed-in readers too, with nothing of it in the page", async () => {
      const reader = await createSignedInUser(testDb.db, { firstName: "Corvin" });
      const id = uniqueId("ssr-hidden");
      await createBook(testDb.db, { book: { id, title: "The Drafted Harbour", display: 0 } });
      const response = await get(`/books/${id}`, as(reader.token));
      expect(response.statusCode).toBe(404);
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(root(response.body)).toContain("Book not found");
      expect(root(response.body)).toContain("Corvin");
      expect(response.body).not.toContain("The Drafted Harbour");
    });

    it("renders the visitor's page for an expired or unknown session cookie", async () => {
      const { token, user } = await createSignedInUser(testDb.db, { firstName: "Expired", lastName: "Reader" });
      await testDb.db
        .updateTable("sessions")
        .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
        .where("userId", "=", user.id)
        .execute();
      const id = uniqueId("ssr-expired");
      await createBook(testDb.db, { book: { id, title: "After the Session" } });
      for (const cookie of [as(token), as("not-a-session")]) {
        const response = await get(`/books/${id}`, cookie);
        expect(response.statusCode).toBe(200);
        expect(response.headers["cache-control"]).toBe("private, no-store");
        const html = root(response.body);
        expect(html).toContain("After the Session");
        expect(html).toContain("Sign in to star and shelve");
        expect(html).not.toContain("Expired Reader");
        expect(queryData(response.body, "session")).toBeNull();
      }
    });

    it("keeps the visitors' pages cacheable only after a check, keyed on the cookie", async () => {
      const response = await get("/browse");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.vary).toMatch(/\bCookie\b/);
    });
  });

  it("answers unknown books, readers and pages with 404 and their not-found screen, left to the app", async () => {
    for (const [url, text] of [
      ["/books/no-such-book", "Book not found"],
      ["/u/no_such_reader", "Reader not found"],
      ["/read/no-such-book/chapter-1", "Book not found"],
      ["/no/such/page", "Page not found"],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(text);
    }
  });
});
