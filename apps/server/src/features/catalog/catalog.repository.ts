import type { BookSort, CursorKey, Page } from "@quire/core";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { batchedPointReads } from "../../db/batched-point-reads";
import { isPostgres } from "../../db/dialect";
import { keysetPage } from "../../db/keyset";
import { param, ReusableQuery } from "../../db/reusable-query";
import type { BookDataRow, BookRow, ChapterRow, Database } from "../../db/schema";
import { bookDetailJson } from "./catalog-json.repository";
import { type ListedPage, type ListPageRequest, ListPages } from "./list-pages.repository";

export interface BookFilters {
  /** 1 shows visible books, 0 hidden ones (admins only); undefined shows both. */
  display: 0 | 1 | undefined;
  source?: string;
  status?: string;
  genre?: string;
  category?: string;
  completionStatus?: string;
}

export type BooksQuery = SelectQueryBuilder<Database, "books", BookRow>;

/** A book row with its genre ids and its categories' `position id` pairs folded in as comma-joined text. */
export type ListedBookRow = BookRow & { genreRefs: string | null; categoryRefs: string | null };

/** The book page's answer as JSON text, and whether the book is shown. */
export interface BookDetailJson {
  display: number;
  json: string;
}

/**
 * Folds a book's genre and category ids into its row, so a page of books is one statement instead of a
 * second one to hydrate it. Ids are slugs (no comma, no space); the order is set when presenting.
 */
function withRefs<O>(query: SelectQueryBuilder<Database, "books", O>) {
  return query.select((eb) => [
    eb
      .selectFrom("bookGenres")
      .select((sub) => sql<string>`string_agg(${sub.ref("bookGenres.genreId")}, ',')`.as("refs"))
      .whereRef("bookGenres.bookId", "=", "books.id")
      .as("genreRefs"),
    eb
      .selectFrom("categoryBooks")
      .innerJoin("categories", "categories.id", "categoryBooks.categoryId")
      .select((sub) =>
        sql<string>`string_agg(cast(${sub.ref("categories.position")} as text) || ' ' || ${sub.ref("categories.id")}, ',')`.as(
          "refs",
        ),
      )
      .whereRef("categoryBooks.bookId", "=", "books.id")
      .as("categoryRefs"),
  ]);
}

/** Every SQL statement the catalogue reads with. */
export class CatalogRepository {
  private readonly bookWithDataQuery;
  /**
   * The book page's answer (`BookDetail` as JSON) and whether the book is shown, in one statement for all the
   * pages asked for at about the same time (see docs/catalog.md).
   */
  readonly findBookDetailJson: (id: string) => Promise<BookDetailJson | undefined>;
  private readonly labelsOfBookQuery;
  private readonly lists: ListPages;

  constructor(private readonly db: Kysely<Database>) {
    // The book page's read has a fixed shape: compiled once, run with each id.
    this.bookWithDataQuery = new ReusableQuery(
      withRefs(db.selectFrom("books").selectAll("books"))
        .leftJoin("bookData", "bookData.bookId", "books.id")
        .select([
          "bookData.bookId as dataBookId",
          "bookData.bookTeaser",
          "bookData.characters",
          "bookData.css",
          "bookData.tocLength",
          "bookData.moods",
          "bookData.timeToReadMinutes",
          "bookData.wordCount",
          "bookData.versionsMap",
          "bookData.latestVersion",
          "bookData.epubToc",
          "bookData.startAnchorId",
          "bookData.originalPublicationYear",
        ])
        .where("books.id", "=", param("id"))
        .compile(),
    );
    const bookDetailQuery = new ReusableQuery(
      db
        .selectFrom("bookJson")
        .select(["bookJson.display", bookDetailJson.as("json")])
        .where("bookJson.bookId", "=", param("key"))
        .compile(),
    );
    this.lists = new ListPages(db, isPostgres(db), (filters, from) => this.filtered(filters, from));
    this.findBookDetailJson = batchedPointReads(
      db,
      bookDetailQuery,
      ({ op, keys }) =>
        new ReusableQuery(
          db
            .selectFrom("bookJson")
            .select(["bookJson.bookId as key", "bookJson.display", bookDetailJson.as("json")])
            .where("bookJson.bookId", op, keys)
            .compile(),
        ),
    );
    this.labelsOfBookQuery = new ReusableQuery(
      db
        .selectFrom("bookGenres")
        .innerJoin("genres", "genres.id", "bookGenres.genreId")
        .select([
          sql<string>`'genre'`.as("kind"),
          "genres.id",
          "genres.displayName as name",
          sql<number>`0`.as("position"),
        ])
        .where("bookGenres.bookId", "=", param("id"))
        .unionAll(
          db
            .selectFrom("categoryBooks")
            .innerJoin("categories", "categories.id", "categoryBooks.categoryId")
            .select([sql<string>`'category'`.as("kind"), "categories.id", "categories.name", "categories.position"])
            .where("categoryBooks.bookId", "=", param("id")),
        )
        .orderBy("kind", "desc")
        .orderBy("position")
        .orderBy("name")
        .compile(),
    );
  }

