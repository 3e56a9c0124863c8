import { AFTER_READING_ROW_SIZE, type AfterReading, AppError } from "@quire/core";
import { parseJson } from "../../db/json";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import type { AfterReadingRepository } from "./after-reading.repository";

/** What to read after a book: one answer for the end-of-book screen, for visitors and readers alike. */
export class AfterReadingService {
  constructor(
    private readonly repository: AfterReadingRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  async afterReading(bookId: string, viewerId: string | undefined): Promise<AfterReading> {
    const [found, labels, authorIds] = await Promise.all([
      this.catalog.findBookWithData(bookId),
      this.catalog.labelsOfBook(bookId),
      this.repository.authorIdsOf(bookId),
    ]);
    if (found?.book.display !== 1) throw AppError.of("bookNotFound");
    const limit = AFTER_READING_ROW_SIZE;
    const [moreByAuthor, alsoRead] = await Promise.all([
      authorIds.length > 0
        ? this.repository.byAuthorIds(bookId, authorIds, limit)
        : this.repository.byAuthorNames(bookId, parseJson<string[]>(found.book.authors, []), limit),
      this.repository.alsoFinished(bookId, viewerId, limit),
    ]);
    const category = labels.categories[0];
    const genre = labels.genres[0];
    const shelf = category
      ? { kind: "category" as const, id: category.id }
      : genre && { kind: "genre" as const, id: genre.id };
    const offered = [...moreByAuthor, ...alsoRead].map((row) => row.id);
    const nextInCategory = shelf ? await this.repository.onShelf(bookId, shelf, offered, limit) : [];
    const present = (rows: typeof nextInCategory) => presentBookSummaries(this.catalog, rows);
    const [more, also, next] = await Promise.all([present(moreByAuthor), present(alsoRead), present(nextInCategory)]);
    return { moreByAuthor: more, alsoRead: also, nextInCategory: next };
  }
}
