import {
  BOOK_TITLE_MAX_LENGTH,
  countHtmlWords,
  type StudioBook,
  type StudioChapter,
  WORDS_PER_MINUTE,
} from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createCategory, createGenre, createSignedInUser } from "../../../test/factories";
import { movableClock } from "../../../test/movable-clock";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { parseJson } from "../../db/json";
import { jpegWithExif, pngOfExactly } from "../uploads/test-images";
import { multipartBody, studioClient } from "./studio-test-client";

describe.each(dialectsUnderTest())("author studio on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const clock = movableClock();
  const t = useTestApp(testDb, { clock: clock.now });
  const studio = studioClient(t, testDb);
  const { call, ok } = studio;

  describe("becoming an author", () => {
    it("creates the authors row with the display name and adds the author role, once", async () => {
      const user = await createSignedInUser(testDb.db, { firstName: "Mira", lastName: "Sol" });
      const first = await ok<{ author: unknown; roles: string[] }>(call("POST", "/api/v1/studio/author", user.headers));
      expect(first).toEqual({
        author: { id: user.user.id, name: "Mira Sol", nReaders: 0 },
        roles: ["reader", "author"],
      });
      const again = await ok(call("POST", "/api/v1/studio/author", user.headers));
      expect(again).toEqual(first);
      const row = await testDb.db
        .selectFrom("users")
        .select("roles")
        .where("id", "=", user.user.id)
        .executeTakeFirstOrThrow();
      expect(parseJson(row.roles, [])).toEqual(["reader", "author"]);
      const me = await ok<{ user: { roles: string[] } }>(call("GET", "/api/v1/me", user.headers));
      expect(me.user.roles).toContain("author");
    });

    it("needs a session, and a reader who is not an author cannot use the studio", async () => {
      const anonymous = await call("POST", "/api/v1/studio/author", {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe("No user logged in.");
      const reader = await createSignedInUser(testDb.db);
      for (const [method, url] of [
        ["GET", "/api/v1/studio/books"],
        ["POST", "/api/v1/studio/books"],
      ] as const) {
        const response = await call(method, url, reader.headers, method === "POST" ? { title: "Mine" } : undefined);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe("Become an author to write books in the studio.");
      }
    });
  });

  describe("books", () => {
    it("creates a hidden work in progress with its author, and lists the author's books only", async () => {
      const author = await studio.author();
      const other = await studio.author();
      const genre = await createGenre(testDb.db);
      const created = await studio.createBook(author.headers, {
        title: "  The Lantern Keeper ",
        summary: "Light against the dark.",
        teaser: "It begins with a spark.",
        genres: [genre.id],
        characters: [{ name: "Wren", description: "A keeper" }],
        moods: ["hopeful"],
      });
      expect(created.book).toMatchObject({
        title: "The Lantern Keeper",
        authors: ["Ada Quill"],
        authorIds: [author.user.id],
        source: "own",
        display: false,
        status: "wip",
        completionStatus: "wip",
        publishingLabel: "community-original",
        launchedDate: null,
        genreRefs: [genre.id],
      });
      expect(created).toMatchObject({
        teaser: "It begins with a spark.",
        characters: [{ name: "Wren", description: "A keeper" }],
        moods: ["hopeful"],
        wordCount: 0,
        chapters: [],
      });
      const bookAuthors = await testDb.db
        .selectFrom("bookAuthors")
        .selectAll()
        .where("bookId", "=", created.book.id)
        .execute();
      expect(bookAuthors).toEqual([{ bookId: created.book.id, authorId: author.user.id, position: 0 }]);
      await studio.createBook(other.headers, { title: "Someone else's" });
      const list = await ok<{ items: { book: { id: string } }[] }>(call("GET", "/api/v1/studio/books", author.headers));
      expect(list.items.map((item) => item.book.id)).toEqual([created.book.id]);
      // Hidden: visitors do not see it.
      expect((await call("GET", `/api/v1/books/${created.book.id}`, {})).statusCode).toBe(404);
    });

    it("edits the fields an author may set, and refuses unknown genres", async () => {
      const author = await studio.author();
      const genre = await createGenre(testDb.db);
      const { book } = await studio.createBook(author.headers);
      const edited = await ok<StudioBook>(
        call("PATCH", `/api/v1/studio/books/${book.id}`, author.headers, {
          title: "New Title",
          summary: "New summary",
          teaser: "New teaser",
          genres: [genre.id],
          characters: [{ name: "Ash", description: "" }],
          moods: ["dark", "tender"],
          completionStatus: "complete",
          display: true,
        }),
      );
      expect(edited.book).toMatchObject({
        title: "New Title",
        summary: "New summary",
        completionStatus: "complete",
        display: true,
      });
      expect(edited).toMatchObject({
        teaser: "New teaser",
        moods: ["dark", "tender"],
        characters: [{ name: "Ash", description: "" }],
      });
      expect(edited.book.genreRefs).toEqual([genre.id]);
      expect((await call("GET", `/api/v1/books/${book.id}`, {})).json().book.title).toBe("New Title");

      const hidden = await ok<StudioBook>(
        call("PATCH", `/api/v1/studio/books/${book.id}`, author.headers, { display: false }),
      );
      expect(hidden.book.display).toBe(false);
      expect((await call("GET", `/api/v1/books/${book.id}`, {})).statusCode).toBe(404);

      const unknown = await call("PATCH", `/api/v1/studio/books/${book.id}`, author.headers, {
        genres: ["no-such-genre"],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe("Pick genres from the list.");
      const empty = await call("PATCH", `/api/v1/studio/books/${book.id}`, author.headers, { title: "  " });
      expect(empty.statusCode).toBe(400);
    });

    it("caps titles at 150 characters with a clear message; a longer title from before the cap still saves the rest", async () => {
      const author = await studio.author();
      const tooLong = "T".repeat(BOOK_TITLE_MAX_LENGTH + 1);
      for (const [method, url] of [
        ["POST", "/api/v1/studio/books"],
        ["PATCH", `/api/v1/studio/books/${(await studio.createBook(author.headers)).book.id}`],
      ] as const) {
        const refused = await call(method, url, author.headers, { title: tooLong });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toMatchObject({
          code: "invalid-argument",
          message: "Invalid body: title: Keep the title to 150 characters or fewer.",
          details: [{ path: "title", message: "Keep the title to 150 characters or fewer." }],
        });
      }
      // Surrounding spaces are trimmed before counting.
      const atCap = await studio.createBook(author.headers, { title: ` ${"A".repeat(BOOK_TITLE_MAX_LENGTH)} ` });
      expect(atCap.book.title).toHaveLength(BOOK_TITLE_MAX_LENGTH);

      const legacyTitle = "L".repeat(300);
      await testDb.db.updateTable("books").set({ title: legacyTitle }).where("id", "=", atCap.book.id).execute();
      const summaryOnly = await ok<StudioBook>(
        call("PATCH", `/api/v1/studio/books/${atCap.book.id}`, author.headers, { summary: "Still editable." }),
      );
      expect(summaryOnly.book).toMatchObject({ title: legacyTitle, summary: "Still editable." });
    });

    it("leaves categories and the publishing label to administrators", async () => {
      const author = await studio.author();
      const { book } = await studio.createBook(author.headers);
      const category = await createCategory(testDb.db);
      for (const body of [{ categories: [category.id] }, { publishingLabel: "community-featured" }]) {
        const refused = await call("PATCH", `/api/v1/studio/books/${book.id}`, author.headers, body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.message).toBe(
          "Only administrators can set a book's categories and publishing label.",
        );
      }
      const admin = await createSignedInUser(testDb.db, { roles: JSON.stringify(["reader", "admin"]) });
      const featured = await ok<StudioBook>(
        call("PATCH", `/api/v1/studio/books/${book.id}`, admin.headers, {
          categories: [category.id],
          publishingLabel: "community-featured",
        }),
      );
      expect(featured.book).toMatchObject({ categoryRefs: [category.id], publishingLabel: "community-featured" });
      const unknown = await call("PATCH", `/api/v1/studio/books/${book.id}`, admin.headers, { categories: ["nope"] });
      expect(unknown.json().error.message).toBe("Pick categories from the list.");
      const cleared = await ok<StudioBook>(
        call("PATCH", `/api/v1/studio/books/${book.id}`, admin.headers, { categories: [] }),
      );
      expect(cleared.book.categoryRefs).toEqual([]);
    });

    it("stores an uploaded cover as a JPEG with thumbnails, and replaces the previous one", async () => {
      const author = await studio.author();
      const { book } = await studio.createBook(author.headers);
      const upload = async (bytes: Uint8Array) => {
        const body = await multipartBody(bytes, "cover.jpg");
        return t.app.inject({
          method: "POST",
          url: `/api/v1/studio/books/${book.id}/cover`,
          payload: body.payload,
          headers: { ...author.headers, "content-type": body.contentType },
        });
      };
      const first = await upload(await jpegWithExif(400, 600));
      expect(first.statusCode, first.body).toBe(200);
      const url = (first.json() as StudioBook).book.imageUrl as string;
      const key = t.ctx.storage.keyForUrl(url) as string;
      expect(key).toMatch(new RegExp(`^books/${book.id}/cover-\\d+\\.jpg$`));
      for (const size of ["268x268", "556x556"]) {
        const thumb = key.replace(/cover-(\d+)\.jpg$/, `thumbs/cover-$1_${size}.jpeg`);
        expect(await t.ctx.storage.exists(thumb), thumb).toBe(true);
      }
      clock.advance(1000);
      const second = await upload(await jpegWithExif(300, 450));
      expect(second.statusCode).toBe(200);
      expect(await t.ctx.storage.exists(key)).toBe(false);

      const tooBig = await upload(await pngOfExactly(256 * 1024 + 1));
      expect(tooBig.statusCode).toBe(413);
      const notImage = await upload(new TextEncoder().encode("<svg></svg>"));
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().error.message).toBe("Only JPG, JPEG, PNG, and WebP formats are allowed.");
    });
  });

  describe("chapters", () => {
    it("renders Markdown to sanitised HTML where the reader finds it, keeping word counts and time to read current", async () => {
      const author = await studio.author();
      const { book } = await studio.createBook(author.headers);
      const first = await studio.addChapter(
        author.headers,
        book.id,
        "Sparks",
        "It *began* with a spark.\n\n<script>alert(1)</script>",
      );
      expect(first.chapter).toMatchObject({ anchorId: "chapter-1", name: "Sparks", chapterNumber: 1 });
      expect(first.chapter.html).toBe(
        "<h2>Sparks</h2>\n<p>It <em>began</em> with a spark.</p>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
      );
      expect(first.chapter.wordCount).toBe(countHtmlWords(first.chapter.html));
      const long = Array.from({ length: 500 }, (_, i) => `word${i}`).join(" ");
      const second = await studio.addChapter(author.headers, book.id, "Embers", long);
      expect(second.chapter).toMatchObject({ anchorId: "chapter-2", chapterNumber: 2, wordCount: 501 });
      const total = first.chapter.wordCount + 501;
      expect(second.book).toMatchObject({ wordCount: total, timeToReadMinutes: Math.ceil(total / WORDS_PER_MINUTE) });

      const stored = await testDb.db
        .selectFrom("chapters")
        .innerJoin("bookData", "bookData.bookId", "chapters.bookId")
        .select([
          "chapters.version",
          "bookData.latestVersion",
          "chapters.html",
          "bookData.tocLength",
          "bookData.epubToc",
        ])
        .where("chapters.bookId", "=", book.id)
        .where("chapters.anchorId", "=", "chapter-1")
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ version: "1", latestVersion: "1", html: first.chapter.html, tocLength: 2 });
      expect(parseJson(stored.epubToc, [])).toEqual([
        { title: "Sparks", anchorId: "chapter-1", children: [] },
        { title: "Embers", anchorId: "chapter-2", children: [] },
      ]);
      // The public chapter list shows them once the book is visible.
      await ok(call("PATCH", `/api/v1/studio/books/${book.id}`, author.headers, { display: true }));
      const listed = (await call("GET", `/api/v1/books/${book.id}/chapters`, {})).json();
      expect(listed.items.map((chapter: { anchorId: string }) => chapter.anchorId)).toEqual(["chapter-1", "chapter-2"]);
    });

    it("edits a chapter's name and text, reads its Markdown back, and deletes it", async () => {
      const author = await studio.author();
      const bookId = await studio.bookWithChapters(author.headers, {
        One: "one two",
        Two: "three",
        Three: "four five six",
      });
      const edited = await ok<{ chapter: StudioChapter; book: StudioBook }>(
        call("PATCH", `/api/v1/studio/books/${bookId}/chapters/chapter-2`, author.headers, {
          name: "Second",
          markdown: "**bold** words here",
        }),
      );
      expect(edited.chapter).toMatchObject({ name: "Second", markdown: "**bold** words here", wordCount: 4 });
      expect(edited.chapter.html).toBe("<h2>Second</h2>\n<p><strong>bold</strong> words here</p>");
      const renamedOnly = await ok<{ chapter: StudioChapter }>(
        call("PATCH", `/api/v1/studio/books/${bookId}/chapters/chapter-2`, author.headers, { name: "Deux" }),
      );
      expect(renamedOnly.chapter).toMatchObject({ name: "Deux", markdown: "**bold** words here" });
      const read = await ok<{ chapter: StudioChapter }>(
        call("GET", `/api/v1/studio/books/${bookId}/chapters/chapter-2`, author.headers),
      );
      expect(read.chapter.markdown).toBe("**bold** words here");

      const afterDelete = await ok<StudioBook>(
        call("DELETE", `/api/v1/studio/books/${bookId}/chapters/chapter-1`, author.headers),
      );
      expect(afterDelete.chapters.map((c) => [c.anchorId, c.chapterNumber])).toEqual([
        ["chapter-2", 1],
        ["chapter-3", 2],
      ]);
      // "Deux" + three words, "Three" + three words.
      expect(afterDelete.wordCount).toBe(8);
      expect(
        await testDb.db.selectFrom("chapterSources").select("anchorId").where("bookId", "=", bookId).execute(),
      ).toHaveLength(2);
      const next = await studio.addChapter(author.headers, bookId, "Four", "x");
      expect(next.chapter.anchorId).toBe("chapter-4");
      const missing = await call("PATCH", `/api/v1/studio/books/${bookId}/chapters/chapter-1`, author.headers, {
        name: "x",
      });
      expect(missing.statusCode).toBe(404);
      expect(
        (await call("DELETE", `/api/v1/studio/books/${bookId}/chapters/chapter-1`, author.headers)).statusCode,
      ).toBe(404);
    });

    it("reorders chapters when the new order names each exactly once", async () => {
      const author = await studio.author();
      const bookId = await studio.bookWithChapters(author.headers, { A: "a", B: "b", C: "c" });
      const url = `/api/v1/studio/books/${bookId}/chapters/order`;
      const reordered = await ok<StudioBook>(
        call("PUT", url, author.headers, { anchorIds: ["chapter-3", "chapter-1", "chapter-2"] }),
      );
      expect(reordered.chapters.map((c) => [c.name, c.chapterNumber])).toEqual([
        ["C", 1],
        ["A", 2],
        ["B", 3],
      ]);
      const data = await testDb.db
        .selectFrom("bookData")
        .select("epubToc")
        .where("bookId", "=", bookId)
        .executeTakeFirstOrThrow();
      expect(parseJson<{ anchorId: string }[]>(data.epubToc, []).map((entry) => entry.anchorId)).toEqual([
        "chapter-3",
        "chapter-1",
        "chapter-2",
      ]);
      for (const anchorIds of [
        ["chapter-1", "chapter-2"],
        ["chapter-1", "chapter-1", "chapter-2"],
        ["chapter-1", "chapter-2", "chapter-9"],
      ]) {
        const refused = await call("PUT", url, author.headers, { anchorIds });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.message).toBe("The new order must name every chapter of the book exactly once.");
      }
    });
  });

  it("answers 404 on every studio route with an id to anyone but the book's authors and administrators", async () => {
    const author = await studio.author();
    const otherAuthor = await studio.author();
    const reader = await createSignedInUser(testDb.db);
    const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
    const publicDomain = await createBook(testDb.db, { book: { source: "public-domain" } });
    const cover = await multipartBody(await jpegWithExif(40, 60), "c.jpg");
    const routes = (id: string): [string, string, unknown?][] => [
      ["GET", `/api/v1/studio/books/${id}`],
      ["PATCH", `/api/v1/studio/books/${id}`, { title: "Stolen" }],
      ["GET", `/api/v1/studio/books/${id}/chapters`],
      ["POST", `/api/v1/studio/books/${id}/chapters`, { name: "Mine", markdown: "" }],
      ["GET", `/api/v1/studio/books/${id}/chapters/chapter-1`],
      ["PATCH", `/api/v1/studio/books/${id}/chapters/chapter-1`, { markdown: "gone" }],
      ["DELETE", `/api/v1/studio/books/${id}/chapters/chapter-1`],
      ["PUT", `/api/v1/studio/books/${id}/chapters/order`, { anchorIds: ["chapter-1"] }],
      ["POST", `/api/v1/studio/books/${id}/schedule`, { launchDate: "2099-01-01T00:00:00.000Z" }],
      ["POST", `/api/v1/studio/books/${id}/launch`],
      ["POST", `/api/v1/studio/books/${id}/cover`, "cover"],
    ];
    const send = (method: string, url: string, headers: Record<string, string>, body: unknown) =>
      body === "cover"
        ? t.app.inject({
            method: "POST",
            url,
            payload: cover.payload,
            headers: { ...headers, "content-type": cover.contentType },
          })
        : call(method as "GET", url, headers, body);

    for (const user of [otherAuthor, reader]) {
      for (const [method, url, body] of routes(bookId)) {
        const response = await send(method, url, user.headers, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.message).toBe("Book not found");
      }
    }
    // The studio is for community books only, even for their authors.
    await testDb.db
      .insertInto("bookAuthors")
      .values({ bookId: publicDomain.id, authorId: author.user.id, position: 0 })
      .execute();
    for (const [method, url, body] of routes(publicDomain.id)) {
      expect((await send(method, url, author.headers, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed.
    const after = await ok<StudioBook>(call("GET", `/api/v1/studio/books/${bookId}`, author.headers));
    expect(after.book).toMatchObject({ title: "A Studio Book", status: "wip", imageUrl: null });
    expect(after.chapters.map((c) => c.name)).toEqual(["One"]);
  });

  it("lets an administrator edit any community book", async () => {
    const author = await studio.author();
    const bookId = await studio.bookWithChapters(author.headers, { One: "text" });
    const admin = await createSignedInUser(testDb.db, { roles: JSON.stringify(["reader", "admin"]) });
    const edited = await ok<StudioBook>(
      call("PATCH", `/api/v1/studio/books/${bookId}`, admin.headers, { title: "Edited by admin" }),
    );
    expect(edited.book.title).toBe("Edited by admin");
    await ok(
      call("PATCH", `/api/v1/studio/books/${bookId}/chapters/chapter-1`, admin.headers, { markdown: "fixed typo" }),
    );
  });
});
