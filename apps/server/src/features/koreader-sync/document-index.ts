import type { KoreaderDocumentsTable } from "../../db/schema";
import type { FileStorage } from "../../infra/storage";
import { downloadFileName } from "../studio";
import { fileNameMd5, partialMd5 } from "./koreader-digests";
import type { KosyncRepository } from "./kosync.repository";

/** Files hashed per round: a round reads each whole EPUB from storage. */
const BATCH = 20;
/** A miss looks for new books at most this often per process: unknown documents are normal (a reader's own files). */
const CATCH_UP_EVERY_MS = 30_000;

/**
 * Which Quire book a KOReader document id names. Ids are computed from the files themselves: the partial
 * MD5 of each original EPUB in storage and the MD5 of each book's download file name. A migration cannot
 * read storage, so the index fills itself: a lookup that misses first hashes the files it has not seen
 * (the backfill on the first miss, then each newly imported edition), then looks again.
 */
export class KoreaderDocumentIndex {
  private lastCatchUp = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: { repository: KosyncRepository; storage: FileStorage; clock: () => Date }) {}

  async bookFor(document: string): Promise<string | undefined> {
    const known = await this.deps.repository.bookForDocument(document);
    if (known) return known;
    const now = this.deps.clock().getTime();
    if (now - this.lastCatchUp < CATCH_UP_EVERY_MS) return undefined;
    this.lastCatchUp = now;
    await this.catchUp();
    return this.deps.repository.bookForDocument(document);
  }

  /**
   * A file Quire just served for `bookId`: a community book's EPUB is built on download, so only then is there
   * a file whose partial MD5 KOReader will send. Builds are deterministic, so an unchanged book adds nothing new.
   */
  async remember(bookId: string, bytes: Uint8Array, fileName: string): Promise<void> {
    const createdAt = this.deps.clock().toISOString();
    await this.deps.repository.addDocuments([
      { document: partialMd5(bytes), bookId, method: "binary", source: fileName, createdAt },
    ]);
  }

  /** Hashes every file not hashed yet; concurrent callers share one run. */
  catchUp(): Promise<void> {
    this.running ??= this.hashPending().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async hashPending(): Promise<void> {
    const { repository, storage } = this.deps;
    for (;;) {
      const now = this.deps.clock().toISOString();
      const [originals, unnamed] = await Promise.all([
        repository.originalsWithoutDigest(BATCH),
        repository.booksWithoutFileName(BATCH * 10),
      ]);
      const rows: KoreaderDocumentsTable[] = unnamed.map((book) => {
        const name = downloadFileName(book.title);
        return { document: fileNameMd5(name), bookId: book.id, method: "filename", source: name, createdAt: now };
      });
      for (const { bookId, originalEpubKey } of originals) {
        const bytes = await storage.read(originalEpubKey);
        if (bytes) {
          rows.push({ document: partialMd5(bytes), bookId, method: "binary", source: originalEpubKey, createdAt: now });
        }
      }
      await repository.addDocuments(rows);
      const lastRound = originals.length < BATCH && unnamed.length < BATCH * 10;
      // A file gone from storage stays pending; it must not keep this loop going.
      if (lastRound || rows.length === 0) return;
    }
  }
}
