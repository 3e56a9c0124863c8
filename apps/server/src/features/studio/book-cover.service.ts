import { type StudioBook, type ThumbnailSize, thumbnailUrl } from "@quire/core";
import type { Logger } from "pino";
import { sharp } from "../../infra/sharp";
import { assertSafeKey, type FileStorage } from "../../infra/storage";
import { prepareProfileImage, renderThumbnail, THUMBNAIL_PX } from "../uploads";
import type { StudioRepository } from "./studio.repository";
import type { StudioAccess } from "./studio-access";
import type { StudioBooksService } from "./studio-books.service";

export interface BookCoverDeps {
  repository: StudioRepository;
  access: StudioAccess;
  books: StudioBooksService;
  storage: FileStorage;
  logger: Logger;
  clock: () => Date;
  maxPixels: number;
  onPublicChange: () => void;
}

const SIZES = Object.keys(THUMBNAIL_PX) as ThumbnailSize[];

/** `books/{bookId}/cover-{ms timestamp}.jpg`: a new name per upload, so caches never show the old cover. */
export function bookCoverKey(bookId: string, at: Date): string {
  return assertSafeKey(`books/${bookId}/cover-${at.getTime()}.jpg`);
}

function isStudioCoverKey(key: string, bookId: string): boolean {
  const prefix = `books/${bookId}/cover-`;
  return key.startsWith(prefix) && /^\d+\.jpg$/.test(key.slice(prefix.length));
}

/**
 * A community book's cover, uploaded by its author. The file is checked and cleaned like a profile
 * image (JPEG, PNG or WebP by its bytes; pixel limit; metadata gone), then stored as one JPEG with
 * its 268 and 556 px thumbnails beside it (SPEC §7 names), and the previous studio cover is removed.
 */
export class BookCoverService {
  constructor(private readonly deps: BookCoverDeps) {}

  async save(userId: string, bookId: string, bytes: Uint8Array): Promise<StudioBook> {
    const { storage, repository } = this.deps;
    const { found } = await this.deps.access.editableBook(userId, bookId);
    const image = await prepareProfileImage(bytes, this.deps.maxPixels);
    const jpeg = await sharp(image.bytes, { limitInputPixels: this.deps.maxPixels })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
    const key = bookCoverKey(bookId, this.deps.clock());
    const url = await storage.put(key, jpeg, "image/jpeg");
    await Promise.all(SIZES.map((size) => this.storeThumbnail(key, jpeg, size)));
    await repository.transaction((trx) => repository.updateBook(trx, bookId, { imageUrl: url }));
    if (found.book.display === 1) this.deps.onPublicChange();
    const previous = found.book.imageUrl ? storage.keyForUrl(found.book.imageUrl) : undefined;
    if (previous && previous !== key && isStudioCoverKey(previous, bookId)) await this.remove(previous);
    return this.deps.books.getBook(userId, bookId);
  }

  /** SPEC §7: a thumbnail that cannot be made is logged; readers then get the cover itself. */
  private async storeThumbnail(key: string, jpeg: Buffer, size: ThumbnailSize): Promise<void> {
    try {
      const thumbnail = await renderThumbnail(jpeg, size, this.deps.maxPixels);
      await this.deps.storage.put(assertSafeKey(thumbnailUrl(key, size)), thumbnail, "image/jpeg");
    } catch (err) {
      this.deps.logger.error({ err, key, size }, "book cover thumbnail failed; the cover itself is used instead");
    }
  }

  /** Leftover files are only untidy: a failure is logged, not thrown. */
  private async remove(key: string): Promise<void> {
    const keys = [key, ...SIZES.map((size) => thumbnailUrl(key, size))];
    try {
      await Promise.all(keys.map((k) => this.deps.storage.remove(k)));
    } catch (err) {
      this.deps.logger.warn({ err, key }, "could not remove a replaced book cover");
    }
  }
}
