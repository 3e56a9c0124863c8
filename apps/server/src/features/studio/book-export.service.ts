import { AppError, slugify, type TocEntry } from "@quire/core";
import { parseJson } from "../../db/json";
import type { FileStorage } from "../../infra/storage";
import { bookFileContentType } from "../epub";
import type { BookExportRepository } from "./book-export.repository";
import { buildEpub, type ExportFile, toXhtml } from "./epub-export";
import type { StudioAccess } from "./studio-access";

export interface BookExportDeps {
  repository: BookExportRepository;
  access: StudioAccess;
  storage: FileStorage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RESOURCE_ATTRIBUTE = /\b(src|href|xlink:href|poster)="([^"]+)"/g;

const extensionOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";

/** The name a book's EPUB is downloaded under (KOReader knows a file by the MD5 of its name, too). */
export const downloadFileName = (title: string) => `${slugify(title) || "book"}.epub`;

type ExportedBook = NonNullable<Awaited<ReturnType<BookExportRepository["book"]>>>;

export interface ExportedFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * `GET /books/:id/export.epub`. Community books are exported for their authors (and administrators)
 * as an EPUB 3 built from the chapters readers get. Public-domain books download, for anyone who can
 * see them, as the file their latest edition was imported from; one imported before the importer
 * kept that file is built like a community book.
 */
export class BookExportService {
  constructor(private readonly deps: BookExportDeps) {}

  async export(viewerId: string | null, bookId: string): Promise<ExportedFile> {
    const book = await this.deps.repository.book(bookId);
    if (!book) throw AppError.of("bookNotFound");
    const viewer = viewerId ? await this.deps.access.user(viewerId) : undefined;
    const mayEdit = viewer !== undefined && (viewer.isAdmin || book.authorIds.includes(viewer.userId));
    if (!mayEdit) {
      if (book.display !== 1) throw AppError.of("bookNotFound");
      if (book.source === "own") throw AppError.of("exportNotAllowed");
    }
    return this.build(bookId, book);
  }

  /**
   * A shown, launched book for a reading app (OPDS): community books too, which the export above keeps to their
   * authors because readers read them in Quire.
   */
  async readerCopy(bookId: string): Promise<ExportedFile> {
    const book = await this.deps.repository.book(bookId);
    if (book?.display !== 1 || book.status !== "launched") throw AppError.of("bookNotFound");
    return this.build(bookId, book);
  }

  private async build(bookId: string, book: ExportedBook): Promise<ExportedFile> {
    const { repository } = this.deps;
    if (!book.latestVersion) throw AppError.of("bookMetadataNotFound");
    const fileName = downloadFileName(book.title);
    if (book.source !== "own" && book.originalEpubKey) {
      const original = await this.deps.storage.read(book.originalEpubKey);
      if (original) return { fileName, bytes: original };
    }

    const [chapters, subjects] = await Promise.all([
      repository.chapters(bookId, book.latestVersion),
      repository.genreNames(bookId),
    ]);
    const fileNames = chapterFileNames(chapters.map((chapter) => chapter.anchorId));
    const resources = new Map<string, ExportFile>();
    const exportChapters = [];
    for (const chapter of chapters) {
      const html = await this.localiseResources(chapter.html, resources);
      exportChapters.push({
        anchorId: fileNames.get(chapter.anchorId) as string,
        name: chapter.name,
        xhtml: toXhtml(rewriteReaderLinks(html, bookId, fileNames)),
      });
    }
    const toc = mapTocAnchors(parseJson<TocEntry[]>(book.epubToc, []), fileNames);
    const bytes = buildEpub({
      identifier: book.epubIdentifier ?? (UUID.test(bookId) ? `urn:uuid:${bookId}` : `urn:quire:book:${bookId}`),
      title: book.title,
      authors: parseJson<string[]>(book.authors, []),
      language: book.language || "en",
      summary: book.summary,
      subjects,
      // When its text last changed, not when it was asked for: the same book gives the same bytes, so a
      // reading app's file id (KOReader hashes the file) stays put between downloads.
      modified: new Date(
        chapters.reduce(
          (latest, { updatedAt }) => (updatedAt !== null && updatedAt > latest ? updatedAt : latest),
          book.addedDate,
        ),
      ),
      chapters: exportChapters,
      toc,
      cover: book.imageUrl ? await this.file(book.imageUrl, "images/cover") : undefined,
      resources: [...resources.values()],
    });
    return { fileName, bytes };
  }

  /** A stored file as a package file at `{hrefBase}.{ext}`, or undefined if it is not Quire's or is gone. */
  private async file(url: string, hrefBase: string): Promise<ExportFile | undefined> {
    const key = this.deps.storage.keyForUrl(url);
    const mediaType = key ? bookFileContentType(key) : undefined;
    if (!key || !mediaType) return undefined;
    const bytes = await this.deps.storage.read(key);
    return bytes ? { href: `${hrefBase}.${extensionOf(key)}`, mediaType, bytes } : undefined;
  }

  /** Images and media the chapter loads from Quire's storage go into the package, under media/. */
  private async localiseResources(html: string, resources: Map<string, ExportFile>): Promise<string> {
    for (const match of html.matchAll(RESOURCE_ATTRIBUTE)) {
      const url = (match[2] as string).replace(/&amp;/g, "&");
      if (resources.has(url) || !this.deps.storage.keyForUrl(url)) continue;
      const file = await this.file(url, `media/${resources.size + 1}`);
      if (file) resources.set(url, file);
    }
    return html.replace(RESOURCE_ATTRIBUTE, (whole, attribute: string, value: string) => {
      const file = resources.get(value.replace(/&amp;/g, "&"));
      return file ? `${attribute}="${file.href}"` : whole;
    });
  }
}

/** Anchor → package file name (without .xhtml): the anchor itself when it is a safe name, else chapter-n. */
function chapterFileNames(anchors: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  anchors.forEach((anchor, index) => {
    let name = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(anchor) && anchor !== "nav" ? anchor : `chapter-${index + 1}`;
    while (used.has(name)) name = `${name}-${index + 1}`;
    used.add(name);
    names.set(anchor, name);
  });
  return names;
}

/** Links the importer turned into reader URLs (`/read/{bookId}/{anchor}#…`) point at the package's files again. */
function rewriteReaderLinks(html: string, bookId: string, fileNames: Map<string, string>): string {
  const prefix = `/read/${encodeURIComponent(bookId)}/`;
  return html.replace(/\bhref="([^"]+)"/g, (whole, href: string) => {
    if (!href.startsWith(prefix)) return whole;
    const [anchor = "", fragment] = href.slice(prefix.length).split("#");
    const name = fileNames.get(anchor);
    return name ? `href="${name}.xhtml${fragment ? `#${fragment}` : ""}"` : whole;
  });
}

function mapTocAnchors(entries: TocEntry[], fileNames: Map<string, string>): TocEntry[] {
  return entries
    .filter((entry) => fileNames.has(entry.anchorId))
    .map((entry) => ({
      ...entry,
      anchorId: fileNames.get(entry.anchorId) as string,
      children: mapTocAnchors(entry.children, fileNames),
    }));
}