  /** Visible-or-not books matching the browse filters; search narrows the same query to its matches. */
  filtered(filters: BookFilters, from: BooksQuery = this.db.selectFrom("books").selectAll("books")): BooksQuery {
    let query = from;
    if (filters.display !== undefined) query = query.where("books.display", "=", filters.display);
    if (filters.source) query = query.where("books.source", "=", filters.source);
    if (filters.status) query = query.where("books.status", "=", filters.status);
    if (filters.completionStatus) query = query.where("books.completionStatus", "=", filters.completionStatus);
    if (filters.genre) {
      const genre = filters.genre;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("bookGenres")
            .select("bookGenres.bookId")
            .whereRef("bookGenres.bookId", "=", "books.id")
            .where("bookGenres.genreId", "=", genre),
        ),
      );
    }
    if (filters.category) {
      const category = filters.category;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("categoryBooks")
            .select("categoryBooks.bookId")
            .whereRef("categoryBooks.bookId", "=", "books.id")
            .where("categoryBooks.categoryId", "=", category),
        ),
      );
    }
    return query;
  }

  /** The keyset position a list page's cursor names; a cursor this server did not make is refused. */
  afterCursor(sort: BookSort, cursor: string | undefined): CursorKey | undefined {
    return this.lists.afterCursor(sort, cursor);
  }

  /** List pages, in the requests' order (ListPages). */
  listPages(requests: readonly ListPageRequest[]): Promise<ListedPage[]> {
    return this.lists.listPages(requests);
  }

  /** One keyset page, its cursor encoded, e.g. for a section of the home page. */
  listBooksPage(filters: BookFilters, sort: BookSort, pageSize: number, cursor: string | undefined) {
    return this.lists.listBooksPage(filters, sort, pageSize, cursor);
  }

  async countBooks(filters: BookFilters): Promise<number> {
    const row = await this.filtered(filters)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async trendingBooks(limit: number): Promise<ListedBookRow[]> {
    return withRefs(this.db.selectFrom("books").selectAll("books"))
      .where("display", "=", 1)
      .where("status", "=", "launched")
      .orderBy("interactionScore", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  /** Community books launched between `since` and `until`, newest launch first. */
  async launchedCommunityBooks(
    since: string,
    until: string,
    pageSize: number,
    cursor: string | undefined,
  ): Promise<Page<ListedBookRow>> {
    const query = withRefs(this.db.selectFrom("books").selectAll("books"))
      .where("source", "=", "own")
      .where("status", "=", "launched")
      .where("display", "=", 1)
      .where("launchedDate", ">=", since)
      .where("launchedDate", "<=", until);
    return keysetPage(query, {
      cursor,
      foreign: "refuse",
      sort: "launchedDate",
      id: "id",
      direction: "desc",
      limit: pageSize,
      keyOf: (row) => [row.launchedDate, row.id],
    });
  }

  /** A book, its genre and category ids and its book data in one round trip (no data: undefined). */
  async findBookWithData(id: string): Promise<{ book: ListedBookRow; data: BookDataRow | undefined } | undefined> {
    const [row] = await this.bookWithDataQuery.execute(this.db, { id });
    if (!row) return undefined;
    const { dataBookId, ...rest } = row;
    const { bookTeaser, characters, css, tocLength, moods, timeToReadMinutes, wordCount, ...withoutData } = rest;
    const { versionsMap, latestVersion, epubToc, startAnchorId, originalPublicationYear, ...book } = withoutData;
    // A left join types every book-data column as nullable; they are all present when the row is.
    const data: BookDataRow | undefined =
      dataBookId === null
        ? undefined
        : ({
            bookId: dataBookId,
            bookTeaser,
            characters,
            css,
            tocLength,
            moods,
            timeToReadMinutes,
            wordCount,
            versionsMap,
            latestVersion,
            epubToc,
            startAnchorId,
            originalPublicationYear,
          } as BookDataRow);
    return { book, data };
  }

  /** The genres (by name) and categories (by position) of one book, in one round trip. */
  async labelsOfBook(bookId: string) {
    const rows = await this.labelsOfBookQuery.execute(this.db, { id: bookId });
    return {
      genres: rows.filter((row) => row.kind === "genre").map(({ id, name }) => ({ id, displayName: name })),
      categories: rows.filter((row) => row.kind === "category").map(({ id, name }) => ({ id, name })),
    };
  }

  /** Genre and category ids of many books at once, for hydrating a page of books. */
  async bookRefs(
    bookIds: readonly string[],
  ): Promise<{ genres: Map<string, string[]>; categories: Map<string, string[]> }> {
    const genres = new Map<string, string[]>();
    const categories = new Map<string, string[]>();
    if (bookIds.length === 0) return { genres, categories };
    // One statement for both: a list of books is presented after one round trip more, not two.
    const rows = await this.db
      .selectFrom("bookGenres")
      .select(["bookId", "genreId as ref", sql<number>`0`.as("position"), sql<string>`'genre'`.as("kind")])
      .where("bookId", "in", bookIds)
      .unionAll(
        this.db
          .selectFrom("categoryBooks")
          .innerJoin("categories", "categories.id", "categoryBooks.categoryId")
          .select([
            "categoryBooks.bookId",
            "categoryBooks.categoryId as ref",
            "categories.position",
            sql<string>`'category'`.as("kind"),
          ])
          .where("categoryBooks.bookId", "in", bookIds),
      )
      .orderBy("bookId")
      .orderBy("position")
      .orderBy("ref")
      .execute();
    for (const row of rows) append(row.kind === "genre" ? genres : categories, row.bookId, row.ref);
    return { genres, categories };
  }

  /** One page of a version's chapters in reading order. */
  async chapters(
    bookId: string,
    version: string,
    pageSize: number,
    cursor: string | undefined,
  ): Promise<Page<Omit<ChapterRow, "html" | "version">>> {
    const query = this.db
      .selectFrom("chapters")
      .select(["bookId", "anchorId", "name", "chapterNumber", "wordCount", "role"])
      .where("bookId", "=", bookId)
      .where("version", "=", version);
    return keysetPage(query, {
      cursor,
      foreign: "refuse",
      sort: "chapterNumber",
      sortType: "number",
      id: "anchorId",
      direction: "asc",
      limit: pageSize,
      keyOf: (row) => [row.chapterNumber, row.anchorId],
    });
  }

  async listGenres() {
    return this.db.selectFrom("genres").select(["id", "displayName"]).orderBy("displayName").orderBy("id").execute();
  }

  async listCategories() {
    return this.db.selectFrom("categories").selectAll().orderBy("position").orderBy("id").execute();
  }

  /** Every (category, book) pair in category order, visible books only when asked. */
  async categoryBooks(visibleOnly: boolean) {
    let query = this.db
      .selectFrom("categoryBooks")
      .innerJoin("books", "books.id", "categoryBooks.bookId")
      .selectAll("books")
      .select(["categoryBooks.categoryId", "categoryBooks.position as categoryPosition"]);
    if (visibleOnly) query = query.where("books.display", "=", 1);
    return query.orderBy("categoryBooks.categoryId").orderBy("categoryBooks.position").orderBy("books.id").execute();
  }
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
