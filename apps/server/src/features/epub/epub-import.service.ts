import { randomBytes } from "node:crypto";
import { AppError, type ImportWarning, newId, slugify, WORDS_PER_MINUTE } from "@quire/core";
import type { Kysely, Transaction } from "kysely";
import type { Logger } from "pino";
import { isUniqueViolation } from "../../db/constraint-errors";
import { parseJson, toJson } from "../../db/json";
import type { Database } from "../../db/schema";
import { assertSafeKey, type FileStorage } from "../../infra/storage";
import { EPUB_LIMITS, type EpubLimits } from "./epub-archive";
import { type CoverImages, prepareCover } from "./epub-cover";
import { EpubImportRepository, type ImportedBookState } from "./epub-import.repository";
import type { EpubMetadata } from "./epub-package";
import { oversizePictures } from "./epub-pictures";
import type { ReadContent } from "./epub-reading";
import { EpubReading, type ReadBook } from "./epub-reading-thread";

export interface EpubImportDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  clock: () => Date;
  /** No cover or picture of the book larger than this is decoded or kept (config.images.maxPixels). */
  maxImagePixels: number;
  /** Tighter limits than EPUB_LIMITS (tests). */
  limits?: Partial<EpubLimits>;
}

export interface EpubImportOptions {
  /**
   * Labels the book "community-featured". Without it a new book has no publishing label and a new
   * edition keeps the label it had.
   */
  featured?: boolean;
  /** Category ids to add the book to (at the end of each). */
  categories?: string[];
}

export interface EpubImportResult {
  bookId: string;
  /** 1 for a new book; the previous version + 1 for a new edition of one imported before. */
  version: number;
  created: boolean;
  title: string;
  authors: string[];
  chapters: number;
  tocLength: number;
  wordCount: number;
  imageUrl: string | null;
  /** References left out (a missing image, a link leaving the book): the book imported without them. */
  warnings: ImportWarning[];
}

/**
 * Imports an EPUB as a public-domain book: the book row, its book data and its chapters, plus the
 * images, fonts, CSS and cover thumbnails it uses in storage.
 *
 * Everything that can refuse the file (zip, container, package, spine, XML, sizes, paths) runs
 * before anything is written. Files go to a folder of this attempt's own
 * (`books/{bookId}/v{version}/{attempt}/`) and the rows in one transaction; if the transaction
 * fails, the folder is removed, so a refused or failed import leaves no trace. The CSS file is
 * written beside that folder once the version has committed (see writeStylesheet).
 *
 * A book is identified by its package's unique identifier: importing a new edition keeps the book
 * id, its counters and its chapters' anchor ids (so reading progress still points somewhere), and
 * adds a version; earlier versions' chapters and files stay, for readers who are mid-chapter.
 */
export class EpubImportService {
  private readonly repository: EpubImportRepository;

  constructor(private readonly deps: EpubImportDeps) {
    this.repository = new EpubImportRepository(deps.db);
  }

  async import(bytes: Uint8Array, options: EpubImportOptions = {}): Promise<EpubImportResult> {
    const reading = EpubReading.start({ bytes, limits: { ...EPUB_LIMITS, ...this.deps.limits } });
    const read = await this.read(reading, options).finally(() => reading.stop());
    const { metadata, content, cover, bookId, version, existing, folder, categories } = read;

    const files = [...read.files, ...(cover?.files ?? [])];
    // Public-domain books download as the very file they came in (issue 4), kept with this attempt's files.
    const originalEpubKey = assertSafeKey(`${folder}/original.epub`);
    files.push({ key: originalEpubKey, bytes, contentType: "application/epub+zip" });

    try {
      for (const file of files) await this.deps.storage.put(file.key, file.bytes, file.contentType);
      await this.repository.transaction((trx) =>
        this.save(trx, { metadata, content, cover, bookId, version, existing, options, categories, originalEpubKey }),
      );
    } catch (error) {
      await this.deps.storage.removeAll(folder).catch((err: unknown) => {
        this.deps.logger.error({ err, folder }, "could not remove the files of a failed EPUB import");
      });
      if (isUniqueViolation(error)) throw AppError.of("epubImportConflict", { cause: error });
      throw error;
    }
    await this.writeStylesheet(bookId, version, content.css);

    return {
      bookId,
      version,
      created: !existing,
      title: metadata.title,
      authors: metadata.authors,
      chapters: content.chapters.length,
      tocLength: content.tocLength,
      wordCount: content.wordCount,
      imageUrl: cover ? this.deps.storage.urlFor(cover.imageKey) : null,
      warnings: content.warnings,
    };
  }

