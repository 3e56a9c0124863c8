/**
 * Paths inside an EPUB: zip entry names and the relative hrefs its documents use between them.
 * Nothing here touches a file system; a path is only ever a key into the archive.
 */

/**
 * A zip entry name as a clean relative path (`a/b/c.xhtml`), or undefined when it would point
 * outside the book: an absolute path, a drive letter, a `..` segment, or a NUL byte.
 * Backslashes count as separators, since some Windows tools write them.
 */
export function normalizeArchivePath(name: string): string | undefined {
  if (name.includes("\0")) return undefined;
  const slashed = name.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) return undefined;
  const segments: string[] = [];
  for (const segment of slashed.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") return undefined;
    segments.push(segment);
  }
  return segments.join("/");
}

/** The folder part of an archive path (`a/b` for `a/b/c.xhtml`, `` for a top-level file). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

export type ResolvedHref =
  /** A file in the archive, maybe with an element id inside it. */
  | { kind: "internal"; path: string; fragment: string | undefined }
  /** An element id in the same document (`#note-1`). */
  | { kind: "fragment"; fragment: string }
  /** An absolute URL (`https:`, `mailto:`, `javascript:`…); `scheme` is lower-case. */
  | { kind: "external"; url: string; scheme: string }
  /** An absolute path or one climbing out of the book (`/etc/passwd`, `../../x`): never read, only reported. */
  | { kind: "outside"; href: string }
  /** Empty or undecodable. */
  | { kind: "invalid" };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * Resolves an href written in the document at `fromPath` (hrefs are URL-encoded and relative to
 * their document). Browsers ignore tabs and newlines inside URLs and spaces around them, so we do too:
 * `java\tscript:` is still `javascript:`.
 */
export function resolveHref(fromPath: string, href: string): ResolvedHref {
  const cleaned = href.replace(/[\t\n\r]/g, "").trim();
  if (cleaned === "") return { kind: "invalid" };
  const scheme = SCHEME.exec(cleaned);
  if (scheme) return { kind: "external", url: cleaned, scheme: (scheme[1] as string).toLowerCase() };
  if (cleaned.startsWith("//") || cleaned.startsWith("\\\\")) return { kind: "external", url: cleaned, scheme: "" };

  const hash = cleaned.indexOf("#");
  const beforeHash = hash < 0 ? cleaned : cleaned.slice(0, hash);
  const fragment = hash < 0 ? undefined : decode(cleaned.slice(hash + 1));
  if (hash >= 0 && fragment === undefined) return { kind: "invalid" };
  const query = beforeHash.indexOf("?");
  const pathPart = query < 0 ? beforeHash : beforeHash.slice(0, query);
  if (pathPart === "") {
    return fragment ? { kind: "fragment", fragment } : { kind: "invalid" };
  }
  if (pathPart.startsWith("/")) return { kind: "outside", href: cleaned };
  const decoded = decode(pathPart);
  if (decoded === undefined) return { kind: "invalid" };
  const folder = folderOf(fromPath);
  const joined = folder ? `${folder}/${decoded}` : decoded;
  if (joined.includes("\0")) return { kind: "invalid" };
  const path = normalizeRelative(joined);
  if (path === undefined) return { kind: "outside", href: cleaned };
  return { kind: "internal", path, fragment: fragment || undefined };
}

/** Like normalizeArchivePath, but `..` may climb within the book (`text/../images/a.png`). */
function normalizeRelative(joined: string): string | undefined {
  const segments: string[] = [];
  for (const segment of joined.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return undefined;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return segments.length > 0 ? segments.join("/") : undefined;
}
