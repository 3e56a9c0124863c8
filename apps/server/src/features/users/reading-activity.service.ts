import { AppError, READING_ACTIVITY_LIMIT, type ReadingActivity } from "@quire/core";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import type { ReadingActivityRepository } from "./reading-activity.repository";

/** A profile's reading activity: public unless its owner hides it, and always visible to the owner. */
export class ReadingActivityService {
  constructor(private readonly deps: { repository: ReadingActivityRepository; catalog: CatalogRepository }) {}

  async of(viewerId: string | undefined, userId: string): Promise<ReadingActivity> {
    const { repository, catalog } = this.deps;
    const visibility = await repository.visibilityOf(userId);
    if (!visibility) throw AppError.of("userNotFound");
    const hidden = !visibility.public;
    if (hidden && viewerId !== userId) return { hidden, reading: [], finished: [], starred: [] };
    const [reading, finished, starred] = await Promise.all([
      repository.progressBooks(userId, false, READING_ACTIVITY_LIMIT),
      repository.progressBooks(userId, true, READING_ACTIVITY_LIMIT),
      repository.starredBooks(userId, READING_ACTIVITY_LIMIT),
    ]);
    // One presenter call for all three, so genre and category refs cost one query.
    const books = await presentBookSummaries(catalog, [...reading, ...finished, ...starred]);
    const finishedFrom = reading.length;
    const starredFrom = finishedFrom + finished.length;
    return {
      hidden,
      reading: books.slice(0, finishedFrom),
      finished: books.slice(finishedFrom, starredFrom),
      starred: books.slice(starredFrom),
    };
  }
}
