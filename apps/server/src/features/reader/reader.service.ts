import { AppError, type ChapterContent } from "@quire/core";
import { assertSafeKey, type FileStorage } from "../../infra/storage";
import { bookFileContentType } from "../epub";
import type { ReadableBook, ReaderRepository } from "./reader.repository";

/**
 * What a reader may open: chapters of the latest version of a visible, launched book. Hidden books
 * are "not found" (their existence is nobody's business); a scheduled book's text waits for its
 * launch, which is the point of scheduling it.
 */
export class ReaderService {
  constructor(
    private readonly repository: ReaderRepository,
    private readonly storage: FileStorage,
  ) {}

  /** The book if its text may be read (chapters, files, search inside it); else the refusal. */
  async readable(bookId: string): Promise<ReadableBook> {
    const book = await this.repository.readableBook(bookId);
    if (book?.display !== 1) throw AppError.of("bookNotFoundBang");
    if (book.status === "scheduled") throw AppError.of("bookNotLaunched");
    return book;
  }

  /**
   * A file the book's chapters use (image, font, media, stylesheet), by its path under the book's
   * folder (`v1/…/cover.jpg`), on the same terms as its chapters. Chapter HTML links the storage
   * URL (static files or a CDN, the fast path); this is the stable API address of the same bytes.
   */
  async bookFile(bookId: string, path: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    await this.readable(bookId);
    const folder = `books/${bookId}/`;
    let key: string;
    try {
      key = assertSafeKey(`${folder}${path}`);
    } catch {
      throw AppError.of("bookFileNotFound");
    }
    // The key is normalised: `../` may still have left this book's folder for another's.
    const contentType = key.startsWith(folder) ? bookFileContentType(key) : undefined;
    const bytes = contentType ? await this.storage.read(key) : undefined;
    if (!contentType || !bytes) throw AppError.of("bookFileNotFound");
    return { bytes, contentType };
  }

  async chapterContent(bookId: string, anchorId: string): Promise<ChapterContent> {
    const book = await this.readable(bookId);
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
