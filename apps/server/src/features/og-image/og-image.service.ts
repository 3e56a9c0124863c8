import { createHash } from "node:crypto";
import { AppError, thumbnailUrl } from "@quire/core";
import type { Logger } from "pino";
import { assertSafeKey, type FileStorage } from "../../infra/storage";
import { type CatalogService, VISITOR } from "../catalog";
import { imageWork } from "../uploads";
import { OG_CARD, renderOgCard } from "./og-card";

export interface OgImageDeps {
  storage: FileStorage;
  catalog: CatalogService;
  maxPixels: number;
  logger: Logger;
}

/** What a page's head says about its preview card. */
export interface OgImage {
  url: string;
  width: number;
  height: number;
  type: string;
}

/** The two things of a book that decide its card. */
export interface CardSource {
  id: string;
  imageUrl: string | null;
}

export type OgImageAnswer = { image: Uint8Array } | { movedTo: string } | undefined;

/** Bumped when the card's drawing changes, so every book gets a new address and a new card. */
const CARD_LAYOUT = 1;
const FILE_NAME = /^[0-9a-f]{16}\.png$/;

const cardFolder = (bookId: string) => `books/${bookId}/og`;

/**
 * Link-preview cards for book pages, drawn from the cover on first request and kept in FileStorage. A
 * card's address carries a hash of the cover's URL (every new cover gets a new URL), so an address always
 * means one picture and is cached forever, a new cover gets a new card, and a process draws no card twice.
 */
export class OgImageService {
  readonly #drawing = new Map<string, Promise<Uint8Array | undefined>>();
  /** Covers that could not be drawn, so a broken one costs one attempt per process, not one per request. */
  readonly #failed = new Set<string>();

  constructor(private readonly deps: OgImageDeps) {}

  /** The book's card, or null when its cover is not a stored file (nothing to draw from). */
  forBook(book: CardSource): OgImage | null {
    const cover = this.coverKey(book);
    if (!cover) return null;
    const version = createHash("sha256").update(`${CARD_LAYOUT}\n${book.imageUrl}`).digest("hex").slice(0, 16);
    return { url: `/og/books/${encodeURIComponent(book.id)}/${version}.png`, ...OG_CARD };
  }

  /**
   * The card at `/og/books/{bookId}/{fileName}`: undefined for a book a visitor cannot see (like its page),
   * and a pointer to the current card when the cover has changed since that address was handed out.
   */
  async image(bookId: string, fileName: string): Promise<OgImageAnswer> {
    if (!FILE_NAME.test(fileName)) return undefined;
    let book: CardSource;
    try {
      ({ book } = await this.deps.catalog.getBook(bookId, VISITOR));
    } catch (error) {
      if (error instanceof AppError && error.code === "not-found") return undefined;
      throw error;
    }
    const card = this.forBook(book);
    const cover = this.coverKey(book);
    if (!card || !cover) return undefined;
    if (!card.url.endsWith(`/${fileName}`)) return { movedTo: card.url };

    const key = assertSafeKey(`${cardFolder(book.id)}/${fileName}`);
    const stored = await this.deps.storage.read(key);
    if (stored) return { image: stored };
    if (this.#failed.has(key)) return undefined;
    let drawing = this.#drawing.get(key);
    if (!drawing) {
      drawing = this.draw(book.id, cover, key).finally(() => this.#drawing.delete(key));
      this.#drawing.set(key, drawing);
    }
    const image = await drawing;
    return image && { image };
  }

  private coverKey(book: CardSource): string | undefined {
    return book.imageUrl ? this.deps.storage.keyForUrl(book.imageUrl) : undefined;
  }

  /** A cover that cannot be decoded is remembered; a storage failure is thrown, to be tried again later. */
  private async draw(bookId: string, cover: string, key: string): Promise<Uint8Array | undefined> {
    const { storage, maxPixels, logger } = this.deps;
    // A raster cover's 556 px thumbnail is already the size the card shows it at; an SVG has none.
    const source =
      (cover.endsWith(".svg") ? undefined : await storage.read(assertSafeKey(thumbnailUrl(cover, "medium")))) ??
      (await storage.read(cover));
    if (!source) {
      logger.warn({ bookId, cover }, "a book's cover is missing from storage; its link-preview card is not found");
      return undefined;
    }
    let image: Buffer;
    try {
      image = await imageWork.run(() => renderOgCard(source, maxPixels));
    } catch (err) {
      this.#failed.add(key);
      logger.error({ err, bookId, cover }, "a book's cover could not be drawn; its link-preview card is not found");
      return undefined;
    }
    // The book's earlier cards go: their addresses now point here.
    await storage.removeAll(cardFolder(bookId));
    await storage.put(key, image, OG_CARD.type);
    return image;
  }
}