  /**
   * Everything the import learns before it writes: the package (from the worker), the book's id and
   * version (from the database), the sanitised content and its files (from the worker, built for
   * that id and folder) and the cover (rendered here, on libuv's threads, while the worker works).
   */
  private async read(reading: EpubReading, options: EpubImportOptions) {
    const { metadata, cover: coverSource, images, dataImages } = await reading.package;
    const categories = [...new Set(options.categories ?? [])];
    const known = await this.repository.existingCategoryIds(categories);
    const unknown = categories.filter((id) => !known.includes(id));
    if (unknown.length > 0) throw AppError.of("epubUnknownCategory", { details: { categories: unknown } });

    const existing = await this.repository.findByIdentifier(metadata.identifier);
    const bookId = existing?.bookId ?? newId();
    const version = existing ? nextVersion(existing) : 1;
    const folder = assertSafeKey(`books/${bookId}/v${version}/${randomBytes(4).toString("hex")}`);

    const coverWork = coverSource
      ? prepareCover(coverSource.bytes, coverSource.mediaType, folder, this.deps.maxImagePixels, this.deps.logger)
      : Promise.resolve(undefined);
    let book: ReadBook;
    try {
      book = await reading.content({
        bookId,
        keyPrefix: folder,
        filesUrlPrefix: this.filesUrlPrefix(folder),
        oversizeImages: await oversizePictures(images, this.deps.maxImagePixels),
        oversizeDataImages: await oversizePictures(dataImages, this.deps.maxImagePixels),
      });
    } finally {
      await coverWork.catch(() => undefined);
    }
    const cover = await coverWork;
    return { metadata, ...book, cover, bookId, version, existing, folder, categories };
  }

  /** The part of every storage URL before its key (storage URLs are a prefix and the key). */
  private filesUrlPrefix(key: string): string {
    const url = this.deps.storage.urlFor(key);
    if (!url.endsWith(key)) throw new Error(`storage URL ${url} does not end with its key ${key}`);
    return url.slice(0, url.length - key.length);
  }

  /**
   * The book's CSS as a file at a fixed place per version (bookStylesheetKey), for a reader that links
   * it rather than inlining book_data.css. Written only once the version has committed, since only
   * then is the version number this import's alone; book_data.css stays the source of truth, so a
   * failure here is logged, not thrown.
   */
  private async writeStylesheet(bookId: string, version: number, css: string): Promise<void> {
    if (!css) return;
    const key = bookStylesheetKey(bookId, String(version));
    try {
      await this.deps.storage.put(key, new TextEncoder().encode(css), "text/css");
    } catch (err) {
      this.deps.logger.error(
        { err, key },
        "the book's stylesheet file could not be written; book_data.css still has it",
      );
    }
  }

  private async save(
    trx: Transaction<Database>,
    input: {
      metadata: EpubMetadata;
      content: ReadContent;
      cover: CoverImages | undefined;
      bookId: string;
      version: number;
      existing: ImportedBookState | undefined;
      options: EpubImportOptions;
      categories: string[];
      originalEpubKey: string;
    },
  ): Promise<void> {
    const { metadata, content, cover, bookId, version, existing, originalEpubKey } = input;
    const now = this.deps.clock().toISOString();
    const versionName = String(version);
    const book = {
      title: metadata.title,
      authors: toJson(metadata.authors),
      summary: metadata.description,
      imageUrl: cover ? this.deps.storage.urlFor(cover.imageKey) : null,
    };
    const label = input.options.featured ? "community-featured" : null;
    const data = {
      bookTeaser: content.teaser,
      tocLength: content.tocLength,
      timeToReadMinutes: Math.ceil(content.wordCount / WORDS_PER_MINUTE),
      wordCount: content.wordCount,
      css: content.css,
      epubToc: toJson(content.toc),
      latestVersion: versionName,
      versionsMap: toJson({ ...parseJson<Record<string, string>>(existing?.versionsMap, {}), [versionName]: now }),
      epubIdentifier: metadata.identifier,
      language: metadata.language,
      originalEpubKey,
      startAnchorId: content.startAnchorId,
      originalPublicationYear: content.originalPublicationYear,
    };

    if (existing) {
      const moved = await this.repository.updateBookData(trx, bookId, existing.latestVersion, data);
      if (!moved) throw AppError.of("epubImportConflict");
      // A new edition without --featured keeps the label the book has: featuring is not the import's to undo.
      await this.repository.updateBook(trx, bookId, label ? { ...book, publishingLabel: label } : book);
    } else {
      await this.repository.insertBook(trx, {
        id: bookId,
        ...book,
        publishingLabel: label,
        authorIds: toJson([]),
        source: "public-domain",
        display: 1,
        status: "launched",
        completionStatus: "complete",
        launchedDate: now,
        addedDate: now,
        lastInteractedAt: null,
      });
      await this.repository.insertBookData(trx, { bookId, characters: toJson([]), moods: toJson([]), ...data });
    }
    await this.repository.insertChapters(
      trx,
      content.chapters.map((chapter) => ({ bookId, version: versionName, ...chapter })),
    );
    await this.repository.replaceGenres(
      trx,
      bookId,
      metadata.subjects.map((subject) => ({ id: slugify(subject), displayName: subject })),
    );
    await this.repository.addToCategories(trx, bookId, input.categories);
  }
}

/** Where a version's scoped CSS is stored as a file: `books/{bookId}/v{version}/book.css`. */
export function bookStylesheetKey(bookId: string, version: string): string {
  return assertSafeKey(`books/${bookId}/v${version}/book.css`);
}

/** Versions are "1", "2", …; the next is one past the highest so far. */
function nextVersion(state: ImportedBookState): number {
  const versions = [state.latestVersion, ...Object.keys(parseJson<Record<string, string>>(state.versionsMap, {}))]
    .map(Number)
    .filter(Number.isInteger);
  return Math.max(0, ...versions) + 1;
}
