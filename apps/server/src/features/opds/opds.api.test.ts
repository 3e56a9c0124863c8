import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API_PATHS } from "@quire/core";
import { XMLParser } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createBook,
  createCategory,
  createGenre,
  createSignedInUser,
  createUser,
  uniqueId,
} from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";
import { EpubImportService } from "../epub/epub-import.service";
import type { Opds2Feed } from "./opds.contract";
import { OPDS_PAGE_SIZE } from "./opds.service";

const CORPUS = join(import.meta.dirname, "../../../../../../shared/corpus");
const CORPUS_BOOK = "readium/epub30-test-0102.epub";
const ACQUISITION = "http://opds-spec.org/acquisition";
const NAVIGATION_TYPE = "application/atom+xml;profile=opds-catalog;kind=navigation";
const ACQUISITION_TYPE = "application/atom+xml;profile=opds-catalog;kind=acquisition";

interface AtomLink {
  "@_rel": string;
  "@_href": string;
  "@_type"?: string;
}
interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: AtomLink[];
  author?: { name: string }[];
}
interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  link: AtomLink[];
  entry?: AtomEntry[];
  "opensearch:totalResults"?: number;
  "opensearch:itemsPerPage"?: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ["entry", "link", "author"].includes(name),
});

/** The path and query of an absolute link, to ask the app for it again. */
const pathOf = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
};
const linkOf = (links: AtomLink[], rel: string) => links.find((link) => link["@_rel"] === rel);
const bookIdOf = (entry: AtomEntry) => entry.id.replace("urn:quire:book:", "");

