import { execFileSync } from "node:child_process";
import { join } from "node:path";

// Real EPUBs from the shared corpus (never copied into the repository).
export const CORPUS = join(import.meta.dirname, "../../../shared/corpus");
export const SHERLOCK = join(CORPUS, "standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub");
// The only corpus book whose XHTML carries <script> elements (and on* handlers): the Readium scripting tests.
export const SCRIPTED = join(CORPUS, "readium/epub30-test-0102.epub");

/**
 * Imports an EPUB into the running e2e server's data directory with the real CLI, as an operator
 * would (SQLite in WAL mode lets a second process write while the server runs). Returns the book id.
 */
export function importBook(file: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const output = execFileSync("node", ["--import", "tsx", "../apps/server/src/cli.ts", "import", file], {
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, QUIRE_DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const id = output.match(/book ([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`No book id in the import's output: ${output}`);
  return id;
}
