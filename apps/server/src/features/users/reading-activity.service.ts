import { AppError, type Book, READING_ACTIVITY_LIMIT, type ReadingActivity } from "@quire/core";
import type { CatalogRepository } from "../catalog/catalog.repository";
import { presentBookSummaries } from "../library/book-summaries";
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
    const lists = await Promise.all([
      repository.progressBooks(userId, false, READING_ACTIVITY_LIMIT),
      repository.progressBooks(userId, true, READING_ACTIVITY_LIMIT),
      repository.starredBooks(userId, READING_ACTIVITY_LIMIT),
    ]);
    // One presenter call for all three, so genre and category refs cost one query.
    const books = await presentBookSummaries(catalog, lists.flat());
    const [reading, finished, starred] = lists.map((_, index) => {
      const start = lists.slice(0, index).reduce((sum, rows) => sum + rows.length, 0);
      return books.slice(start, start + (lists[index]?.length ?? 0));
    }) as [Book[], Book[], Book[]];
    return { hidden, reading, finished, starred };
  }
}
