import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { countRows } from "../../../test/row-counts";
import { useTestDatabase } from "../../../test/test-db";
import type { DialectName } from "../../db/dialect";
import { LocalFileStorage } from "../../infra/storage";
import type { EpubLimits } from "./epub-archive";
import { EpubImportService } from "./epub-import.service";

export const NOW = new Date("2027-03-01T09:00:00.000Z");

/**
 * The import service on a test database and a storage folder of its own, with the readings the import
 * tests make of both: the files under `books/`, and row counts of every table an import writes.
 */
export function useEpubImport(dialect: DialectName) {
  const testDb = useTestDatabase(dialect);
  let filesDir = "";
  let storage = new LocalFileStorage(tmpdir());
  const service = (limits?: Partial<EpubLimits>) =>
    new EpubImportService({
      db: testDb.db,
      storage,
      logger: pino({ level: "silent" }),
      clock: () => NOW,
      maxImagePixels: 50_000_000,
      ...(limits ? { limits } : {}),
    });

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), "quire-epub-"));
    storage = new LocalFileStorage(filesDir);
  });
  afterAll(async () => {
    await rm(filesDir, { recursive: true, force: true });
  });

  const storedFiles = async (): Promise<string[]> => {
    const root = join(filesDir, "books");
    if (!existsSync(root)) return [];
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(filesDir, join(entry.parentPath, entry.name)));
  };

  const counts = async () => {
    const count = (table: "books" | "bookData" | "chapters" | "genres" | "bookGenres" | "categoryBooks") =>
      countRows(testDb.db, table);
    return {
      books: await count("books"),
      bookData: await count("bookData"),
      chapters: await count("chapters"),
      genres: await count("genres"),
      bookGenres: await count("bookGenres"),
      categoryBooks: await count("categoryBooks"),
      files: (await storedFiles()).length,
    };
  };

  return {
    testDb,
    service,
    storage: () => storage,
    filesDir: () => filesDir,
    keyOf: (url: string) => storage.keyForUrl(url) ?? `not a storage URL: ${url}`,
    storedFiles,
    counts,
  };
}
