import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "../../../test/test-db";
import { useEpubImport } from "./epub-import-harness";
import { bentBook } from "./test-epubs";

describe.each(dialectsUnderTest())("EPUB import that bends on %s", (dialect) => {
  const h = useEpubImport(dialect);

  it("imports a book with a missing image and a link leaving it, with two warnings and the image's alt text", async () => {
    const result = await h.service().import(bentBook());
    expect(result.warnings).toEqual([
      {
        code: "missing-file",
        path: "OEBPS/text/one.xhtml",
        message:
          "OEBPS/text/one.xhtml refers to OEBPS/images/map.png, which the EPUB does not contain; the reference was left out.",
      },
      {
        code: "outside-path",
        path: "OEBPS/text/one.xhtml",
        message:
          "OEBPS/text/one.xhtml refers to ../../../../etc/passwd, a path outside the book; the reference was left out.",
      },
    ]);
    const chapters = await h.testDb.db
      .selectFrom("chapters")
      .select(["anchorId", "role", "html"])
      .where("bookId", "=", result.bookId)
      .orderBy("chapterNumber")
      .execute();
    expect(chapters.map((chapter) => [chapter.anchorId, chapter.role])).toEqual([
      ["title", "front"],
      ["one", "body"],
      ["colophon", "back"],
    ]);
    expect(chapters[1]?.html).toContain(
      '<p>Look: <span class="quire-missing-image">A map of the island</span>. <a>Elsewhere</a> was far.</p>',
    );
    const data = await h.testDb.db
      .selectFrom("bookData")
      .select(["startAnchorId", "originalPublicationYear"])
      .where("bookId", "=", result.bookId)
      .executeTakeFirstOrThrow();
    expect(data).toEqual({ startAnchorId: "one", originalPublicationYear: 1911 });
  });
});
