import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { chunksOf } from "../../db/chunks";
import { parseJson, toJson } from "../../db/json";
import type { BookDataRow, BookRow, Database } from "../../db/schema";
import { bookClassificationRepository } from "../catalog";

type Db = Kysely<Database> | Transaction<Database>;

/** Community books have one version: chapters are edited in place, so readers always get the latest text. */
export const COMMUNITY_VERSION = "1";

/** Rows per INSERT of user events: far inside both dialects' bound-parameter limits. */
const EVENT_CHUNK = 200;

export interface StudioChapterRow {
  anchorId: string;
  name: string;
  chapterNumber: number;
  wordCount: number;
  updatedAt: string;
}

export interface EditableBook {
  book: BookRow;
  data: BookDataRow | undefined;
  authorIds: string[];
  genreRefs: string[];
  categoryRefs: string[];
}

/** Every SQL statement of the studio: books, their book data, chapters and their Markdown sources. */
export class StudioRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async userForStudio(userId: string, db: Db = this.db) {
    return db
      .selectFrom("users")
      .leftJoin("authors", "authors.id", "users.id")
      .select([
        "users.id",
        "users.firstName",
        "users.lastName",
        "users.username",
        "users.roles",
        "authors.name as authorName",
      ])
      .where("users.id", "=", userId)
      .executeTakeFirst();
  }

  async insertAuthor(trx: Transaction<Database>, author: { id: string; name: string }): Promise<void> {
    await trx
      .insertInto("authors")
      .values(author)
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
  }

  async setRoles(trx: Transaction<Database>, userId: string, roles: string[], now: string): Promise<void> {
    await trx
      .updateTable("users")
      .set({ roles: toJson(roles), updatedAt: now })
      .where("id", "=", userId)
      .execute();
  }

  async author(id: string, db: Db = this.db) {
    return db.selectFrom("authors").select(["id", "name", "nReaders"]).where("id", "=", id).executeTakeFirst();
  }

  /** Every book this user is an author of, newest first. */
  async booksOfAuthor(
    userId: string,
  ): Promise<{ book: BookRow; wordCount: number; genreRefs: string[]; categoryRefs: string[] }[]> {
    const rows = await this.db
      .selectFrom("bookAuthors")
      .innerJoin("books", "books.id", "bookAuthors.bookId")
      .leftJoin("bookData", "bookData.bookId", "books.id")
      .selectAll("books")
      .select("bookData.wordCount as dataWordCount")
      .where("bookAuthors.authorId", "=", userId)
      .orderBy("books.addedDate", "desc")
      .orderBy("books.id", "desc")
      .execute();
    const refs = await this.refsOf(rows.map((row) => row.id));
    return rows.map(({ dataWordCount, ...book }) => ({
      book,
      wordCount: dataWordCount ?? 0,
      genreRefs: refs.genres.get(book.id) ?? [],
      categoryRefs: refs.categories.get(book.id) ?? [],
    }));
  }

  async findEditableBook(bookId: string, db: Db = this.db): Promise<EditableBook | undefined> {
    const book = await db.selectFrom("books").selectAll().where("id", "=", bookId).executeTakeFirst();
    if (!book) return undefined;
    const [data, authors, refs] = await Promise.all([
      db.selectFrom("bookData").selectAll().where("bookId", "=", bookId).executeTakeFirst(),
      db.selectFrom("bookAuthors").select("authorId").where("bookId", "=", bookId).orderBy("position").execute(),
      this.refsOf([bookId], db),
    ]);
    return {
      book,
      data,
      authorIds: authors.map((row) => row.authorId),
      genreRefs: refs.genres.get(bookId) ?? [],
      categoryRefs: refs.categories.get(bookId) ?? [],
    };
  }

  private async refsOf(bookIds: string[], db: Db = this.db) {
    const genres = new Map<string, string[]>();
    const categories = new Map<string, string[]>();
    if (bookIds.length === 0) return { genres, categories };
    const [genreRows, categoryRows] = await Promise.all([
      db
        .selectFrom("bookGenres")
        .select(["bookId", "genreId"])
        .where("bookId", "in", bookIds)
        .orderBy("genreId")
        .execute(),
      db
        .selectFrom("categoryBooks")
        .select(["bookId", "categoryId"])
        .where("bookId", "in", bookIds)
        .orderBy("categoryId")
        .execute(),
    ]);
    for (const row of genreRows) genres.set(row.bookId, [...(genres.get(row.bookId) ?? []), row.genreId]);
    for (const row of categoryRows) {
      categories.set(row.bookId, [...(categories.get(row.bookId) ?? []), row.categoryId]);
    }
    return { genres, categories };
  }

  /**
   * Takes the book's row lock (PostgreSQL) for the rest of the transaction, so two edits of one book's
   * chapters run one after the other; SQLite's BEGIN IMMEDIATE already serialises every write.
   */
  async lockBook(trx: Transaction<Database>, bookId: string): Promise<boolean> {
    const result = await trx
      .updateTable("books")
      .set((eb) => ({ title: eb.ref("title") }))
      .where("id", "=", bookId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertBook(
    trx: Transaction<Database>,
    book: Insertable<Database["books"]>,
    data: Insertable<Database["bookData"]>,
    authorId: string,
  ): Promise<void> {
    await trx.insertInto("books").values(book).execute();
    await trx.insertInto("bookData").values(data).execute();
    await trx.insertInto("bookAuthors").values({ bookId: book.id, authorId, position: 0 }).execute();
  }

  async updateBook(trx: Transaction<Database>, bookId: string, changes: Updateable<Database["books"]>): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await trx.updateTable("books").set(changes).where("id", "=", bookId).execute();
  }

  async updateBookData(
    trx: Transaction<Database>,
    bookId: string,
    changes: Updateable<Database["bookData"]>,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await trx.updateTable("bookData").set(changes).where("bookId", "=", bookId).execute();
  }

  async existingIds(table: "genres" | "categories", ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom(table).select("id").where("id", "in", ids).execute();
    return rows.map((row) => row.id);
  }

  /** The book's categories become exactly these; a category it joins gets it at its end. */
  async replaceCategories(trx: Transaction<Database>, bookId: string, categoryIds: string[]): Promise<void> {
    const current = await trx.selectFrom("categoryBooks").select("categoryId").where("bookId", "=", bookId).execute();
    const gone = current.map((row) => row.categoryId).filter((id) => !categoryIds.includes(id));
    if (gone.length > 0) {
      await trx.deleteFrom("categoryBooks").where("bookId", "=", bookId).where("categoryId", "in", gone).execute();
    }
    for (const categoryId of categoryIds) {
      if (!current.some((row) => row.categoryId === categoryId)) {
        await bookClassificationRepository.appendToCategory(trx, bookId, categoryId);
      }
    }
  }

  async chapters(bookId: string, db: Db = this.db): Promise<StudioChapterRow[]> {
    return communityChapters(db, bookId).orderBy("chapters.chapterNumber").execute();
  }

  async chapter(bookId: string, anchorId: string, db: Db = this.db) {
    return communityChapters(db, bookId)
      .select(["chapters.html", "chapterSources.markdown"])
      .where("chapters.anchorId", "=", anchorId)
      .executeTakeFirst();
  }

  async insertChapter(
    trx: Transaction<Database>,
    chapter: { bookId: string; anchorId: string; name: string; chapterNumber: number; html: string; wordCount: number },
    markdown: string,
    now: string,
  ): Promise<void> {
    await trx
      .insertInto("chapters")
      .values({ ...chapter, version: COMMUNITY_VERSION })
      .execute();
    await trx
      .insertInto("chapterSources")
      .values({ bookId: chapter.bookId, anchorId: chapter.anchorId, markdown, updatedAt: now })
      .execute();
  }

  async updateChapter(
    trx: Transaction<Database>,
    key: { bookId: string; anchorId: string },
    chapter: { name: string; html: string; wordCount: number },
    markdown: string,
    now: string,
  ): Promise<void> {
    await trx
      .updateTable("chapters")
      .set(chapter)
      .where("bookId", "=", key.bookId)
      .where("version", "=", COMMUNITY_VERSION)
      .where("anchorId", "=", key.anchorId)
      .execute();
    await trx
      .insertInto("chapterSources")
      .values({ ...key, markdown, updatedAt: now })
      .onConflict((conflict) => conflict.columns(["bookId", "anchorId"]).doUpdateSet({ markdown, updatedAt: now }))
      .execute();
  }

  async deleteChapter(trx: Transaction<Database>, bookId: string, anchorId: string): Promise<void> {
    await trx.deleteFrom("chapterSources").where("bookId", "=", bookId).where("anchorId", "=", anchorId).execute();
    await trx
      .deleteFrom("chapters")
      .where("bookId", "=", bookId)
      .where("version", "=", COMMUNITY_VERSION)
      .where("anchorId", "=", anchorId)
      .execute();
  }

  async setChapterNumber(trx: Transaction<Database>, bookId: string, anchorId: string, chapterNumber: number) {
    await trx
      .updateTable("chapters")
      .set({ chapterNumber })
      .where("bookId", "=", bookId)
      .where("version", "=", COMMUNITY_VERSION)
      .where("anchorId", "=", anchorId)
      .execute();
  }

  /** Every anchor the book's chapters have, in any order. */
  async anchors(trx: Transaction<Database>, bookId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom("chapters")
      .select("anchorId")
      .where("bookId", "=", bookId)
      .where("version", "=", COMMUNITY_VERSION)
      .execute();
    return rows.map((row) => row.anchorId);
  }

  /** Subscribers to a book's launch: whom a launch notifies. */
  async launchSubscribers(trx: Transaction<Database>, bookId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom("launchSubscriptions")
      .select("userId")
      .where("bookId", "=", bookId)
      .orderBy("createdAt")
      .execute();
    return rows.map((row) => row.userId);
  }

  /** Schedules the book unless it has launched meanwhile: a conditional update, so a racing launch wins. */
  async markScheduled(bookId: string, launchDate: string): Promise<boolean> {
    const result = await this.db
      .updateTable("books")
      .set({ status: "scheduled", launchedDate: launchDate, display: 1 })
      .where("id", "=", bookId)
      .where("status", "in", ["wip", "scheduled"])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Launches the book if it is still in one of `from` (and, for the worker, due): one conditional
   * update, so of two processes launching the same book exactly one gets the row.
   */
  async markLaunched(
    trx: Transaction<Database>,
    bookId: string,
    change: { from: string[]; dueBy?: string; now: string; show: boolean },
  ): Promise<{ title: string } | undefined> {
    let query = trx
      .updateTable("books")
      .set({ status: "launched", launchedDate: change.now, ...(change.show ? { display: 1 as const } : {}) })
      .where("id", "=", bookId)
      .where("status", "in", change.from);
    if (change.dueBy) query = query.where("launchedDate", "<=", change.dueBy);
    return query.returning("title").executeTakeFirst();
  }

  /** Scheduled books whose launch date has come, oldest first. */
  async dueScheduledBooks(now: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("books")
      .select("id")
      .where("status", "=", "scheduled")
      .where("launchedDate", "<=", now)
      .orderBy("launchedDate")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async firstAuthor(trx: Transaction<Database>, bookId: string) {
    return trx
      .selectFrom("bookAuthors")
      .innerJoin("authors", "authors.id", "bookAuthors.authorId")
      .select(["authors.id", "authors.name"])
      .where("bookAuthors.bookId", "=", bookId)
      .orderBy("bookAuthors.position")
      .executeTakeFirst();
  }

  async insertUserEvents(trx: Transaction<Database>, events: Insertable<Database["userEvents"]>[]): Promise<void> {
    for (const chunk of chunksOf(events, EVENT_CHUNK)) await trx.insertInto("userEvents").values(chunk).execute();
  }
}

export function rolesOf(json: string): string[] {
  return parseJson<string[]>(json, []);
}

/** A community book's chapters as the studio lists them (the studio edits the one community version). */
function communityChapters(db: Db, bookId: string) {
  return db
    .selectFrom("chapters")
    .leftJoin("chapterSources", (join) =>
      join
        .onRef("chapterSources.bookId", "=", "chapters.bookId")
        .onRef("chapterSources.anchorId", "=", "chapters.anchorId"),
    )
    .innerJoin("books", "books.id", "chapters.bookId")
    .select([
      "chapters.anchorId",
      "chapters.name",
      "chapters.chapterNumber",
      "chapters.wordCount",
      // Chapters without a Markdown source (none today) show when their book was added.
      (eb) => eb.fn.coalesce("chapterSources.updatedAt", "books.addedDate").as("updatedAt"),
    ])
    .where("chapters.bookId", "=", bookId)
    .where("chapters.version", "=", COMMUNITY_VERSION);
}
