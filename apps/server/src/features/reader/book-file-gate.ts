import { bookIdOfFile } from "../../infra/storage";
import type { ReaderRepository } from "./reader.repository";

/** `public` for anyone; `private` only for the one asking (never kept by a shared cache); else not found. */
export type BookFileAccess = "public" | "private" | "not-found";

/**
 * Who may fetch a book's stored files by their storage URL (`/files/…`): anyone while the book is shown,
 * like its chapters; once hidden, only its authors and administrators (the studio still shows its cover).
 */
export class BookFileGate {
  constructor(private readonly repository: ReaderRepository) {}

  /** `key` is a safe, normalised storage key; `askerId` resolves the session only when a hidden book needs it. */
  async access(key: string, askerId: () => Promise<string | null>): Promise<BookFileAccess> {
    const bookId = bookIdOfFile(key);
    if (bookId === undefined) return "public";
    const book = await this.repository.readableBook(bookId);
    // A file of no book (a deleted one's leftovers) hides nothing.
    if (book === undefined || book.display === 1) return "public";
    const userId = await askerId();
    return userId !== null && (await this.repository.managesBook(userId, bookId)) ? "private" : "not-found";
  }
}
