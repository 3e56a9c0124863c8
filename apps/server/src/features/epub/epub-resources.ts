import { createHash } from "node:crypto";
import { assertSafeKey } from "../../infra/storage";
import type { EpubArchive } from "./epub-archive";
import type { EpubPackage } from "./epub-package";

/** The files a book's chapters and CSS use, as Quire stores and serves them. */
export type ResourceKind = "image" | "font" | "media";

export interface BookResource {
  /** Where the file is in the EPUB. */
  path: string;
  /** Storage key (`books/{bookId}/v{version}/…`). */
  key: string;
  contentType: string;
}

/** Served by extension (the file route picks Content-Type from it), so every stored key ends in one of these. */
const TYPES_BY_EXTENSION: Record<string, { contentType: string; kind: ResourceKind }> = {
  png: { contentType: "image/png", kind: "image" },
  jpg: { contentType: "image/jpeg", kind: "image" },
  jpeg: { contentType: "image/jpeg", kind: "image" },
  gif: { contentType: "image/gif", kind: "image" },
  webp: { contentType: "image/webp", kind: "image" },
  avif: { contentType: "image/avif", kind: "image" },
  svg: { contentType: "image/svg+xml", kind: "image" },
  bmp: { contentType: "image/bmp", kind: "image" },
  woff: { contentType: "font/woff", kind: "font" },
  woff2: { contentType: "font/woff2", kind: "font" },
  otf: { contentType: "font/otf", kind: "font" },
  ttf: { contentType: "font/ttf", kind: "font" },
  mp3: { contentType: "audio/mpeg", kind: "media" },
  m4a: { contentType: "audio/mp4", kind: "media" },
  ogg: { contentType: "audio/ogg", kind: "media" },
  oga: { contentType: "audio/ogg", kind: "media" },
  wav: { contentType: "audio/wav", kind: "media" },
  mp4: { contentType: "video/mp4", kind: "media" },
  m4v: { contentType: "video/mp4", kind: "media" },
  webm: { contentType: "video/webm", kind: "media" },
  vtt: { contentType: "text/vtt", kind: "media" },
};

/** The Content-Type a stored book file is served and packaged with, by its extension; undefined for any other file. */
export function bookFileContentType(key: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";
  return extension === "css" ? "text/css" : TYPES_BY_EXTENSION[extension]?.contentType;
}

/** Manifest media types (including the non-standard font ones EPUB 2 tools wrote) → the extension to store under. */
const EXTENSION_BY_MEDIA_TYPE: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
  "image/bmp": "bmp",
  "font/woff": "woff",
  "application/font-woff": "woff",
  "font/woff2": "woff2",
  "font/otf": "otf",
  "font/ttf": "ttf",
  "application/font-sfnt": "otf",
  "application/vnd.ms-opentype": "otf",
  "application/x-font-otf": "otf",
  "application/font-otf": "otf",
  "application/x-font-ttf": "ttf",
  "application/x-font-truetype": "ttf",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/ogg": "ogg",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "text/vtt": "vtt",
};

const MAX_PATH_LENGTH = 300;

const extensionOf = (path: string) => /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();

/**
 * Collects the resources a book refers to while its chapters and CSS are sanitised, and gives each
 * its storage key under `prefix`: the EPUB path with every unsafe character replaced, and an
 * extension that matches what the file is.
 */
export class BookResources {
  private readonly byPath = new Map<string, BookResource>();
  private readonly keys = new Set<string>();

  constructor(
    private readonly archive: EpubArchive,
    private readonly pkg: EpubPackage,
    private readonly prefix: string,
    private readonly urlForKey: (key: string) => string,
    private readonly oversizeImages: ReadonlySet<string> = new Set(),
  ) {}

  /** The served URL of the file at `path` if it exists and is the kind of file asked for; otherwise undefined. */
  url(path: string, kind: ResourceKind): string | undefined {
    const known = this.byPath.get(path);
    if (known)
      return TYPES_BY_EXTENSION[extensionOf(known.key) ?? ""]?.kind === kind ? this.urlForKey(known.key) : undefined;
    if (!this.archive.has(path) || this.oversizeImages.has(path)) return undefined;
    const extension = this.extensionFor(path);
    const type = extension ? TYPES_BY_EXTENSION[extension] : undefined;
    if (!extension || !type || type.kind !== kind) return undefined;
    const resource = { path, key: this.keyFor(path, extension), contentType: type.contentType };
    this.byPath.set(path, resource);
    return this.urlForKey(resource.key);
  }

  /** Every resource referred to so far, in the order first seen. */
  list(): BookResource[] {
    return [...this.byPath.values()];
  }

  /** A key of Quire's own under this book version (the CSS file, the cover). */
  ownKey(name: string): string {
    return assertSafeKey(`${this.prefix}/${name}`);
  }

  private extensionFor(path: string): string | undefined {
    const own = extensionOf(path);
    if (own && TYPES_BY_EXTENSION[own]) return own;
    const mediaType = this.pkg.itemsByPath.get(path)?.mediaType;
    return mediaType ? EXTENSION_BY_MEDIA_TYPE[mediaType] : undefined;
  }

  private keyFor(path: string, extension: string): string {
    const safe = path
      .split("/")
      .map((segment) =>
        segment
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .replace(/[^A-Za-z0-9._-]+/g, "_")
          .replace(/^\.+/, "_"),
      )
      .join("/");
    // Storage keys are bounded; an absurdly long path is stored under a name derived from it instead.
    const named = safe.length <= MAX_PATH_LENGTH ? safe : createHash("sha256").update(path).digest("hex").slice(0, 32);
    const withExtension = extensionOf(named) === extension ? named : `${named}.${extension}`;
    const dot = withExtension.lastIndexOf(".");
    // Resources live under content/, so they never meet Quire's own files (the cover and its thumbs).
    let candidate = `${this.prefix}/content/${withExtension}`;
    for (let n = 2; this.keys.has(candidate); n++) {
      candidate = `${this.prefix}/content/${withExtension.slice(0, dot)}-${n}${withExtension.slice(dot)}`;
    }
    this.keys.add(candidate);
    return assertSafeKey(candidate);
  }
}
