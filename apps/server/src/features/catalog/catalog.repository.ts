import { type BookSort, type CursorKey, encodeCursor, type Page } from "@quire/core";
import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from "kysely";
import { BatchedRead } from "../../db/batched-read";
import { keysetAfter, keysetPage, readCursor } from "../../db/keyset";
import { param, ReusableQuery } from "../../db/reusable-query";
import type { BookDataRow, BookRow, ChapterRow, Database } from "../../db/schema";
import { bookDetailJson, bookJson } from "./catalog-json.repository";

export interface BookFilters {
  /** 1 shows visible books, 0 hidden ones (admins only); undefined shows both. */
  display: 0 | 1 | undefined;
  source?: string;
  status?: string;
  genre?: string;
  category?: string;
  completionStatus?: string;
}

type BooksQuery = SelectQueryBuilder<Database, "books", BookRow>;

/** A book row with its genre ids and its categories' `position id` pairs folded in as comma-joined text. */
export type ListedBookRow = BookRow & { genreRefs: string | null; categoryRefs: string | null };

/**
 * A list statement's row: a listed book's JSON and the key its page's cursor is made of. One-word names: the rows
 * come as the driver reads them, with nothing to camel-case.
 */
interface ListedBookJson {
  id: string;
  sort: string | number;
  json: string;
}

/** One list page to read: a keyset page (after `after`, when given), or a numbered one at `offset`. */
export interface ListPageRequest {
  filters: BookFilters;
  sort: BookSort;
  pageSize: number;
  after?: CursorKey;
  offset?: number;
}

/**
 * A list page's books as the API sends them: each book's JSON, joined by commas. `nextKey`: on a keyset page, the
 * last book's key when another page follows.
 */
export interface ListedPage {
  items: string;
  nextKey: CursorKey | undefined;
}

/** The most list pages one PostgreSQL statement reads; each number of pages is a statement of its own. */
export const MAX_LIST_PAGES_PER_STATEMENT = 8;

/** The book page's answer as JSON text, and whether the book is shown. */
export interface BookDetailJson {
  display: number;
  json: string;
}

const FILTER_KEYS = ["display", "source", "status", "genre", "category", "completionStatus"] as const;
/** The test `filtered` applies: a filter takes part in the statement's shape only when it would add a condition. */
const isSet = (filters: BookFilters, key: (typeof FILTER_KEYS)[number]) =>
  key === "display" ? filters.display !== undefined : Boolean(filters[key]);

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

const SORTS = {
  popular: { column: "interactionScore", direction: "desc", type: "number" },
  newest: { column: "addedDate", direction: "desc", type: "string" },
  title: { column: "title", direction: "asc", type: "string" },
} as const satisfies Record<BookSort, { column: keyof BookRow; direction: "asc" | "desc"; type: "string" | "number" }>;
type SortColumn = (typeof SORTS)[BookSort]["column"];
type Paging = "first" | "after" | "offset";
/** A page's keys, from `books` or from a genre's `genre_books` rows. */
type KeysQuery = SelectQueryBuilder<Database, "books" | "genreBooks", { sort: string | number; id: string }>;

