import { EpubArchive, type EpubLimits } from "./epub-archive";
import { type BookContent, type BookContentOptions, buildBookContent } from "./epub-book";
import type { StoredFile } from "./epub-cover";
import { findDataImages } from "./epub-data-images";
import { deobfuscateFont, type FontObfuscation, readObfuscatedFonts } from "./epub-encryption";
import { type EpubPackage, readPackage } from "./epub-package";
import { bookFileContentType } from "./epub-resources";
import { decodeText } from "./epub-xml";

/**
 * The part of an import that needs nothing but the file: opening the zip, reading the package,
 * sanitising chapters, CSS and SVG, and the bytes of every file to store. It costs CPU in
 * proportion to the book, so it runs in a worker thread (epub-reading-worker.ts).
 */

export interface OpenedEpub {
  archive: EpubArchive;
  pkg: EpubPackage;
  fonts: Map<string, FontObfuscation>;
}

/** Opens the zip and reads its package; throws the refusal for anything wrong with either. */
export function openEpub(bytes: Uint8Array, limits: EpubLimits): OpenedEpub {
  const archive = EpubArchive.open(bytes, limits);
  return { archive, pkg: readPackage(archive), fonts: readObfuscatedFonts(archive) };
}

/** What the database needs of the content; the files go to storage separately. */
export type ReadContent = Omit<BookContent, "resources" | "svgDocuments">;

/** A copy with a buffer of its own: a view into the archive would take the whole EPUB along when posted. */
export const ownCopy = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/** Raster images in the archive (by manifest type, else extension), copied out for the pixel check (epub-pictures.ts). */
export function rasterImages(opened: OpenedEpub): { path: string; bytes: Uint8Array }[] {
  return opened.archive.paths
    .filter((path) => {
      const type = opened.pkg.itemsByPath.get(path)?.mediaType ?? bookFileContentType(path) ?? "";
      return type.startsWith("image/") && type !== "image/svg+xml";
    })
    .map((path) => ({ path, bytes: ownCopy(opened.archive.read(path)) }));
}

const TEXT_TYPES = new Set(["application/xhtml+xml", "text/html", "text/css", "image/svg+xml"]);

/** The raster data: images written in the book's chapters, CSS and SVG files, for the same pixel check. */
export function dataImages(opened: OpenedEpub): { path: string; bytes: Uint8Array }[] {
  const found = new Map<string, Uint8Array>();
  for (const path of opened.archive.paths) {
    const type = opened.pkg.itemsByPath.get(path)?.mediaType ?? bookFileContentType(path) ?? "";
    if (!TEXT_TYPES.has(type) && !/\.x?html?$/i.test(path)) continue;
    for (const { key, bytes } of findDataImages(decodeText(opened.archive.read(path)))) found.set(key, bytes);
  }
  return [...found].map(([key, bytes]) => ({ path: key, bytes }));
}

/** The book's content for the database and the files for storage: resources as stored, SVG sanitised, fonts readable. */
export function readContent(
  opened: OpenedEpub,
  options: BookContentOptions,
): { content: ReadContent; files: StoredFile[] } {
  const { archive, pkg, fonts } = opened;
  const { resources, svgDocuments, ...content } = buildBookContent(archive, pkg, options);
  const files = resources.list().map((resource): StoredFile => {
    const svg = svgDocuments.get(resource.path);
    const obfuscation = fonts.get(resource.path);
    const raw = svg === undefined ? archive.read(resource.path) : new TextEncoder().encode(svg);
    const bytes = obfuscation ? deobfuscateFont(raw, obfuscation, pkg.metadata.identifier) : raw;
    return { key: resource.key, bytes: ownCopy(bytes), contentType: resource.contentType };
  });
  return { content, files };
}
