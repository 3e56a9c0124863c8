import {
  AppError,
  type Book,
  type ReadingLists,
  type SearchQuery,
  type SearchResults,
  type SystemList,
} from "@quire/core";
import { type BookFilters, type CatalogRepository, presentBookSummaries } from "../catalog";
import type { OpdsBookFeed, OpdsPageQuery } from "./opds.contract";
import type { OpdsRepository, OpdsSort } from "./opds.repository";
import { bookUpdated } from "./opds-links";

export const OPDS_PAGE_SIZE = 30;
const EPOCH = new Date(0).toISOString();

/** A link from one feed to another, as a navigation feed lists them. */
export interface OpdsNavigation {
  title: string;
  /** Below the catalogue's root (`/books/new`); each format puts its own root in front. */
  path: string;
  summary: string;
  /** `http://opds-spec.org/sort/new` and the like, for clients that show such feeds apart. */
  rel?: string;
  /** Whether the feed it opens lists books (acquisition) or more feeds (navigation). */
  opens: "navigation" | "acquisition";
}

/** One feed of the catalogue, in neither format yet: the Atom and JSON presenters write it. */
export interface OpdsFeed {
  /** Stable over time and pages: Atom clients tell feeds apart by it. */
  id: string;
  title: string;
  path: string;
  /** What every page of the feed is asked with (a search's words). */
  query?: Record<string, string>;
  updated: string;
  kind: "navigation" | "acquisition";
  navigation: OpdsNavigation[];
  books: Book[];
  /** Present when known: every book the feed's pages hold. */
  total?: number;
  pageSize?: number;
  /** Query strings of the neighbouring pages, when there are any. */
  next?: Record<string, string>;
  previous?: Record<string, string>;
}

export interface EpubFile {
  fileName: string;
  bytes: Uint8Array;
}

export interface OpdsServiceDeps {
  repository: OpdsRepository;
  catalog: CatalogRepository;
  search: (query: SearchQuery) => Promise<SearchResults>;
  /** The studio's reader copy: a classic's original file, or a community book built as EPUB 3. */
  exportEpub: (bookId: string) => Promise<EpubFile>;
  readingLists: (userId: string) => Promise<ReadingLists>;
}

const SHELVES: Record<SystemList, { title: string; summary: string }> = {
  reading: { title: "Reading", summary: "The books you are reading." },
  "want-to-read": { title: "Want to read", summary: "The books you mean to read." },
  finished: { title: "Finished", summary: "The books you have finished." },
};

/**
 * Only what anyone may read: shown and launched. Hidden books are nobody's business, and a scheduled or
 * unfinished book cannot be read yet, so a reading app must not download it either.
 */
const READABLE: BookFilters = { display: 1, status: "launched" };

const BOOK_FEEDS: Record<
  OpdsBookFeed,
  { title: string; summary: string; sort: OpdsSort; filters: BookFilters; rel?: string }
> = {
  new: {
    title: "New books",
    summary: "The latest books on Quire.",
    sort: "newest",
    filters: READABLE,
    rel: "http://opds-spec.org/sort/new",
  },
  popular: {
    title: "Popular books",
    summary: "What readers star, read and finish most.",
    sort: "popular",
    filters: READABLE,
    rel: "http://opds-spec.org/sort/popular",
  },
  classics: {
    title: "Public-domain classics",
    summary: "Classics free for everyone, from A to Z.",
    sort: "title",
    filters: { ...READABLE, source: "public-domain" },
  },
  community: {
    title: "Community books",
    summary: "Books written on Quire, newest first.",
    sort: "newest",
    filters: { ...READABLE, source: "own" },
  },
};

/** The catalogue's feeds for reading apps and the EPUB they download. */
export class OpdsService {
  constructor(private readonly deps: OpdsServiceDeps) {}

  /**
   * When the catalogue last changed: its newest book's arrival. A feed's time follows its books, not the
   * clock, so asking twice gives the same answer (caches and clients compare them).
   */
  private async catalogueUpdated(): Promise<string> {
    const newest = await this.deps.repository.window(READABLE, "newest", 1, {});
    return newest.items[0]?.addedDate ?? EPOCH;
  }

  private async navigationFeed(
    id: string,
    title: string,
    path: string,
    navigation: OpdsNavigation[],
  ): Promise<OpdsFeed> {
    return { id, title, path, updated: await this.catalogueUpdated(), kind: "navigation", navigation, books: [] };
  }

  /** The newest of the books' times; an empty page takes the catalogue's. */
  private async updatedOf(books: Book[]): Promise<string> {
    // ISO times in UTC sort as text.
    return books.map(bookUpdated).sort().at(-1) ?? this.catalogueUpdated();
  }

  async root(): Promise<OpdsFeed> {
    const books = Object.entries(BOOK_FEEDS).map(([feed, { title, summary, rel }]) => ({
      title,
      summary,
      path: `/books/${feed}`,
      opens: "acquisition" as const,
      ...(rel && { rel }),
    }));
    return this.navigationFeed("urn:quire:opds", "Quire", "", [
      ...books,
      { title: "Genres", summary: "Books by genre.", path: "/genres", opens: "navigation" },
      { title: "Categories", summary: "Books by category.", path: "/categories", opens: "navigation" },
      {
        title: "Your shelves",
        summary: "Your own lists, with a device password from Settings → Devices.",
        path: "/shelves",
        opens: "navigation",
      },
    ]);
  }

