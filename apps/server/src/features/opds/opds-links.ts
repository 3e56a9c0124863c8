import { type Book, coverImageUrl } from "@quire/core";
import type { OpdsFeed } from "./opds.service";

export const OPDS1_ROOT = "/opds";
export const OPDS2_ROOT = "/opds/v2";
export const EPUB_TYPE = "application/epub+zip";
export const ACQUISITION_REL = "http://opds-spec.org/acquisition";
export const IMAGE_REL = "http://opds-spec.org/image";
export const THUMBNAIL_REL = "http://opds-spec.org/image/thumbnail";

/** Links a reading app resolves on its own: absolute, on Quire's public origin. */
export function absolute(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Both formats download the same file. */
export function downloadPath(bookId: string): string {
  return `${OPDS1_ROOT}/books/${encodeURIComponent(bookId)}/download.epub`;
}

export function bookPagePath(bookId: string): string {
  return `/books/${encodeURIComponent(bookId)}`;
}

const IMAGE_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};

export function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}

/** The cover and its thumbnail (the SPEC's medium one; an SVG cover is its own thumbnail). */
export function coverLinks(book: Book, origin: string): { cover: string; thumbnail: string } | undefined {
  if (!book.imageUrl) return undefined;
  return {
    cover: absolute(origin, book.imageUrl),
    thumbnail: absolute(origin, coverImageUrl(book.imageUrl, "medium")),
  };
}

/** When a book last changed as readers see it. */
export function bookUpdated(book: Book): string {
  return book.launchedDate ?? book.addedDate;
}

/** The paging links both formats write: the first page always, the neighbours when there are any. */
export function pagingLinks(feed: OpdsFeed, root: string): { rel: string; href: string }[] {
  if (feed.kind !== "acquisition") return [];
  const path = `${root}${feed.path}`;
  const at = (page: Record<string, string> | undefined) => withQuery(path, { ...feed.query, ...page });
  return [
    { rel: "first", href: at({}) },
    ...(feed.previous ? [{ rel: "previous", href: at(feed.previous) }] : []),
    ...(feed.next ? [{ rel: "next", href: at(feed.next) }] : []),
  ];
}
