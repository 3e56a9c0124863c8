import { AppError, type ChapterContent } from "@quire/core";
import type { ReaderRepository } from "./reader.repository";

/**
 * What a reader may open: chapters of the latest version of a visible, launched book. Hidden books
 * are "not found" (their existence is nobody's business); a scheduled book's text waits for its
 * launch, which is the point of scheduling it.
 */
export class ReaderService {
  constructor(private readonly repository: ReaderRepository) {}

  async chapterContent(bookId: string, anchorId: string): Promise<ChapterContent> {
    const book = await this.repository.readableBook(bookId);
    if (book?.display !== 1) throw AppError.of("bookNotFoundBang");
    if (book.status === "scheduled") throw AppError.of("bookNotLaunched");
    const notFound = () => AppError.of("chapterNotFound", { details: { anchorId } });
    // A book without book data has no chapters yet.
    const version = book.latestVersion;
    if (version === null) throw notFound();
    const chapter = await this.repository.chapter(bookId, version, anchorId);
    if (!chapter) throw notFound();
    const around = await this.repository.surroundings(bookId, version, chapter.chapterNumber);
    return {
      bookId,
      anchorId: chapter.anchorId,
      name: chapter.name,
      chapterNumber: chapter.chapterNumber,
      html: chapter.html,
      wordCount: chapter.wordCount,
      css: book.css ?? "",
      // "" is how book data says "unknown".
      language: book.language || null,
      previous: around.previous,
      next: around.next,
      chapterCount: around.count,
    };
  }
}
