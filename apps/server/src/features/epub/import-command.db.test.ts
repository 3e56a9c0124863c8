import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { loadConfig } from "../../config";
import { type AppContext, createContext } from "../../context";
import { createRootLogger } from "../../logger";
import { fortyMegabyteBook } from "./hostile-epubs";
import { runImportCommand } from "./import-command";
import { testEpub } from "./test-epubs";

describe.each(dialectsUnderTest())("quire import on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let dataDir = "";
  let ctx: AppContext;
  const lines: string[] = [];
  const errors: string[] = [];
  const output = { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "quire-import-cli-"));
    const config = loadConfig({ NODE_ENV: "test", QUIRE_DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    ctx = createContext(config, { database: testDb.handle, logger: createRootLogger("silent") });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("imports a file as a featured book in a category, then updates it", async () => {
    const category = await createCategory(testDb.db);
    const path = join(dataDir, "book.epub");
    await writeFile(path, testEpub({ identifier: "urn:quire-test:cli", title: "Command Line Book" }));

    expect(await runImportCommand(ctx, [path, "--featured", "--category", category.id], output)).toBe(0);
    expect(lines[0]).toMatch(/^Imported “Command Line Book” by Ada Author: book [0-9a-f-]{36}, version 1\.$/);
    expect(lines[1]).toBe("2 chapters, 2 table-of-contents entries, 26 words, no cover.");
    const book = await testDb.db
      .selectFrom("books")
      .selectAll()
      .where("title", "=", "Command Line Book")
      .executeTakeFirstOrThrow();
    expect(book.publishingLabel).toBe("community-featured");

    expect(await runImportCommand(ctx, [path], output)).toBe(0);
    expect(lines[2]).toMatch(/^Updated “Command Line Book” by Ada Author: book .*, version 2\.$/);
  });

  it("prints what a book imported without, after the summary", async () => {
    const path = join(dataDir, "bent.epub");
    await writeFile(
      path,
      testEpub({ identifier: "urn:quire-test:cli-bent", files: { "OEBPS/text/chapter-2.xhtml": null } }),
    );
    lines.length = 0;
    expect(await runImportCommand(ctx, [path], output)).toBe(0);
    expect(lines.slice(1)).toEqual([
      "1 chapters, 1 table-of-contents entries, 16 words, no cover.",
      "Imported with 1 warning:",
      "  - OEBPS/content.opf refers to OEBPS/text/chapter-2.xhtml, which the EPUB does not contain; the reference was left out.",
    ]);
  });

  it("prints refusals with what they are about, and exits with 1 (2 for a wrong command line)", async () => {
    const path = join(dataDir, "broken.epub");
    const container = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="../content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
    await writeFile(path, testEpub({ files: { "META-INF/container.xml": container } }));
    expect(await runImportCommand(ctx, [path], output)).toBe(1);
    expect(errors.at(-1)).toBe("This EPUB contains a file path that points outside the book. (../content.opf)");
    expect(await runImportCommand(ctx, ["--featured"], output)).toBe(2);
    expect(errors.at(-1)).toMatch(/^Name the EPUB to import\./);
  });

  it("prints why a hostile book is refused", async () => {
    const path = join(dataDir, "forty-megabytes.epub");
    await writeFile(path, fortyMegabyteBook());
    expect(await runImportCommand(ctx, [path], output)).toBe(1);
    expect(errors.at(-1)).toBe(
      "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
    );
  }, 60_000);
});
