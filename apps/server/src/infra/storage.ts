import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";

/** Where uploaded and generated files live: a folder in the data directory, or a bucket with QUIRE_STORAGE=s3 (s3-storage.ts). */
export interface FileStorage {
  /** Stores bytes under a key like `books/{bookId}/cover-1.jpg` and returns the URL it is served at. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Uint8Array | undefined>;
  /** The public URL path for a key, without touching the store. */
  urlFor(key: string): string;
  /** Removes every file under a folder-like prefix (`users-avatars/{userId}`); nothing there is fine. */
  removeAll(prefix: string): Promise<void>;
  /** Removes one file; a missing one is fine. */
  remove(key: string): Promise<void>;
  /** The key behind a URL this storage gave out, or undefined for any other URL. */
  keyForUrl(url: string): string | undefined;
}

export const FILES_URL_PREFIX = "/files/";

/** The book a stored file belongs to: `books/{id}/…` (imports, studio covers) or `covers/{id}.svg` (the seed's). */
export function bookIdOfFile(key: string): string | undefined {
  return /^books\/([^/]+)\//.exec(key)?.[1] ?? /^covers\/([^/]+)\.[a-z0-9]+$/i.exec(key)?.[1];
}

/** Keys are relative paths of safe segments; anything that could climb out of the root is refused. */
export function assertSafeKey(key: string): string {
  const normalized = normalize(key).split(sep).join("/");
  if (
    key.length === 0 ||
    key.length > 512 ||
    normalized.startsWith("/") ||
    normalized.split("/").some((segment) => segment === ".." || segment === "") ||
    !/^[A-Za-z0-9._\-/]+$/.test(normalized)
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return normalized;
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  pathFor(key: string): string {
    return join(this.root, assertSafeKey(key));
  }

  urlFor(key: string): string {
    return FILES_URL_PREFIX + assertSafeKey(key);
  }

  async put(key: string, bytes: Uint8Array): Promise<string> {
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
    return this.urlFor(key);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch {
      return false;
    }
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.pathFor(prefix), { recursive: true, force: true });
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  keyForUrl(url: string): string | undefined {
    if (!url.startsWith(FILES_URL_PREFIX)) return undefined;
    try {
      return assertSafeKey(url.slice(FILES_URL_PREFIX.length));
    } catch {
      return undefined;
    }
  }

  async read(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.pathFor(key));
    } catch {
      return undefined;
    }
  }
}
