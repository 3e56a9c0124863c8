import {
  AppError,
  type LaunchResponse,
  launchFailedError,
  newId,
  type StudioBook,
  type UserEventType,
} from "@quire/core";
import type { Logger } from "pino";
import { retryingTransaction } from "../../db/retrying-transaction";
import { activitiesRepository } from "../feed";
import type { StudioRepository } from "./studio.repository";
import type { StudioAccess } from "./studio-access";
import type { StudioBooksService } from "./studio-books.service";

export interface BookLaunchDeps {
  repository: StudioRepository;
  access: StudioAccess;
  books: StudioBooksService;
  clock: () => Date;
  logger: Logger;
  onPublicChange: () => void;
  onEventsWritten: () => void;
}

/** Books a worker tick launches at most; the next tick takes the rest. */
const DUE_BATCH = 50;
/** Who a launch event names when a book somehow has no author left. */
const QUIRE_ACTOR = { id: "quire", name: "Quire" };

interface Launched {
  title: string;
  notified: number;
}

/**
 * wip → scheduled → launched (SPEC §4). Launching sets the status and launch date and writes a
 * high-priority "book launched" user event for every launch subscriber, in one transaction: the
 * events exist exactly when the launch does. The status change is a conditional update, so when
 * an author, an administrator and any number of launch workers race, one of them launches the book
 * and the others find nothing to do.
 */
export class BookLaunchService {
  constructor(private readonly deps: BookLaunchDeps) {}

  /** Announces the launch date; the book is shown in the catalogue so readers can subscribe. */
  async schedule(userId: string, bookId: string, launchDate: string): Promise<StudioBook> {
    const { repository, clock } = this.deps;
    const { found } = await this.deps.access.editableBook(userId, bookId);
    if (found.book.status === "launched") throw AppError.of("scheduleAfterLaunch");
    const when = new Date(launchDate);
    if (when.getTime() <= clock().getTime()) throw AppError.of("launchDateNotFuture");
    if ((found.data?.tocLength ?? 0) === 0) throw AppError.of("bookHasNoChapters");
    if (!(await repository.markScheduled(bookId, when.toISOString()))) throw AppError.of("scheduleAfterLaunch");
    this.deps.onPublicChange();
    return this.deps.books.getBook(userId, bookId);
  }

  /** Launches now, whether the book was scheduled or not; failures say "Failed to launched book: …" (SPEC §8). */
  async launch(userId: string, bookId: string): Promise<LaunchResponse> {
    const { found, user } = await this.deps.access.editableBook(userId, bookId);
    if (found.book.status === "launched") throw launchFailedError("it has already launched.");
    if ((found.data?.tocLength ?? 0) === 0) throw launchFailedError("it has no chapters yet.");
    let launched: Launched | undefined;
    try {
      launched = await this.launchOne(bookId, { from: ["wip", "scheduled"], show: true }, user);
    } catch (cause) {
      throw launchFailedError("please try again.", "internal", { cause });
    }
    if (!launched) throw launchFailedError("it has already launched.");
    this.deps.onPublicChange();
    if (launched.notified > 0) this.deps.onEventsWritten();
    return { book: await this.deps.books.getBook(userId, bookId), notifiedSubscribers: launched.notified };
  }

  /**
   * The launch worker's tick: every scheduled book whose date has come is launched (display is left
   * as it is: a book hidden since it was scheduled stays hidden). Returns the ids this call launched.
   */
  async launchDue(): Promise<string[]> {
    const now = this.deps.clock().toISOString();
    const due = await this.deps.repository.dueScheduledBooks(now, DUE_BATCH);
    const launched: string[] = [];
    for (const bookId of due) {
      try {
        const result = await this.launchOne(bookId, { from: ["scheduled"], dueBy: now, show: false });
        if (result) {
          launched.push(bookId);
          this.deps.logger.info({ bookId, notified: result.notified }, "scheduled book launched");
        }
      } catch (err) {
        this.deps.logger.error({ err, bookId }, launchFailedError("the launch worker will try again.").message);
      }
    }
    if (launched.length > 0) {
      this.deps.onPublicChange();
      this.deps.onEventsWritten();
    }
    return launched;
  }

  private launchOne(
    bookId: string,
    change: { from: string[]; dueBy?: string; show: boolean },
    actor?: { userId: string; name: string },
  ): Promise<Launched | undefined> {
    const { repository } = this.deps;
    return retryingTransaction(repository.db, async (trx) => {
      const now = this.deps.clock().toISOString();
      const book = await repository.markLaunched(trx, bookId, { ...change, now });
      if (!book) return undefined;
      const author =
        (await repository.firstAuthor(trx, bookId)) ?? (actor ? { id: actor.userId, name: actor.name } : QUIRE_ACTOR);
      // One feed activity per launch, whatever the number of subscribers.
      await activitiesRepository.record(trx, { actorId: author.id, verb: "launched", bookId }, now);
      const subscribers = await repository.launchSubscribers(trx, bookId);
      await repository.insertUserEvents(
        trx,
        subscribers.map((targetUserId) => ({
          id: newId(),
          eventType: "book launched" satisfies UserEventType,
          priority: "high",
          targetUserId,
          triggeredByUserId: author.id,
          triggeredByUserName: author.name,
          targetResourceId: bookId,
          targetResourceType: "book",
          targetResourceName: book.title,
          processed: 0,
          createdAt: now,
        })),
      );
      return { title: book.title, notified: subscribers.length };
    });
  }
}
