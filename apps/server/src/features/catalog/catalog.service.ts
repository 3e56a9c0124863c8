import {
  AppError,
  type Book,
  type BookDetail,
  type BookPage,
  type CategoryWithBooks,
  CHAPTERS_PAGE_SIZE,
  type ChapterPage,
  type Genre,
  type ListBooksQuery,
  type Page,
  TOP_NEW_PAGE_SIZE,
  TOP_NEW_WINDOW_DAYS,
  TRENDING_BOOKS_COUNT,
} from "@quire/core";
import type { BookRow } from "../../db/schema";
import { presentBook, presentBookData, presentListedBook } from "./catalog.presenter";
import type { BookFilters, CatalogRepository } from "./catalog.repository";

const DAY_MS = 24 * 60 * 60 * 1000;

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

  private async hydrate(rows: BookRow[]): Promise<Book[]> {
    const refs = await this.repository.bookRefs(rows.map((row) => row.id));
    return rows.map((row) =>
      presentBook(row, { genreRefs: refs.genres.get(row.id) ?? [], categoryRefs: refs.categories.get(row.id) ?? [] }),
    );
  }

  async listBooks(query: ListBooksQuery, viewer: Viewer): Promise<BookPage> {
    if (query.display === false && !viewer.canSeeHiddenBooks) return { items: [], nextCursor: null };
    const filters: BookFilters = {
      display: viewer.canSeeHiddenBooks ? (query.display === undefined ? undefined : query.display ? 1 : 0) : 1,
      source: query.source,
      status: query.status,
      genre: query.genre,
      category: query.category,
      completionStatus: query.completionStatus,
    };
    if (query.page !== undefined) {
      if (query.cursor) throw new AppError("invalid-argument", "Use either cursor or page, not both");
      const [rows, total] = await Promise.all([
        this.repository.listBooksAtOffset(filters, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
        this.repository.countBooks(filters),
      ]);
      const hasMore = query.page * query.pageSize < total;
      return { items: rows.map(presentListedBook), nextCursor: hasMore ? String(query.page + 1) : null, total };
    }
    const page = await this.repository.listBooksPage(filters, query.sort, query.pageSize, query.cursor);
    return { items: page.items.map(presentListedBook), nextCursor: page.nextCursor };
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

  /** One statement: the book's row carries its genre and category ids, whose names the repository keeps. */
  async getBook(id: string, viewer: Viewer): Promise<BookDetail> {
    const { book: row, data } = await this.getVisibleBook(id, viewer);
    const book = presentListedBook(row);
    const { genres, categories } = await this.repository.labelsOf(book.genreRefs, book.categoryRefs);
    return { book, bookData: data ? presentBookData(data) : null, genres, categories };
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
