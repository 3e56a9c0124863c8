import type { Book, ReaderHome } from "@quire/core";
import type { ResponseCache } from "../../infra/response-cache";
import { type CatalogRepository, type CatalogService, presentBookSummaries } from "../catalog";
import type { ReadingService } from "../reading";
import type { HomeRepository } from "./home.repository";

/** Each section holds this many books at most. */
export const HOME_SECTION_SIZE = 12;

/** What every reader's home shows alike. */
type SharedSections = Pick<ReaderHome, "classics" | "trending"> & { comingSoon: Book[] };

// Not a request URL (those start with "/"), so it cannot meet a cached page in the public cache.
const SHARED_KEY = "home:shared-sections";

/**
 * The signed-in reader's home. Only the sections that are the same for everyone (coming soon's
 * books, classics, trending) are cached, in the public read cache: a per-user copy would show a
 * reader an old place or subscription after their own write on another process. The personal
 * sections are read fresh each time — a few lookups by the reader's id on indexed keys.
 */
export class HomeService {
  constructor(
    private readonly deps: {
      repository: HomeRepository;
      catalog: CatalogRepository;
      catalogService: CatalogService;
      reading: ReadingService;
      cache: ResponseCache;
    },
  ) {}

  async home(userId: string): Promise<ReaderHome> {
    const { repository } = this.deps;
    const [shared, continueReading, genres, fromFollowed] = await Promise.all([
      this.sharedSections(),
      this.deps.reading.continueReading(userId),
      repository.favouriteGenres(userId),
      repository.fromFollowed(userId, HOME_SECTION_SIZE),
    ]);
    const [subscribed, picks, followed] = await Promise.all([
      repository.subscribedAmong(
        userId,
        shared.comingSoon.map((book) => book.id),
      ),
      repository.picks(
        userId,
        genres.map((genre) => genre.id),
        HOME_SECTION_SIZE,
      ),
      this.present(fromFollowed),
    ]);
    return {
      continueReading: continueReading.items.slice(0, HOME_SECTION_SIZE),
      comingSoon: shared.comingSoon.map((book) => ({ book, subscribed: subscribed.has(book.id) })),
      picks: { genres, books: await this.present(picks) },
      fromFollowed: followed,
      classics: shared.classics,
      trending: shared.trending,
    };
  }

  private async sharedSections(): Promise<SharedSections> {
    const cached = this.deps.cache.get(SHARED_KEY);
    if (cached !== undefined) return JSON.parse(cached.toString()) as SharedSections;
    const [comingSoon, classics, trending] = await Promise.all([
      this.deps.repository.comingSoon(HOME_SECTION_SIZE).then((rows) => this.present(rows)),
      this.deps.catalog
        .listBooksPage(
          { display: 1, source: "public-domain", status: "launched" },
          "popular",
          HOME_SECTION_SIZE,
          undefined,
        )
        // The list statement writes each book's JSON: parsed, not hydrated again.
        .then((page) => JSON.parse(`[${page.items}]`) as Book[]),
      this.deps.catalogService.trendingBooks(),
    ]);
    const sections = { comingSoon, classics, trending };
    this.deps.cache.set(SHARED_KEY, JSON.stringify(sections));
    return sections;
  }

  private present(rows: Parameters<typeof presentBookSummaries>[1]): Promise<Book[]> {
    return presentBookSummaries(this.deps.catalog, rows);
  }
}
