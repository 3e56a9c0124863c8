import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { createBook, createSignedInUser, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { renderCoverSvg } from "../../seed/covers";
import { corpusFile, MEDIUM_CORPUS_COVER } from "../uploads/test-images";

describe.each(dialectsUnderTest())("book link-preview cards on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  /** Where a card's address keeps its picture in storage. */
  const cardFile = (card: string) => card.replace(/^\/og\/books\/([^/]+)\//, "books/$1/og/");
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  /** A book whose cover is a real Standard Ebooks JPEG, stored where an EPUB import puts one. */
  async function bookWithCover() {
    const id = uniqueId("og");
    const imageUrl = await t.ctx.storage.put(
      `books/${id}/v1/a1/cover.jpg`,
      corpusFile(MEDIUM_CORPUS_COVER),
      "image/jpeg",
    );
    await createBook(testDb.db, { book: { id, imageUrl } });
    return id;
  }

  /** The og:image the book's page names, as a path on this server. */
  async function cardUrl(bookId: string): Promise<string> {
    const html = (await get(`/books/${bookId}`)).body;
    const url = /<meta property="og:image" content="http:\/\/[^/"]+(\/og\/[^"]+)">/.exec(html)?.[1];
    if (!url) throw new Error(`no og:image card on the page of ${bookId}:\n${html}`);
    return url;
  }

  it("names a 1200×630 PNG in the page's head and draws it once however many ask", async () => {
    const id = await bookWithCover();
    const html = (await get(`/books/${id}`, { host: "localhost" })).body;
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://localhost/og/books/${id}/[0-9a-f]{16}\\.png">`),
    );
    expect(html).toContain('<meta property="og:image:type" content="image/png">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');

    const url = await cardUrl(id);
    const puts = vi.spyOn(t.ctx.storage, "put");
    try {
      const first = await Promise.all([get(url), get(url), get(url)]);
      for (const response of first) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers["content-type"]).toBe("image/png");
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
        expect(response.rawPayload.equals(first[0]?.rawPayload as Buffer)).toBe(true);
      }
      const { format, width, height } = await sharp(first[0]?.rawPayload).metadata();
      expect({ format, width, height }).toEqual({ format: "png", width: 1200, height: 630 });

      const again = await get(url);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first[0]?.rawPayload as Buffer)).toBe(true);
      expect(puts.mock.calls.map(([key]) => key)).toEqual([cardFile(url)]);
    } finally {
      puts.mockRestore();
    }
  });

  it("gives a new cover a new card and points the old card's address at it", async () => {
    const id = uniqueId("og-svg");
    // The seed's generated covers are SVGs at `covers/{id}.svg`.
    const svg = renderCoverSvg({ id, title: "A Lantern Keeper", authors: ["Ada Lovelace"], genre: "fantasy" });
    const svgUrl = await t.ctx.storage.put(`covers/${id}.svg`, new TextEncoder().encode(svg), "image/svg+xml");
    await createBook(testDb.db, { book: { id, imageUrl: svgUrl } });
    const before = await cardUrl(id);
    const drawn = await get(before);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(await sharp(drawn.rawPayload).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });

    const jpegUrl = await t.ctx.storage.put(`books/${id}/cover-1.jpg`, corpusFile(MEDIUM_CORPUS_COVER), "image/jpeg");
    await testDb.db.updateTable("books").set({ imageUrl: jpegUrl }).where("id", "=", id).execute();
    const after = await cardUrl(id);
    expect(after).not.toBe(before);
    const moved = await get(before);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(after);
    const redrawn = await get(after);
    expect(redrawn.statusCode, redrawn.body).toBe(200);
    expect(redrawn.rawPayload.equals(drawn.rawPayload)).toBe(false);
    // The replaced card is gone from storage; only the current one is kept.
    expect(await t.ctx.storage.exists(cardFile(before))).toBe(false);
    expect(await t.ctx.storage.exists(cardFile(after))).toBe(true);
  });

  it("answers 404 for a hidden book's card, to visitors and other readers, and for made-up addresses", async () => {
    const id = await bookWithCover();
    const url = await cardUrl(id);
    expect((await get(url)).statusCode).toBe(200);
    await testDb.db.updateTable("books").set({ display: 0 }).where("id", "=", id).execute();
    const other = await createSignedInUser(testDb.db);
    for (const headers of [{}, other.headers]) {
      expect((await get(url, headers)).statusCode).toBe(404);
      expect((await get(`/books/${id}`, headers)).statusCode).toBe(404);
    }
    // Nor is the stored card reachable as a file.
    expect((await get(`/files/${cardFile(url)}`)).statusCode).toBe(404);

    const shown = await bookWithCover();
    const noCover = uniqueId("og-none");
    await createBook(testDb.db, { book: { id: noCover, imageUrl: null } });
    for (const path of [
      `/og/books/${shown}/not-a-card.png`,
      `/og/books/${shown}/0123456789abcdef.jpg`,
      `/og/books/missing-book/0123456789abcdef.png`,
      `/og/books/${noCover}/0123456789abcdef.png`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });
});
