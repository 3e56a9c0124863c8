import { ANNOTATION_LIMITS, type Annotation, type AnnotationExport, newId } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { movableClock } from "../../../test/movable-clock";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { AccountDeletionRepository } from "../account-deletion/account-deletion.repository";

describe.each(dialectsUnderTest())("annotations on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const clock = movableClock();
  const t = useTestApp(testDb, { clock: clock.now });

  type Headers = Record<string, string>;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const annotationsUrl = (bookId: string) => `/api/v1/books/${bookId}/annotations`;
  const list = async (bookId: string, headers: Headers) =>
    (await call("GET", annotationsUrl(bookId), headers)).json().items as Annotation[];
  // createBook's chapter N holds "Chapter N" + "Words of chapter N.": "Words" follows 8 non-whitespace characters.
  const words = (chapter: number) => ({ anchorId: `chapter-${chapter}`, start: 8, end: 13, quote: "Words" });
  const create = async (bookId: string, headers: Headers, body: object) => {
    const response = await call("POST", annotationsUrl(bookId), headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Annotation;
  };

  it("creates bookmarks, highlights and notes, lists them in book order, privately", async () => {
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db, { chapters: 3 });
    const note = await create(book.id, reader.headers, {
      kind: "note",
      ...words(3),
      color: "green",
      note: "Remember this.",
    });
    expect(note).toEqual({
      id: expect.any(String),
      bookId: book.id,
      kind: "note",
      anchorId: "chapter-3",
      chapterName: "Chapter 3",
      start: 8,
      end: 13,
      quote: "Words",
      color: "green",
      note: "Remember this.",
      textChanged: false,
      createdAt: expect.any(String),
      updatedAt: note.createdAt,
    });
    const later = await create(book.id, reader.headers, {
      kind: "highlight",
      anchorId: "chapter-1",
      start: 15,
      end: 22,
      quote: "chapter",
    });
    expect(later).toMatchObject({ kind: "highlight", color: "yellow", note: null });
    const earlier = await create(book.id, reader.headers, { kind: "highlight", ...words(1), color: "pink" });
    const bookmark = await create(book.id, reader.headers, { kind: "bookmark", anchorId: "chapter-2", start: 0 });
    expect(bookmark).toMatchObject({ kind: "bookmark", start: 0, end: null, quote: null, color: null, note: null });
    // A highlight given a note is a note.
    const noted = await create(book.id, reader.headers, { kind: "highlight", ...words(2), note: "Hm." });
    expect(noted.kind).toBe("note");

    const response = await call("GET", annotationsUrl(book.id), reader.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect((response.json().items as Annotation[]).map((item) => item.id)).toEqual([
      earlier.id,
      later.id,
      bookmark.id,
      noted.id,
      note.id,
    ]);

    const someoneElse = await createSignedInUser(testDb.db);
    expect(await list(book.id, someoneElse.headers)).toEqual([]);
  });

  it("asks visitors to sign in", async () => {
    const book = await createBook(testDb.db);
    for (const response of [
      await call("GET", annotationsUrl(book.id), {}),
      await call("POST", annotationsUrl(book.id), {}, { kind: "bookmark", anchorId: "chapter-1", start: 0 }),
      await call("GET", "/api/v1/me/annotations/export", {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({ message: "Please login!", reason: "not_logged_in" });
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("answers a hidden book 404, a scheduled one 412 like its text, and an unknown chapter 404", async () => {
    const reader = await createSignedInUser(testDb.db);
    const hidden = await createBook(testDb.db, { book: { display: 0 } });
    const scheduled = await createBook(testDb.db, { book: { status: "scheduled" } });
    const bookmark = { kind: "bookmark", anchorId: "chapter-1", start: 0 };
    for (const response of [
      await call("GET", annotationsUrl(hidden.id), reader.headers),
      await call("POST", annotationsUrl(hidden.id), reader.headers, bookmark),
      await call("GET", annotationsUrl("no-such-book"), reader.headers),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Book not found!");
    }
    for (const response of [
      await call("GET", annotationsUrl(scheduled.id), reader.headers),
      await call("POST", annotationsUrl(scheduled.id), reader.headers, bookmark),
    ]) {
      expect(response.statusCode).toBe(412);
      expect(response.json().error.message).toBe("This book has not launched yet. Subscribe to hear when it does.");
    }
    const book = await createBook(testDb.db);
    const missing = await call("POST", annotationsUrl(book.id), reader.headers, { ...bookmark, anchorId: "nowhere" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      reason: "reader/chapter-not-found",
      details: { anchorId: "nowhere" },
    });
  });

  it("changes colour and note, and deletes; a note whose note is cleared is a highlight again", async () => {
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const highlight = await create(book.id, reader.headers, { kind: "highlight", ...words(1) });
    clock.advance(1000);
    const noted = await call("PATCH", `/api/v1/annotations/${highlight.id}`, reader.headers, {
      color: "blue",
      note: "Why?",
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.headers["cache-control"]).toBe("private, no-store");
    expect(noted.json()).toMatchObject({ id: highlight.id, kind: "note", color: "blue", note: "Why?" });
    expect(noted.json().updatedAt > highlight.updatedAt).toBe(true);
    const recoloured = await call("PATCH", `/api/v1/annotations/${highlight.id}`, reader.headers, { color: "pink" });
    expect(recoloured.json()).toMatchObject({ kind: "note", color: "pink", note: "Why?" });
    const cleared = await call("PATCH", `/api/v1/annotations/${highlight.id}`, reader.headers, { note: null });
    expect(cleared.json()).toMatchObject({ kind: "highlight", color: "pink", note: null });

    const bookmark = await create(book.id, reader.headers, { kind: "bookmark", anchorId: "chapter-1", start: 3 });
    const noBookmarkNote = await call("PATCH", `/api/v1/annotations/${bookmark.id}`, reader.headers, { note: "x" });
    expect(noBookmarkNote.statusCode).toBe(400);
    expect(noBookmarkNote.json().error.message).toBe("A bookmark has no colour or note.");

    const deleted = await call("DELETE", `/api/v1/annotations/${highlight.id}`, reader.headers);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect((await list(book.id, reader.headers)).map((item) => item.id)).toEqual([bookmark.id]);
    expect((await call("DELETE", `/api/v1/annotations/${highlight.id}`, reader.headers)).statusCode).toBe(404);
  });

  it("answers another user's annotation id exactly like a missing one, and changes nothing", async () => {
    const owner = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const mine = await create(book.id, owner.headers, { kind: "note", ...words(1), note: "Private." });
    for (const [method, payload] of [
      ["PATCH", { note: "Mine now." }],
      ["DELETE", undefined],
    ] as const) {
      for (const id of [mine.id, "no-such-annotation"]) {
        const response = await call(method, `/api/v1/annotations/${id}`, other.headers, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatchObject({ code: "not-found", message: "Annotation not found." });
      }
    }
    expect(await list(book.id, owner.headers)).toEqual([mine]);
  });

  it("refuses bad input with a message that says what is wrong", async () => {
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const long = "x".repeat(ANNOTATION_LIMITS.quoteMaxChars + 1);
    const cases: [object, string][] = [
      [{ kind: "highlight", ...words(1), quote: "Word" }, "quote must be the text from start to end."],
      [{ kind: "highlight", ...words(1), end: 8, quote: " " }, "quote must be the text from start to end."],
      [{ kind: "highlight", anchorId: "chapter-1", start: 0, end: long.length, quote: long }, "up to 4000 characters"],
      [{ kind: "note", ...words(1), note: "" }, "Write a note first."],
      [{ kind: "note", ...words(1), note: "n".repeat(ANNOTATION_LIMITS.noteMaxChars + 1) }, "up to 10000 characters"],
      [{ kind: "highlight", ...words(1), color: "purple" }, "color"],
      [{ kind: "bookmark", anchorId: "chapter-1", start: 0, color: "yellow" }, "color"],
      [{ kind: "highlight", ...words(1), start: -1 }, "start"],
      [{ kind: "scribble", ...words(1) }, "kind"],
    ];
    for (const [body, message] of cases) {
      const response = await call("POST", annotationsUrl(book.id), reader.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const highlight = await create(book.id, reader.headers, { kind: "highlight", ...words(1) });
    const empty = await call("PATCH", `/api/v1/annotations/${highlight.id}`, reader.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain("Change the colour or the note.");
    expect(await list(book.id, reader.headers)).toHaveLength(1);
  });

  it("keeps at most ANNOTATION_LIMITS.perBook annotations per reader and book", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const now = new Date().toISOString();
    const rows = Array.from({ length: ANNOTATION_LIMITS.perBook - 1 }, (_, index) => ({
      id: newId(),
      userId: reader.user.id,
      bookId: book.id,
      kind: "bookmark",
      anchorId: "chapter-1",
      startOffset: index,
      version: "1",
      chapterName: "Chapter 1",
      bookTitle: book.title,
      createdAt: now,
      updatedAt: now,
    }));
    for (let index = 0; index < rows.length; index += 200) {
      await testDb.db
        .insertInto("annotations")
        .values(rows.slice(index, index + 200))
        .execute();
    }
    await create(book.id, reader.headers, { kind: "highlight", ...words(1) });
    const over = await call("POST", annotationsUrl(book.id), reader.headers, { kind: "highlight", ...words(2) });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      message: "You can keep up to 1,000 bookmarks, highlights and notes in one book. Delete some to add more.",
      reason: "annotations/limit",
    });
    // The limit is per reader and per book.
    await create(book.id, other.headers, { kind: "highlight", ...words(1) });
    await create((await createBook(testDb.db)).id, reader.headers, { kind: "highlight", ...words(1) });
  });

  it("lets no more than the limit through when a reader's writes race", async () => {
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const now = new Date().toISOString();
    const almost = Array.from({ length: ANNOTATION_LIMITS.perBook - 3 }, (_, index) => ({
      id: newId(),
      userId: reader.user.id,
      bookId: book.id,
      kind: "bookmark",
      anchorId: "chapter-1",
      startOffset: index,
      version: "1",
      chapterName: "Chapter 1",
      bookTitle: book.title,
      createdAt: now,
      updatedAt: now,
    }));
    for (let index = 0; index < almost.length; index += 200) {
      await testDb.db
        .insertInto("annotations")
        .values(almost.slice(index, index + 200))
        .execute();
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", annotationsUrl(book.id), reader.headers, { kind: "highlight", ...words(1) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 201, 429, 429, 429, 429, 429, 429, 429,
    ]);
    const { n } = await testDb.db
      .selectFrom("annotations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", reader.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(ANNOTATION_LIMITS.perBook);
  });

  it("survives a new edition: kept, re-found by quote, and marked 'text changed' where the text is gone", async () => {
    const reader = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db, { chapters: 3 });
    const kept = await create(book.id, reader.headers, { kind: "highlight", ...words(1) });
    const rewritten = await create(book.id, reader.headers, { kind: "note", ...words(2), note: "Gone?" });
    const removedChapter = await create(book.id, reader.headers, { kind: "highlight", ...words(3) });
    const bookmark = await create(book.id, reader.headers, { kind: "bookmark", anchorId: "chapter-2", start: 4 });

    // Edition 2: chapter 1 gains a preface (the quote moves), chapter 2 is rewritten, chapter 3 is gone.
    const chapter = (anchorId: string, chapterNumber: number, html: string) => ({
      bookId: book.id,
      version: "2",
      anchorId,
      name: `New ${anchorId}`,
      chapterNumber,
      html,
      wordCount: 10,
    });
    await testDb.db
      .insertInto("chapters")
      .values([
        chapter("chapter-0", 1, "<p>A new preface.</p>"),
        chapter("chapter-1", 2, "<h2>Chapter 1</h2>\n<p>Foreword.</p>\n<p>Words &amp; more words of chapter 1.</p>"),
        chapter("chapter-2", 3, "<h2>Chapter 2</h2><p>Entirely new text.</p>"),
      ])
      .execute();
    await testDb.db.updateTable("bookData").set({ latestVersion: "2" }).where("bookId", "=", book.id).execute();

    const items = await list(book.id, reader.headers);
    expect(items.map((item) => [item.id, item.textChanged])).toEqual([
      [kept.id, false],
      [bookmark.id, false],
      [rewritten.id, true],
      [removedChapter.id, true],
    ]);
    // What was made stays as it was made: its chapter name, offsets and quote.
    expect(items[3]).toMatchObject({ anchorId: "chapter-3", chapterName: "Chapter 3", quote: "Words", start: 8 });
  });

  it("exports highlights and notes grouped by book, as Markdown and as JSON", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const zebra = await createBook(testDb.db, {
      book: { title: "Zebra Days", authors: JSON.stringify(["Z. Writer"]) },
    });
    const apple = await createBook(testDb.db, {
      book: { title: "Apple Orchard", authors: JSON.stringify(["A. Poet"]) },
    });
    await create(zebra.id, reader.headers, { kind: "highlight", ...words(1), color: "blue" });
    await create(apple.id, reader.headers, {
      kind: "note",
      anchorId: "chapter-2",
      start: 15,
      end: 23,
      quote: "chapter 2",
      note: "Second thoughts.",
    });
    await create(apple.id, reader.headers, { kind: "highlight", ...words(1) });
    await create(apple.id, reader.headers, { kind: "bookmark", anchorId: "chapter-1", start: 0, quote: "Chapter" });
    await create(apple.id, other.headers, { kind: "highlight", ...words(2) });
    // A book that is gone keeps its annotations and the title it had.
    const gone = await createBook(testDb.db, { book: { title: "Lost Book" } });
    await create(gone.id, reader.headers, { kind: "highlight", ...words(1) });
    await testDb.db.deleteFrom("books").where("id", "=", gone.id).execute();

    const json = await call("GET", "/api/v1/me/annotations/export?format=json", reader.headers);
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(json.headers["content-disposition"]).toBe('attachment; filename="quire-highlights.json"');
    expect(json.headers["cache-control"]).toBe("private, no-store");
    const document = json.json() as AnnotationExport;
    expect(document.books.map((book) => [book.title, book.authors, book.annotations.map((a) => a.quote)])).toEqual([
      ["Apple Orchard", ["A. Poet"], ["Words", "chapter 2"]],
      ["Lost Book", [], ["Words"]],
      ["Zebra Days", ["Z. Writer"], ["Words"]],
    ]);
    expect(document.books[0]?.annotations[1]).toEqual({
      kind: "note",
      chapter: "Chapter 2",
      anchorId: "chapter-2",
      start: 15,
      end: 23,
      quote: "chapter 2",
      note: "Second thoughts.",
      color: "yellow",
      textChanged: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const markdown = await call("GET", "/api/v1/me/annotations/export?format=markdown", reader.headers);
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers["content-disposition"]).toBe('attachment; filename="quire-highlights.md"');
    expect(markdown.body).toBe(
      `${[
        "# Highlights and notes",
        `Exported from Quire on ${document.exportedAt.slice(0, 10)}.`,
        "## Apple Orchard",
        "by A. Poet",
        "### Chapter 1",
        "> Words",
        "### Chapter 2",
        "> chapter 2",
        "**Note:** Second thoughts.",
        "## Lost Book",
        "### Chapter 1",
        "> Words",
        "## Zebra Days",
        "by Z. Writer",
        "### Chapter 1",
        "> Words",
      ].join("\n\n")}\n`,
    );
    // Markdown is the default format; an unknown one is refused.
    expect((await call("GET", "/api/v1/me/annotations/export", reader.headers)).body).toBe(markdown.body);
    expect((await call("GET", "/api/v1/me/annotations/export?format=csv", reader.headers)).statusCode).toBe(400);

    const nothing = await call("GET", "/api/v1/me/annotations/export?format=json", other.headers);
    expect((nothing.json() as AnnotationExport).books.map((book) => book.title)).toEqual(["Apple Orchard"]);
  });

  it("goes with the account: account deletion removes the reader's annotations and nobody else's", async () => {
    const leaver = await createSignedInUser(testDb.db);
    const stayer = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    await create(book.id, leaver.headers, { kind: "note", ...words(1), note: "Mine." });
    const kept = await create(book.id, stayer.headers, { kind: "highlight", ...words(1) });
    const repository = new AccountDeletionRepository(testDb.db);
    await testDb.db.transaction().execute((trx) => repository.deleteUser(leaver.user.id, trx));
    expect(
      await testDb.db.selectFrom("annotations").select("id").where("userId", "=", leaver.user.id).execute(),
    ).toEqual([]);
    expect(await list(book.id, stayer.headers)).toEqual([kept]);
  });
});