describe.each(dialectsUnderTest())("OPDS catalogue on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const word = uniqueId("zephyrine").replace(/[^a-z]/g, "");
  const genre = uniqueId("genre");
  const pagedGenre = uniqueId("genre");
  const category = uniqueId("category");
  const ids = {
    community: uniqueId("community"),
    hidden: uniqueId("hidden"),
    scheduled: uniqueId("scheduled"),
    wip: uniqueId("wip"),
    classic: uniqueId("classic"),
    awkward: uniqueId("awkward"),
  };
  const paged: string[] = [];
  let imported = "";

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const atom = async (url: string): Promise<AtomFeed> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/atom\+xml;profile=opds-catalog;kind=/);
    const doc = parser.parse(response.body);
    expect(doc.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    return doc.feed as AtomFeed;
  };
  /** Every entry of a feed, following its next links to the end. */
  const allEntries = async (url: string) => {
    const entries: AtomEntry[] = [];
    let next: string | undefined = url;
    let first: AtomFeed | undefined;
    while (next) {
      const feed = await atom(next);
      first ??= feed;
      entries.push(...(feed.entry ?? []));
      const link = linkOf(feed.link, "next");
      next = link ? pathOf(link["@_href"]) : undefined;
    }
    return { entries, first: first as AtomFeed };
  };
  const opds2 = async (url: string): Promise<Opds2Feed> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/opds\+json/);
    return response.json();
  };

  beforeAll(async () => {
    const { db } = testDb;
    const author = await createUser(db);
    await createGenre(db, { id: genre, displayName: "Opds Mysteries" });
    await createGenre(db, { id: pagedGenre, displayName: "Opds Many" });
    await createCategory(db, { id: category, name: "Opds Shelf" });
    const everywhere = { genres: [genre], categories: [{ id: category, position: 1 }] };
    await createBook(db, {
      ...everywhere,
      book: { id: ids.community, title: `The ${word} Affair`, authorIds: toJson([author.id]), interactionScore: 5 },
    });
    await db.insertInto("bookAuthors").values({ bookId: ids.community, authorId: author.id, position: 0 }).execute();
    await createBook(db, { ...everywhere, book: { id: ids.hidden, title: `Hidden ${word}`, display: 0 } });
    await createBook(db, {
      ...everywhere,
      book: { id: ids.scheduled, title: `Scheduled ${word}`, status: "scheduled" },
    });
    await createBook(db, { ...everywhere, book: { id: ids.wip, title: `Unfinished ${word}`, status: "wip" } });
    await createBook(db, {
      ...everywhere,
      book: { id: ids.classic, title: `Old ${word}`, source: "public-domain", publishingLabel: null },
    });
    await createBook(db, {
      ...everywhere,
      book: { id: ids.awkward, title: `Tom & "Jerry" <b>${word}</b>\u0007 it's` },
    });
    for (let index = 0; index < OPDS_PAGE_SIZE + 5; index += 1) {
      const id = uniqueId("paged");
      paged.push(id);
      await createBook(db, { genres: [pagedGenre], book: { id, interactionScore: 1000 + (index % 7) } });
    }
    imported = (
      await new EpubImportService({
        db,
        storage: t.ctx.storage,
        logger: pino({ level: "silent" }),
        clock: () => new Date(),
        maxImagePixels: 50_000_000,
      }).import(readFileSync(join(CORPUS, CORPUS_BOOK)))
    ).bookId;
  });

  it("opens on a navigation feed that leads to every acquisition feed, the genres, categories and search", async () => {
    const response = await get("/opds");
    expect(response.headers["content-type"]).toBe(`${NAVIGATION_TYPE};charset=utf-8`);
    const feed = await atom("/opds");
    expect(feed.id).toBe("urn:quire:opds");
    expect(linkOf(feed.link, "self")?.["@_type"]).toBe(NAVIGATION_TYPE);
    expect(linkOf(feed.link, "start")?.["@_href"]).toMatch(/^http:\/\/[^/]+\/opds$/);
    expect(linkOf(feed.link, "search")).toMatchObject({ "@_type": "application/opensearchdescription+xml" });
    const targets = (feed.entry ?? []).map((entry) => {
      const [link] = entry.link;
      return [pathOf(link?.["@_href"] as string), link?.["@_type"], link?.["@_rel"]];
    });
    expect(targets).toEqual([
      ["/opds/books/new", ACQUISITION_TYPE, "http://opds-spec.org/sort/new"],
      ["/opds/books/popular", ACQUISITION_TYPE, "http://opds-spec.org/sort/popular"],
      ["/opds/books/classics", ACQUISITION_TYPE, "subsection"],
      ["/opds/books/community", ACQUISITION_TYPE, "subsection"],
      ["/opds/genres", NAVIGATION_TYPE, "subsection"],
      ["/opds/categories", NAVIGATION_TYPE, "subsection"],
      ["/opds/shelves", NAVIGATION_TYPE, "subsection"],
    ]);
    for (const entry of feed.entry ?? []) expect(entry.updated).toBeTruthy();
  });

  it("lists genres and categories as navigation feeds of acquisition feeds", async () => {
    const genres = await atom("/opds/genres");
    const mysteries = genres.entry?.find((entry) => entry.title === "Opds Mysteries");
    expect(pathOf(mysteries?.link[0]?.["@_href"] as string)).toBe(`/opds/genres/${genre}`);
    const categories = await atom("/opds/categories");
    const shelf = categories.entry?.find((entry) => entry.title === "Opds Shelf");
    expect(shelf?.link[0]?.["@_type"]).toBe(ACQUISITION_TYPE);
    expect((await get("/opds/genres/no-such-genre")).statusCode).toBe(404);
  });

  it("lists only shown, launched books in every acquisition feed, each with an EPUB acquisition link", async () => {
    const feeds = [
      "/opds/books/new",
      "/opds/books/popular",
      "/opds/books/classics",
      "/opds/books/community",
      `/opds/genres/${genre}`,
      `/opds/categories/${category}`,
    ];
    const seen = new Map<string, string[]>();
    for (const url of feeds) {
      const { entries, first } = await allEntries(url);
      expect(linkOf(first.link, "self")?.["@_type"]).toBe(ACQUISITION_TYPE);
      expect(first["opensearch:totalResults"]).toBe(entries.length);
      expect(first["opensearch:itemsPerPage"]).toBe(OPDS_PAGE_SIZE);
      for (const entry of entries) {
        const acquisition = linkOf(entry.link, ACQUISITION);
        expect(acquisition?.["@_type"]).toBe("application/epub+zip");
        expect(pathOf(acquisition?.["@_href"] as string)).toBe(`/opds/books/${bookIdOf(entry)}/download.epub`);
      }
      seen.set(url, entries.map(bookIdOf));
    }
    for (const [url, bookIds] of seen) {
      expect(bookIds, url).not.toContain(ids.hidden);
      expect(bookIds, url).not.toContain(ids.scheduled);
      expect(bookIds, url).not.toContain(ids.wip);
    }
    expect(seen.get(`/opds/genres/${genre}`)?.sort()).toEqual([ids.community, ids.classic, ids.awkward].sort());
    expect(seen.get("/opds/books/classics")).toContain(ids.classic);
    expect(seen.get("/opds/books/classics")).toContain(imported);
    expect(seen.get("/opds/books/classics")).not.toContain(ids.community);
    expect(seen.get("/opds/books/community")).toContain(ids.community);
    expect(seen.get("/opds/books/community")).not.toContain(ids.classic);
  });

  it("describes a book with its authors, summary, cover and thumbnail", async () => {
    const feed = await atom(`/opds/genres/${genre}`);
    const entry = feed.entry?.find((candidate) => bookIdOf(candidate) === ids.community) as AtomEntry;
    expect(entry.author?.map((author) => author.name)).toEqual(["A. Writer"]);
    expect(pathOf(linkOf(entry.link, "http://opds-spec.org/image")?.["@_href"] as string)).toBe(
      `/files/covers/${ids.community}.svg`,
    );
    expect(linkOf(entry.link, "http://opds-spec.org/image/thumbnail")?.["@_type"]).toBe("image/svg+xml");
  });

  it("escapes what books hold, so the feed stays well-formed", async () => {
    const feed = await atom(`/opds/genres/${genre}`);
    const entry = feed.entry?.find((candidate) => bookIdOf(candidate) === ids.awkward);
    expect(entry?.title).toBe(`Tom & "Jerry" <b>${word}</b> it's`);
  });

  it("pages with keyset cursors forward and back, in popularity order", async () => {
    const url = `/opds/genres/${pagedGenre}`;
    const first = await atom(url);
    expect(first["opensearch:totalResults"]).toBe(OPDS_PAGE_SIZE + 5);
    expect(linkOf(first.link, "previous")).toBeUndefined();
    expect(pathOf(linkOf(first.link, "first")?.["@_href"] as string)).toBe(url);
    const second = await atom(pathOf(linkOf(first.link, "next")?.["@_href"] as string));
    expect(second.entry).toHaveLength(5);
    expect(linkOf(second.link, "next")).toBeUndefined();
    const all = [...(first.entry ?? []), ...(second.entry ?? [])].map(bookIdOf);
    expect(new Set(all)).toEqual(new Set(paged));
    const scores = await testDb.db
      .selectFrom("books")
      .select(["id", "interactionScore"])
      .where("id", "in", all)
      .execute();
    const score = new Map(scores.map((row) => [row.id, row.interactionScore]));
    const ordered = [...all].sort((a, b) => (score.get(b) as number) - (score.get(a) as number) || (a < b ? 1 : -1));
    expect(all).toEqual(ordered);

    const back = await atom(pathOf(linkOf(second.link, "previous")?.["@_href"] as string));
    expect(back.entry?.map(bookIdOf)).toEqual(first.entry?.map(bookIdOf));
    expect(linkOf(back.link, "previous")).toBeUndefined();
    expect(linkOf(back.link, "next")).toBeDefined();
    expect((await get(`${url}?after=not-a-cursor`)).statusCode).toBe(400);
  });

  it("searches through Quire's search, launched and shown books only", async () => {
    const description = await get("/opds/opensearch.xml");
    expect(description.statusCode).toBe(200);
    expect(description.headers["content-type"]).toMatch(/^application\/opensearchdescription\+xml/);
    const url = parser.parse(description.body).OpenSearchDescription.Url;
    expect(url["@_type"]).toBe(ACQUISITION_TYPE);
    const template = url["@_template"] as string;
    expect(template).toContain("{searchTerms}");

    const feed = await atom(pathOf(template.replace("{searchTerms}", encodeURIComponent(word))));
    const found = (feed.entry ?? []).map(bookIdOf);
    expect(found.sort()).toEqual([ids.community, ids.classic, ids.awkward].sort());
    expect(feed["opensearch:totalResults"]).toBe(3);
    expect((await get("/opds/search?q=")).statusCode).toBe(400);
  });

  it("downloads a classic as the very file it was imported from", async () => {
    const response = await get(`/opds/books/${imported}/download.epub`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/epub+zip");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.epub"$/);
    expect(Buffer.compare(response.rawPayload, readFileSync(join(CORPUS, CORPUS_BOOK)))).toBe(0);
  });

  it("downloads a community book as an EPUB 3 built from its chapters, to anyone", async () => {
    const response = await get(`/opds/books/${ids.community}/download.epub`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/epub+zip");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="the-${word}-affair.epub"`);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(strFromU8(files.mimetype as Uint8Array)).toBe("application/epub+zip");
    const chapters = Object.entries(files).filter(([path]) => path.endsWith(".xhtml") && !path.endsWith("nav.xhtml"));
    expect(chapters.map(([, bytes]) => strFromU8(bytes)).join("")).toContain("Words of chapter 2.");
  });

  it("downloads no hidden, scheduled or unfinished book", async () => {
    for (const id of [ids.hidden, ids.scheduled, ids.wip, "no-such-book"]) {
      const response = await get(`/opds/books/${id}/download.epub`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe("Book not found");
    }
  });

  it("serves the same catalogue as OPDS 2.0 JSON", async () => {
    const root = await opds2("/opds/v2");
    expect(root.metadata.title).toBe("Quire");
    expect(root.navigation?.map((item) => pathOf(item.href))).toEqual([
      "/opds/v2/books/new",
      "/opds/v2/books/popular",
      "/opds/v2/books/classics",
      "/opds/v2/books/community",
      "/opds/v2/genres",
      "/opds/v2/categories",
      "/opds/v2/shelves",
    ]);
    const search = root.links.find((link) => link.rel === "search");
    expect(search).toMatchObject({ templated: true, type: "application/opds+json" });

    const first = await opds2(`/opds/v2/genres/${pagedGenre}`);
    expect(first.metadata).toMatchObject({ numberOfItems: OPDS_PAGE_SIZE + 5, itemsPerPage: OPDS_PAGE_SIZE });
    expect(first.publications).toHaveLength(OPDS_PAGE_SIZE);
    const next = first.links.find((link) => link.rel === "next")?.href as string;
    const second = await opds2(pathOf(next));
    expect(second.publications).toHaveLength(5);
    const back = await opds2(pathOf(second.links.find((link) => link.rel === "previous")?.href as string));
    expect(back.publications?.map((p) => p.metadata.identifier)).toEqual(
      first.publications?.map((p) => p.metadata.identifier),
    );

    const genreFeed = await opds2(`/opds/v2/genres/${genre}`);
    const book = genreFeed.publications?.find((p) => p.metadata.identifier === `urn:quire:book:${ids.community}`);
    expect(book?.metadata).toMatchObject({ "@type": "http://schema.org/Book", author: [{ name: "A. Writer" }] });
    expect(book?.links.find((link) => link.rel === ACQUISITION)).toMatchObject({ type: "application/epub+zip" });
    expect(book?.images.map((image) => image.rel)).toEqual([
      "http://opds-spec.org/image",
      "http://opds-spec.org/image/thumbnail",
    ]);
    const identifiers = genreFeed.publications?.map((p) => p.metadata.identifier.replace("urn:quire:book:", ""));
    expect(identifiers?.sort()).toEqual([ids.community, ids.classic, ids.awkward].sort());

    const found = await opds2(`/opds/v2/search?q=${encodeURIComponent(word)}`);
    expect(found.publications).toHaveLength(3);
  });

  it("shows a reader their own shelves when a reading app signs in with a device password, and nobody else", async () => {
    const { db } = testDb;
    const reader = await createSignedInUser(db);
    const other = await createSignedInUser(db);
    const shelved = uniqueId("shelved");
    await createBook(db, { book: { id: shelved, title: "Shelved Tide" } });
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/v1/me/lists/want-to-read/${shelved}`,
      headers: reader.headers,
    });
    expect(put.statusCode, put.body).toBe(200);
    const created = await t.app.inject({
      method: "POST",
      url: API_PATHS["me.devicePasswords"],
      headers: reader.headers,
      payload: { name: "KOReader" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { password } = created.json() as { password: string };
    const basic = (username: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${username}:${secret}`).toString("base64")}`,
    });
    const ask = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

    const anonymous = await ask("/opds/shelves/want-to-read");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["www-authenticate"]).toBe('Basic realm="Quire", charset="UTF-8"');
    expect((await ask("/opds/shelves", basic(reader.user.username, "wrong"))).statusCode).toBe(401);
    expect((await ask("/opds/shelves", basic(other.user.username, password))).statusCode).toBe(401);

    const shelves = await ask("/opds/shelves", basic(reader.user.username, password));
    expect(shelves.statusCode, shelves.body).toBe(200);
    expect(shelves.headers["cache-control"]).toBe("private, no-store");
    const lists = (parser.parse(shelves.body).feed as AtomFeed).entry?.map((entry) =>
      pathOf(entry.link[0]?.["@_href"] ?? ""),
    );
    expect(lists).toEqual(["/opds/shelves/reading", "/opds/shelves/want-to-read", "/opds/shelves/finished"]);
    const shelf = await ask("/opds/shelves/want-to-read", basic(reader.user.username, password));
    expect(shelf.statusCode, shelf.body).toBe(200);
    expect((parser.parse(shelf.body).feed as AtomFeed).entry?.map(bookIdOf)).toEqual([shelved]);
    const finished = await ask("/opds/shelves/finished", basic(reader.user.username, password));
    expect((parser.parse(finished.body).feed as AtomFeed).entry ?? []).toEqual([]);
    const json = await ask("/opds/v2/shelves/want-to-read", basic(reader.user.username, password));
    expect((json.json() as Opds2Feed).publications?.map((book) => book.metadata.identifier)).toEqual([
      `urn:quire:book:${shelved}`,
    ]);
  });
});