/** Every SQL statement the catalogue reads with. */
export class CatalogRepository {
  private readonly bookWithDataQuery;
  /**
   * The book page's answer (`BookDetail` as JSON) and whether the book is shown, in one statement: batched on
   * PostgreSQL, where concurrent pages share one round trip; a row on SQLite.
   */
  readonly findBookDetailJson: (id: string) => Promise<BookDetailJson | undefined>;
  private readonly labelsOfBookQuery;
  /** Compiled list statements by shape: which filters are set, the sort, how it pages, the page size. */
  private readonly listQueries = new Map<string, ReusableQuery<ListedBookJson>>();
  /** PostgreSQL's, by shape and number of pages. */
  private readonly listBatchQueries = new Map<string, ReusableQuery<BatchedPageRow>>();
  /** On PostgreSQL, list pages of one shape asked for together are read by one statement. */
  private readonly batchesListPages: boolean;

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
    const bookDetail = db.selectFrom("books").innerJoin("bookJson", "bookJson.bookId", "books.id");
    const bookDetailQuery = new ReusableQuery(
      bookDetail
        .select(["books.display", bookDetailJson.as("json")])
        .where("books.id", "=", param("id"))
        .compile(),
    );
    const readOne = async (id: string) => (await bookDetailQuery.execute(db, { id }))[0];
    // Kysely's adapter names the dialect, so the repository is built the same way on both databases.
    this.batchesListPages = db.getExecutor().adapter instanceof PostgresAdapter;
    if (this.batchesListPages) {
      const bookDetailsQuery = new ReusableQuery(
        bookDetail
          .select(["books.id", "books.display", bookDetailJson.as("json")])
          .where("books.id", "=", sql<string>`any(${param("ids")})`)
          .compile(),
      );
      // A lone id goes out as `id = $1`: PostgreSQL keeps that statement's plan, while one for `any($1)` assumes
      // ten ids, so with one it was planned anew on every run, twice the lone page's time.
      const reads = new BatchedRead<string, BookDetailJson>(async (ids) => {
        if (ids.length === 1) {
          const [id] = ids as [string];
          const found = await readOne(id);
          return new Map(found ? [[id, found]] : []);
        }
        const rows = await bookDetailsQuery.execute(db, { ids });
        return new Map(rows.map(({ id, ...found }) => [id, found]));
      });
      // PostgreSQL refuses a NUL in text, which would fail the whole batch: no book id holds one.
      this.findBookDetailJson = async (id) => (id.includes("\u0000") ? undefined : reads.load(id));
    } else {
      this.findBookDetailJson = readOne;
    }
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
    return readCursor(cursor, { foreign: "refuse", sortType: SORTS[sort].type });
  }

  /**
   * List pages, in the requests' order. On PostgreSQL the pages of one shape go out in one statement (a row of
   * values per page), as a round trip costs this process and the database more than a page's rows; on SQLite each
   * runs its own statement, synchronously.
   */
  async listPages(requests: readonly ListPageRequest[]): Promise<ListedPage[]> {
    const asked = requests.map(listShape);
    if (!this.batchesListPages) {
      return Promise.all(
        asked.map(async (page) => pageFromRows(await this.listQuery(page).execute(this.db, page.values), page)),
      );
    }
    const byShape = new Map<string, number[]>();
    for (const [index, page] of asked.entries()) byShape.set(page.shape, [...(byShape.get(page.shape) ?? []), index]);
    const pages: ListedPage[] = new Array(requests.length);
    const statements: Promise<void>[] = [];
    for (const indexes of byShape.values()) {
      for (let start = 0; start < indexes.length; start += MAX_LIST_PAGES_PER_STATEMENT) {
        const together = indexes.slice(start, start + MAX_LIST_PAGES_PER_STATEMENT);
        const read = this.readPagesTogether(together.map((index) => asked[index] as ShapedPage));
        statements.push(
          read.then((found) => {
            for (const [n, index] of together.entries()) pages[index] = found[n] as ListedPage;
          }),
        );
      }
    }
    await Promise.all(statements);
    return pages;
  }

  /** Pages of one shape in one statement, each answered by one row (`n`: its place in the batch). */
  private async readPagesTogether(together: ShapedPage[]): Promise<ListedPage[]> {
    const values: Record<string, unknown> = {};
    for (const [n, page] of together.entries()) {
      for (const [name, value] of Object.entries(page.values)) values[`${name}${n}`] = value;
    }
    const pages: ListedPage[] = new Array(together.length);
    for (const row of await this.listBatchQuery(together[0] as ShapedPage, together.length).execute(this.db, values)) {
      const { request, paging } = together[row.n] as ShapedPage;
      const more = paging !== "offset" && row.found > request.pageSize;
      pages[row.n] = { items: row.items ?? "", nextKey: more ? [row.lastSort, row.lastId] : undefined };
    }
    return pages;
  }

  /** One keyset page, its cursor encoded, e.g. for a section of the home page. */
  async listBooksPage(
    filters: BookFilters,
    sort: BookSort,
    pageSize: number,
    cursor: string | undefined,
  ): Promise<{ items: string; nextCursor: string | null }> {
    const [page] = await this.listPages([{ filters, sort, pageSize, after: this.afterCursor(sort, cursor) }]);
    const { items, nextKey } = page as ListedPage;
    return { items, nextCursor: nextKey ? encodeCursor(nextKey) : null };
  }

  /**
   * The list statement of a shape, built and compiled on first use: building and compiling a Kysely query cost
   * more than running it. The page's keys first (an index walk), then those books' JSON: PostgreSQL reads only the
   * listed rows. The id tie-breaker runs in the same direction as the sort column, so the index serves the whole
   * ORDER BY (mixed directions make SQLite sort every match).
   */
  private listQuery({ shape, request, paging }: ShapedPage): ReusableQuery<ListedBookJson> {
    let query = this.listQueries.get(shape);
    if (!query) {
      const { direction } = SORTS[request.sort];
      const builder = this.db
        .selectFrom(this.pageKeysOf(request, paging, param).as("page"))
        .innerJoin("bookJson", "bookJson.bookId", "page.id")
        .select(["page.sort", "page.id", bookJson.as("json")])
        .orderBy("page.sort", direction)
        .orderBy("page.id", direction);
      query = new ReusableQuery(builder.compile());
      this.listQueries.set(shape, query);
    }
    return query;
  }

  /**
   * `size` pages of one shape in one PostgreSQL statement. A derived table holds a row of values per page (a
   * `union all` of that many rows, so the planner knows the count and keeps its plan, as it does not for an array's
   * `unnest`); each row's page is walked as the lone statement walks it (a lateral join) and answered as one row:
   * its books' JSON joined in page order, the rows found and the key of the page's last book. One row a page, not
   * one a book, cut this process's CPU a genre page by about an eighth (pg parses and keeps less) for more of
   * PostgreSQL's (the ordered aggregate); this process's one thread is what a busy server runs out of first.
   */
  private listBatchQuery({ shape, request, paging, values }: ShapedPage, size: number): ReusableQuery<BatchedPageRow> {
    const key = `${shape} ×${size}`;
    let query = this.listBatchQueries.get(key);
    if (!query) {
      const { direction, type } = SORTS[request.sort];
      const cast = (name: string) =>
        name === "display" || name === "offset"
          ? "integer"
          : name === "afterSort" && type === "number"
            ? "float8"
            : "text";
      const rows = Array.from({ length: size }, (_, n) =>
        this.db.selectNoFrom([
          sql.lit(n).as("n"),
          ...Object.keys(values).map((name) => sql`cast(${param(`${name}${n}`)} as ${sql.raw(cast(name))})`.as(name)),
        ]),
      );
      const batch = rows.slice(1).reduce((union, row) => union.unionAll(row), rows[0] as (typeof rows)[number]);
      const keys = this.pageKeysOf(request, paging, (name) => sql.ref(`batch.${name}`));
      const inPageOrder = sql.raw(`order by page.sort ${direction}, page.id ${direction}`);
      const ranked = this.db
        .selectFrom(keys.as("page"))
        .innerJoin("bookJson", "bookJson.bookId", "page.id")
        .select([
          "page.sort",
          "page.id",
          bookJson.as("json"),
          sql<number>`row_number() over (${inPageOrder})`.as("rank"),
        ]);
      const shown = sql.lit(request.pageSize);
      const page = this.db
        .selectFrom(ranked.as("ranked"))
        .select([
          sql<
            string | null
          >`string_agg(ranked.json, ',' order by ranked.rank) filter (where ranked.rank <= ${shown})`.as("items"),
          sql<number>`count(*)`.as("found"),
          sql<string | number>`max(ranked.sort) filter (where ranked.rank = ${shown})`.as("lastSort"),
          sql<string>`max(ranked.id) filter (where ranked.rank = ${shown})`.as("lastId"),
        ]);
      const builder = this.db
        .selectFrom(batch.as("batch"))
        .innerJoinLateral(page.as("page"), (join) => join.onTrue())
        .select([sql<number>`batch.n`.as("n"), "page.items", "page.found", "page.lastSort", "page.lastId"]);
      query = new ReusableQuery(builder.compile());
      this.listBatchQueries.set(key, query);
    }
    return query;
  }

  /**
   * The keys of a page of `request`'s shape, its values taken from `valueNamed`: the lone statement's parameters, or
   * a batch row's columns. Keyset pages read one row beyond the page: it tells whether another follows. The row
   * count is written into the statement (page sizes are few): bound as a parameter, PostgreSQL planned the statement
   * anew on every run, as a generic plan cannot know how many rows the limit keeps.
   */
  private pageKeysOf(request: ListPageRequest, paging: Paging, valueNamed: (name: string) => unknown) {
    const { column, direction } = SORTS[request.sort];
    const filters = Object.fromEntries(
      FILTER_KEYS.filter((key) => isSet(request.filters, key)).map((key) => [key, valueNamed(key)]),
    ) as unknown as BookFilters;
    const after =
      paging === "after" ? ([valueNamed("afterSort"), valueNamed("afterId")] as [string, string]) : undefined;
    const keys = this.pageKeys(filters, column, direction, after);
    const limit = sql.lit(paging === "offset" ? request.pageSize : request.pageSize + 1);
    return paging === "offset" ? keys.offset(valueNamed("offset") as number).limit(limit) : keys.limit(limit);
  }

  /**
   * A visible (or hidden) genre's books are walked from `genre_books`' index for the sort, in order, so the page's
   * keys are exactly the entries read, however common or rare the genre; the books themselves are read only for
   * the other filters. Other shapes walk the books' own sort index.
   */
  private walksGenre(filters: BookFilters): filters is BookFilters & { genre: string; display: 0 | 1 } {
    return Boolean(filters.genre) && filters.display !== undefined;
  }

  /** The (sort value, id) of the books matching `filters` in the sort's order, after `after` when given. */
  private pageKeys(
    filters: BookFilters,
    column: SortColumn,
    direction: "asc" | "desc",
    after: [string, string] | undefined,
  ): KeysQuery {
    if (!this.walksGenre(filters)) {
      const keys = this.filtered(filters)
        .clearSelect()
        .select([sql.ref<string | number>(`books.${column}`).as("sort"), "books.id"]);
      return keysetAfter(keys, { sort: `books.${column}`, id: "books.id", direction }, after) as unknown as KeysQuery;
    }
    const { genre, display, ...others } = filters;
    let ofGenre = this.db
      .selectFrom("genreBooks")
      .where("genreBooks.genreId", "=", genre)
      .where("genreBooks.display", "=", display) as unknown as KeysQuery;
    if (FILTER_KEYS.some((key) => isSet(others as BookFilters, key))) {
      // SQLite takes CROSS JOIN's tables in the order written: the genre's index first, then each book by id.
      // Typed as the books query `filtered` extends: every condition it adds names a books column.
      const withBooks = ofGenre.crossJoin("books").whereRef("books.id", "=", "genreBooks.bookId");
      ofGenre = this.filtered(
        { ...others, display: undefined },
        withBooks.selectAll("books") as unknown as BooksQuery,
      ).clearSelect() as unknown as KeysQuery;
    }
    const keys = ofGenre.select([
      sql.ref<string | number>(`genreBooks.${column}`).as("sort"),
      "genreBooks.bookId as id",
    ]) as unknown as KeysQuery;
    return keysetAfter(keys, { sort: `genreBooks.${column}`, id: "genreBooks.bookId", direction }, after);
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

/** A batched list statement's row: a whole page, `n` its place in the batch. */
interface BatchedPageRow {
  n: number;
  items: string | null;
  found: number;
  lastSort: string | number;
  lastId: string;
}

/** A list page and its statement's shape (what a statement is compiled for) and values, in the shape's order. */
interface ShapedPage {
  request: ListPageRequest;
  shape: string;
  paging: Paging;
  values: Record<string, unknown>;
}

function listShape(request: ListPageRequest): ShapedPage {
  const paging: Paging = request.offset !== undefined ? "offset" : request.after ? "after" : "first";
  const values: Record<string, unknown> = {};
  let shape = `${request.sort} ${paging} ${request.pageSize}`;
  for (const key of FILTER_KEYS) {
    if (!isSet(request.filters, key)) continue;
    values[key] = request.filters[key];
    shape += ` ${key}`;
  }
  if (request.after) [values.afterSort, values.afterId] = request.after;
  if (request.offset !== undefined) values.offset = request.offset;
  return { request, shape, paging, values };
}

/** A page from its statement's rows (page size + 1 on keyset pages: the extra row tells that more follow). */
function pageFromRows(rows: readonly ListedBookJson[], { request, paging }: ShapedPage): ListedPage {
  const { pageSize } = request;
  let items = "";
  for (const row of rows.slice(0, pageSize)) items += items === "" ? row.json : `,${row.json}`;
  const last = rows[pageSize - 1];
  const more = paging !== "offset" && rows.length > pageSize && last;
  return { items, nextKey: more ? [last.sort, last.id] : undefined };
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