  shelves(): Promise<OpdsFeed> {
    return this.navigationFeed(
      "urn:quire:opds:shelves",
      "Your shelves",
      "/shelves",
      Object.entries(SHELVES).map(([list, { title, summary }]) => ({
        title,
        summary,
        path: `/shelves/${list}`,
        opens: "acquisition",
      })),
    );
  }

  /** A reader's list, newest first; only the books anyone may download (a scheduled one waits for its launch). */
  async shelf(userId: string, list: SystemList): Promise<OpdsFeed> {
    const entries = (await this.deps.readingLists(userId))[list];
    const books = entries.map((entry) => entry.book).filter((book) => book.display && book.status === "launched");
    return {
      id: `urn:quire:opds:shelves:${list}`,
      title: SHELVES[list].title,
      path: `/shelves/${list}`,
      updated: entries[0]?.addedAt ?? (await this.catalogueUpdated()),
      kind: "acquisition",
      navigation: [],
      books,
      total: books.length,
    };
  }

  async genres(): Promise<OpdsFeed> {
    const genres = await this.deps.catalog.listGenres();
    return this.navigationFeed(
      "urn:quire:opds:genres",
      "Genres",
      "/genres",
      genres.map((genre) => ({
        title: genre.displayName,
        summary: `Books in ${genre.displayName}.`,
        path: `/genres/${encodeURIComponent(genre.id)}`,
        opens: "acquisition",
      })),
    );
  }

  async categories(): Promise<OpdsFeed> {
    const categories = await this.deps.catalog.listCategories();
    return this.navigationFeed(
      "urn:quire:opds:categories",
      "Categories",
      "/categories",
      categories.map((category) => ({
        title: category.name,
        summary: `Books in ${category.name}.`,
        path: `/categories/${encodeURIComponent(category.id)}`,
        opens: "acquisition",
      })),
    );
  }

  async books(feed: OpdsBookFeed, page: OpdsPageQuery): Promise<OpdsFeed> {
    const { title, sort, filters } = BOOK_FEEDS[feed];
    return this.bookFeed(`urn:quire:opds:books:${feed}`, title, `/books/${feed}`, filters, sort, page);
  }

  async genre(id: string, page: OpdsPageQuery): Promise<OpdsFeed> {
    const genre = (await this.deps.catalog.listGenres()).find((candidate) => candidate.id === id);
    if (!genre) throw AppError.of("routeNotFound");
    const path = `/genres/${encodeURIComponent(id)}`;
    return this.bookFeed(
      `urn:quire:opds:genre:${id}`,
      genre.displayName,
      path,
      { ...READABLE, genre: id },
      "popular",
      page,
    );
  }

  async category(id: string, page: OpdsPageQuery): Promise<OpdsFeed> {
    const category = (await this.deps.catalog.listCategories()).find((candidate) => candidate.id === id);
    if (!category) throw AppError.of("routeNotFound");
    const path = `/categories/${encodeURIComponent(id)}`;
    return this.bookFeed(
      `urn:quire:opds:category:${id}`,
      category.name,
      path,
      { ...READABLE, category: id },
      "popular",
      page,
    );
  }

  /** Quire's own search, books only and launched ones only; its pages go forward from the first. */
  async search(q: string, cursor: string | undefined): Promise<OpdsFeed> {
    const { books } = await this.deps.search({ q, kind: "books", status: "launched", ...(cursor && { cursor }) });
    return {
      id: `urn:quire:opds:search:${encodeURIComponent(q)}`,
      title: `Search: ${q}`,
      path: "/search",
      query: { q },
      updated: await this.updatedOf(books.items),
      kind: "acquisition",
      navigation: [],
      books: books.items,
      ...(books.nextCursor && { next: { cursor: books.nextCursor } }),
      // Without a next page the count is exact; with one, search does not count its matches.
      ...(books.nextCursor === null && !cursor && { total: books.items.length }),
    };
  }

  /** Only a shown, launched book: the export refuses any other as not found. */
  download(bookId: string): Promise<EpubFile> {
    return this.deps.exportEpub(bookId);
  }

  private async bookFeed(
    id: string,
    title: string,
    path: string,
    filters: BookFilters,
    sort: OpdsSort,
    page: OpdsPageQuery,
  ): Promise<OpdsFeed> {
    if (page.after && page.before) throw new AppError("invalid-argument", "Use either after or before, not both");
    const [window, total] = await Promise.all([
      this.deps.repository.window(filters, sort, OPDS_PAGE_SIZE, page),
      this.deps.catalog.countBooks(filters),
    ]);
    const backwards = page.before !== undefined;
    const hasNext = backwards ? window.last !== null : window.more;
    const hasPrevious = backwards ? window.more : page.after !== undefined && window.first !== null;
    const books = await presentBookSummaries(this.deps.catalog, window.items);
    return {
      id,
      title,
      path,
      updated: await this.updatedOf(books),
      kind: "acquisition",
      navigation: [],
      books,
      total,
      pageSize: OPDS_PAGE_SIZE,
      ...(hasNext && window.last && { next: { after: window.last } }),
      ...(hasPrevious && window.first && { previous: { before: window.first } }),
    };
  }
}
