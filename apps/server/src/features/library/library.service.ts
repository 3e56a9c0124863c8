import {
  AppError,
  type Book,
  type BookViewerState,
  type ErrorKey,
  type LaunchSubscriptionState,
  type ListMembership,
  type ReadingLists,
  type StarState,
  SYSTEM_LISTS,
  type SystemList,
} from "@quire/core";
import type { Transaction } from "kysely";
import { retryingTransaction } from "../../db/retrying-transaction";
import type { Database } from "../../db/schema";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import { listEntriesRepository, presentReadingProgress } from "../reading";
import type { LibraryRepository } from "./library.repository";

const NOBODY_STATE: BookViewerState = { starred: false, list: null, subscribed: false, progress: null };

/** Unexpected failures become the catalogue message of the action (SPEC §8); our own refusals pass through. */
async function failingAs<T>(key: ErrorKey, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.of(key, { cause: error });
  }
}

/** Whether the viewer's row for a book was written after `at`, the time a late (offline) action was made. */
function isNewerThan(stored: string | undefined, at: string | undefined): boolean {
  return stored !== undefined && at !== undefined && Date.parse(stored) > Date.parse(at);
}

/** Stars, system lists, launch subscriptions and the viewer's state on a book: always the viewer's own. */
export class LibraryService {
  constructor(
    private readonly deps: {
      repository: LibraryRepository;
      catalog: CatalogRepository;
      clock: () => Date;
      /** Clears the public read cache: signed-in readers are served from it, and must see their own star counted. */
      onPublicChange: () => void;
    },
  ) {}

  private get repository(): LibraryRepository {
    return this.deps.repository;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  /** The book, if it exists and is shown; hidden books are not found. */
  private async visibleBook(bookId: string) {
    const book = await this.repository.findBook(bookId);
    if (book?.display !== 1) throw AppError.of("bookNotFound");
    return book;
  }

  /**
   * A star is a reader's verdict and goes into followers' feeds: like the text, it waits for the launch.
   * Taking a star back is always allowed.
   */
  async star(userId: string, bookId: string): Promise<StarState> {
    const book = await this.visibleBook(bookId);
    if (book.status === "scheduled") throw AppError.of("bookNotLaunched");
    const now = this.now();
    const nUserStarred = await failingAs("starFailed", () =>
      retryingTransaction(this.repository.db, (trx) => this.repository.star(trx, userId, bookId, now)),
    );
    this.deps.onPublicChange();
    return { starred: true, nUserStarred };
  }

  /** With `at`, a star newer than it stays (a late offline unstar never undoes it). */
  async unstar(userId: string, bookId: string, at?: string): Promise<StarState> {
    await this.visibleBook(bookId);
    const now = this.now();
    const state = await failingAs("starFailed", () =>
      retryingTransaction(this.repository.db, async (trx) => {
        if (at !== undefined && isNewerThan(await this.repository.starredAt(trx, userId, bookId), at)) {
          return { starred: true, nUserStarred: await this.repository.starCount(bookId, trx) };
        }
        return { starred: false, nUserStarred: await this.repository.unstar(trx, userId, bookId, now) };
      }),
    );
    this.deps.onPublicChange();
    return state;
  }

  /** Launch notifications exist only while a book is scheduled. */
  private async scheduledBook(bookId: string) {
    const book = await this.visibleBook(bookId);
    if (book.status !== "scheduled") throw AppError.of("launchNotScheduled");
    return book;
  }

  async subscribeLaunch(userId: string, bookId: string): Promise<LaunchSubscriptionState> {
    await this.scheduledBook(bookId);
    await failingAs("notifySubscribeFailed", () => this.repository.subscribe(userId, bookId, this.now()));
    return { subscribed: true };
  }

  async unsubscribeLaunch(userId: string, bookId: string): Promise<LaunchSubscriptionState> {
    await this.scheduledBook(bookId);
    await failingAs("notifyUnsubscribeFailed", () => this.repository.unsubscribe(userId, bookId));
    return { subscribed: false };
  }

  async lists(userId: string): Promise<ReadingLists> {
    const entries = await listEntriesRepository.entriesWithBooks(this.repository.db, userId);
    const books = await presentBookSummaries(
      this.deps.catalog,
      entries.map((entry) => entry.book),
    );
    const lists = Object.fromEntries(SYSTEM_LISTS.map((list) => [list, []])) as unknown as ReadingLists;
    entries.forEach((entry, index) => {
      lists[entry.list as SystemList]?.push({ book: books[index] as Book, addedAt: entry.addedAt });
    });
    return lists;
  }

  /** With `at`, the viewer's list entry when it is newer: a late offline shelf move leaves it as it is. */
  private async newerEntry(
    trx: Transaction<Database>,
    userId: string,
    bookId: string,
    at: string | undefined,
  ): Promise<ListMembership | undefined> {
    if (at === undefined) return undefined;
    const entry = await this.repository.listEntry(trx, userId, bookId);
    if (!entry || !isNewerThan(entry.addedAt, at)) return undefined;
    return { bookId, list: entry.list as SystemList, addedAt: entry.addedAt };
  }

  async putInList(userId: string, list: SystemList, bookId: string, at?: string): Promise<ListMembership> {
    await this.visibleBook(bookId);
    const now = this.now();
    return failingAs("listUpdateFailed", () =>
      retryingTransaction(
        this.repository.db,
        async (trx) =>
          (await this.newerEntry(trx, userId, bookId, at)) ?? {
            bookId,
            list,
            addedAt: await listEntriesRepository.put(trx, userId, bookId, list, now),
          },
      ),
    );
  }

  /** Takes a book out of the viewer's lists; a hidden book can still be taken out, an unknown one is not found. */
  async removeFromLists(userId: string, bookId: string, at?: string): Promise<ListMembership> {
    const keptOrRemoved = await failingAs("listUpdateFailed", () =>
      retryingTransaction(
        this.repository.db,
        async (trx) =>
          (await this.newerEntry(trx, userId, bookId, at)) ?? listEntriesRepository.remove(trx, userId, bookId),
      ),
    );
    if (typeof keptOrRemoved !== "boolean") return keptOrRemoved;
    if (!keptOrRemoved && !(await this.repository.findBook(bookId))) throw AppError.of("bookNotFound");
    return { bookId, list: null, addedAt: null };
  }

  /** The book page's view of the viewer: a visitor gets no star, list, subscription or progress. */
  async viewerState(userId: string | undefined, bookId: string): Promise<BookViewerState> {
    await this.visibleBook(bookId);
    if (!userId) return NOBODY_STATE;
    const state = await this.repository.viewerState(userId, bookId);
    return {
      starred: state.starred,
      list: state.list as SystemList | null,
      subscribed: state.subscribed,
      progress: state.progress ? presentReadingProgress(state.progress) : null,
    };
  }
}
