import { describe, expect, it } from "vitest";
import { createBook, createCategory, createGenre, createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";

describe.each(dialectsUnderTest())("after-reading API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  type Headers = Record<string, string>;
  const afterReading = (bookId: string, headers: Headers = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/books/${bookId}/after-reading`, headers });
  const ids = (books: { id: string }[]) => books.map((book) => book.id);
  const finish = async (bookId: string, headers: Headers) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/books/${bookId}/progress/finish`,
      headers,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const authoredBy = async (authorId: string, score: number, book: Record<string, unknown> = {}) => {
    const created = await createBook(testDb.db, {
      book: { authorIds: toJson([authorId]), interactionScore: score, ...book },
    });
    await testDb.db.insertInto("bookAuthors").values({ bookId: created.id, authorId, position: 0 }).execute();
    return created;
  };

  it("offers the author's other books by account, popular first, never hidden, unscheduled or the book itself", async () => {
    const author = await createUser(testDb.db);
    const read = await authoredBy(author.id, 10);
    const popular = await authoredBy(author.id, 50);
    const quiet = await authoredBy(author.id, 20);
    const scheduled = await authoredBy(author.id, 30, { status: "scheduled" });
    await authoredBy(author.id, 90, { display: 0 });
    await authoredBy(author.id, 80, { status: "wip" });
    // The same name on a book of another account is another author.
    await createBook(testDb.db, { book: { authors: read.authors, interactionScore: 70 } });

    const response = await afterReading(read.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response.json().moreByAuthor)).toEqual([popular.id, scheduled.id, quiet.id]);
  });

  it("matches books without author accounts by the author's name", async () => {
    const name = `Jane 100% Austen_${Math.random()}`;
    const read = await createBook(testDb.db, { book: { source: "public-domain", authors: toJson([name]) } });
    const sameName = await createBook(testDb.db, {
      book: { source: "public-domain", authors: toJson(["Cassandra Austen", name]) },
    });
    // `%` and `_` in the name are matched as themselves, not as wildcards.
    await createBook(testDb.db, { book: { authors: toJson([name.replace("100% ", "100 and ").replace("_", "-")]) } });
    const answer = (await afterReading(read.id)).json();
    expect(ids(answer.moreByAuthor)).toEqual([sameName.id]);
  });

  it("computes 'also read' from real finishes and leaves out what the viewer finished", async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createBook(testDb.db)));
    if (!a || !b || !c || !d) throw new Error("books");
    const first = await createSignedInUser(testDb.db);
    const second = await createSignedInUser(testDb.db);
    const third = await createSignedInUser(testDb.db);
    // Two readers finished A and B; one finished A and C; D was only started.
    for (const reader of [first, second]) {
      await finish(a.id, reader.headers);
      await finish(b.id, reader.headers);
    }
    await finish(c.id, first.headers);
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/books/${d.id}/progress`,
      headers: second.headers,
      payload: { progress: 50, currentChapter: "chapter-1", epubPosition: { anchorId: "chapter-1", offset: 0.5 } },
    });

    await finish(a.id, third.headers);
    expect(ids((await afterReading(a.id, third.headers)).json().alsoRead)).toEqual([b.id, c.id]);
    // A visitor sees the same; a reader who finished B too is offered only C.
    expect(ids((await afterReading(a.id)).json().alsoRead)).toEqual([b.id, c.id]);
    await finish(b.id, third.headers);
    expect(ids((await afterReading(a.id, third.headers)).json().alsoRead)).toEqual([c.id]);
    // Nobody else finished D's readers' books: D's own row is empty.
    expect((await afterReading(d.id)).json().alsoRead).toEqual([]);
  });

  it("offers the book's first category by popularity, leaving out books in the other rows", async () => {
    const author = await createUser(testDb.db);
    const category = await createCategory(testDb.db);
    const genre = await createGenre(testDb.db);
    const inCategory = { categories: [{ id: category.id, position: 1 }], genres: [genre.id] };
    const read = await createBook(testDb.db, { ...inCategory, book: { authorIds: toJson([author.id]) } });
    await testDb.db.insertInto("bookAuthors").values({ bookId: read.id, authorId: author.id, position: 0 }).execute();
    const byAuthor = await authoredBy(author.id, 5);
    await testDb.db
      .insertInto("categoryBooks")
      .values({ categoryId: category.id, bookId: byAuthor.id, position: 2 })
      .execute();
    const top = await createBook(testDb.db, { ...inCategory, book: { interactionScore: 40 } });
    const second = await createBook(testDb.db, { ...inCategory, book: { interactionScore: 30 } });
    await createBook(testDb.db, { ...inCategory, book: { interactionScore: 99, display: 0 } });
    const genreOnly = await createBook(testDb.db, { genres: [genre.id], book: { interactionScore: 99 } });

    const answer = (await afterReading(read.id)).json();
    expect(ids(answer.moreByAuthor)).toEqual([byAuthor.id]);
    expect(ids(answer.nextInCategory)).toEqual([top.id, second.id]);
    expect(answer.nextInCategory[0]).toMatchObject({ id: top.id, title: top.title, categoryRefs: [category.id] });

    // Without a category, the first genre is the shelf.
    const uncategorised = await createBook(testDb.db, {
      genres: [genre.id],
      book: { authors: toJson([`Solo ${genre.id}`]) },
    });
    expect(ids((await afterReading(uncategorised.id)).json().nextInCategory)).toContain(genreOnly.id);
  });

  it("caps each row", async () => {
    const author = await createUser(testDb.db);
    const read = await authoredBy(author.id, 0);
    for (let index = 0; index < 8; index++) await authoredBy(author.id, index);
    expect((await afterReading(read.id)).json().moreByAuthor).toHaveLength(6);
  });

  it("answers a hidden or missing book like a missing one, to visitors and readers alike", async () => {
    const hidden = await createBook(testDb.db, { book: { display: 0 } });
    const reader = await createSignedInUser(testDb.db);
    for (const response of [
      await afterReading(hidden.id),
      await afterReading(hidden.id, reader.headers),
      await afterReading("no-such-book"),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Book not found");
    }
  });
});
