import {
  AppError,
  type Book,
  type BookDetail,
  type CategoryWithBooks,
  CHAPTERS_PAGE_SIZE,
  type ChapterPage,
  encodeCursor,
  type Genre,
  type ListBooksQuery,
  type Page,
  TOP_NEW_PAGE_SIZE,
  TOP_NEW_WINDOW_DAYS,
  TRENDING_BOOKS_COUNT,
} from "@quire/core";
import { BatchedRead } from "../../db/batched-read";
import type { BookRow } from "../../db/schema";
import { presentBook, presentListedBook } from "./catalog.presenter";
import type { BookFilters, CatalogRepository } from "./catalog.repository";
import type { ListedPage, ListPageRequest } from "./list-pages.repository";

const DAY_MS = 24 * 60 * 60 * 1000;
const EMPTY_PAGE = Buffer.from('{"items":[],"nextCursor":null}');

/**
 * A `BookPage`'s JSON around books already written as JSON, `extra` ending the object (numbered paging's total), as
 * UTF-8: encoded once, not by every response that sends the page.
 */
function pageJson(items: string, nextCursor: string | null, extra: string): Buffer {
  return Buffer.from(
    `{"items":[${items}],"nextCursor":${nextCursor === null ? "null" : JSON.stringify(nextCursor)}${extra}}`,
  );
}

/** Who is asking decides what they may see: visitors never see hidden books. */
export interface Viewer {
  canSeeHiddenBooks: boolean;
}
export const VISITOR: Viewer = { canSeeHiddenBooks: false };

/** Catalogue read rules: filtering, visibility, paging and hydration of books. */
export class CatalogService {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly clock: () => Date,
  ) {}

  /**
   * List pages asked for at about the same time are read together (see BatchedRead): equal pages once, with one
   * answer for all their readers, and on PostgreSQL the pages of one shape in one statement.
   */
  private readonly listPages = new BatchedRead<string, Buffer>((keys) => this.readListPages(keys));

  private async hydrate(rows: BookRow[]): Promise<Book[]> {
    const refs = await this.repository.bookRefs(rows.map((row) => row.id));
    return rows.map((row) =>
      presentBook(row, { genreRefs: refs.genres.get(row.id) ?? [], categoryRefs: refs.categories.get(row.id) ?? [] }),
    );
  }

  /**
   * A page of the catalogue as the JSON of a `BookPage` in UTF-8: each book's JSON comes written by the database,
   * and the page is sent as it is to all who asked for it together (see catalog-json.repository.ts).
   */
  async listBooksJson(query: ListBooksQuery, viewer: Viewer): Promise<Buffer> {
    if (query.display === false && !viewer.canSeeHiddenBooks) return EMPTY_PAGE;
    if (query.page !== undefined && query.cursor) {
      throw new AppError("invalid-argument", "Use either cursor or page, not both");
    }
    const filters: BookFilters = {
      display: viewer.canSeeHiddenBooks ? (query.display === undefined ? undefined : query.display ? 1 : 0) : 1,
      source: query.source,
      status: query.status,
      genre: query.genre,
      category: query.category,
      completionStatus: query.completionStatus,
    };
    const { sort, pageSize, page, cursor } = query;
    // A bad cursor fails its own request here, not the others read with it.
    const request: ListPageRequest =
      page === undefined
        ? { filters, sort, pageSize, after: this.repository.afterCursor(sort, cursor) }
        : { filters, sort, pageSize, offset: (page - 1) * pageSize };
    return (await this.listPages.load(JSON.stringify(request))) as Buffer;
  }

  /** The JSON of the list pages named by `keys` (their requests as JSON). */
  private async readListPages(keys: string[]): Promise<Map<string, Buffer>> {
    const requests = keys.map((key) => JSON.parse(key) as ListPageRequest);
    const [pages, totals] = await Promise.all([
      this.repository.listPages(requests),
      Promise.all(
        requests.map((request) =>
          request.offset === undefined ? undefined : this.repository.countBooks(request.filters),
        ),
      ),
    ]);
    return new Map(
      keys.map((key, index) => {
        const { pageSize, offset } = requests[index] as ListPageRequest;
        const { items, nextKey } = pages[index] as ListedPage;
        const total = totals[index];
        if (offset === undefined || total === undefined) {
          return [key, pageJson(items, nextKey ? encodeCursor(nextKey) : null, "")];
        }
        const page = offset / pageSize + 1;
        return [key, pageJson(items, page * pageSize < total ? String(page + 1) : null, `,"total":${total}`)];
      }),
    );
  }

  async trendingBooks(): Promise<Book[]> {
    return (await this.repository.trendingBooks(TRENDING_BOOKS_COUNT)).map(presentListedBook);
  }

  async newCommunityBooks(cursor: string | undefined): Promise<Page<Book>> {
    const now = this.clock();
    const since = new Date(now.getTime() - TOP_NEW_WINDOW_DAYS * DAY_MS).toISOString();
    const page = await this.repository.launchedCommunityBooks(since, now.toISOString(), TOP_NEW_PAGE_SIZE, cursor);
    return { items: page.items.map(presentListedBook), nextCursor: page.nextCursor };
  }

  private async getVisibleBook(id: string, viewer: Viewer) {
    const found = await this.repository.findBookWithData(id);
    if (!found || (found.book.display !== 1 && !viewer.canSeeHiddenBooks)) throw AppError.of("bookNotFound");
    return found;
  }

  /** The book page's `BookDetail` as JSON text, written by the database in one statement (see catalog-json.repository.ts). */
  async getBookJson(id: string, viewer: Viewer): Promise<string> {
    const found = await this.repository.findBookDetailJson(id);
    if (!found || (found.display !== 1 && !viewer.canSeeHiddenBooks)) throw AppError.of("bookNotFound");
    return found.json;
  }

  /** The same answer as values, for the server-rendered page and its preview image. */
  async getBook(id: string, viewer: Viewer): Promise<BookDetail> {
    return JSON.parse(await this.getBookJson(id, viewer)) as BookDetail;
  }

  async listChapters(bookId: string, cursor: string | undefined, viewer: Viewer): Promise<ChapterPage> {
    const { data: bookData } = await this.getVisibleBook(bookId, viewer);
    if (!bookData) return { items: [], nextCursor: null };
    return this.repository.chapters(bookId, bookData.latestVersion, CHAPTERS_PAGE_SIZE, cursor);
  }

  async listGenres(): Promise<Genre[]> {
    return this.repository.listGenres();
  }

  async listCategories(viewer: Viewer): Promise<CategoryWithBooks[]> {
    const [categories, pairs] = await Promise.all([
      this.repository.listCategories(),
      this.repository.categoryBooks(!viewer.canSeeHiddenBooks),
    ]);
    const books = await this.hydrate(pairs);
    const byCategory = new Map<string, Book[]>();
    pairs.forEach((pair, index) => {
      const book = books[index] as Book;
      const list = byCategory.get(pair.categoryId);
      if (list) list.push(book);
      else byCategory.set(pair.categoryId, [book]);
    });
    return categories.map((category) => {
      const categoryBooks = byCategory.get(category.id) ?? [];
      return {
        id: category.id,
        name: category.name,
        position: category.position,
        bookRefs: categoryBooks.map((book) => book.id),
        books: categoryBooks,
      };
    });
  }
}
