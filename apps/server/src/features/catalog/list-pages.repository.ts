import { type BookSort, type CursorKey, encodeCursor } from "@quire/core";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { keysetAfter, readCursor } from "../../db/keyset";
import { param, ReusableQuery } from "../../db/reusable-query";
import type { BookRow, Database } from "../../db/schema";
import type { BookFilters, BooksQuery } from "./catalog.repository";
import { bookJson } from "./catalog-json.repository";

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
export const MAX_LIST_PAGES_PER_STATEMENT = 16;

const FILTER_KEYS = ["display", "source", "status", "genre", "category", "completionStatus"] as const;
/** The test `filtered` applies: a filter takes part in the statement's shape only when it would add a condition. */
const isSet = (filters: BookFilters, key: (typeof FILTER_KEYS)[number]) =>
  key === "display" ? filters.display !== undefined : Boolean(filters[key]);

const SORTS = {
  popular: { column: "interactionScore", direction: "desc", type: "number" },
  newest: { column: "addedDate", direction: "desc", type: "string" },
  title: { column: "title", direction: "asc", type: "string" },
} as const satisfies Record<BookSort, { column: keyof BookRow; direction: "asc" | "desc"; type: "string" | "number" }>;
type SortColumn = (typeof SORTS)[BookSort]["column"];
type Paging = "first" | "after" | "offset";
/** A page's keys, from `books` or from a genre's `genre_books` rows. */
type KeysQuery = SelectQueryBuilder<Database, "books" | "genreBooks", { sort: string | number; id: string }>;

/**
 * The catalogue's list pages: one compiled statement per shape, keyset or numbered paging, and on PostgreSQL the
 * pages of one shape asked for together read by one statement (docs/catalog.md).
 */
export class ListPages {
  /** Compiled list statements by shape: which filters are set, the sort, how it pages, the page size. */
  private readonly listQueries = new Map<string, ReusableQuery<ListedBookJson>>();
  /** PostgreSQL's, by shape and number of pages. */
  private readonly listBatchQueries = new Map<string, ReusableQuery<BatchedPageRow>>();

  constructor(
    private readonly db: Kysely<Database>,
    /** On PostgreSQL, list pages of one shape asked for together are read by one statement. */
    private readonly batchesListPages: boolean,
    /** The browse filters' conditions (CatalogRepository.filtered), for shapes that walk the books. */
    private readonly filtered: (filters: BookFilters, from?: BooksQuery) => BooksQuery,
  ) {}

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
    for (const [index, page] of asked.entries()) {
      const ofShape = byShape.get(page.shape);
      if (ofShape) ofShape.push(index);
      else byShape.set(page.shape, [index]);
    }
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
