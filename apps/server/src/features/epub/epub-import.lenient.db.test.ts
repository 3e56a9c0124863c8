import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "../../../test/test-db";
import { useEpubImport } from "./epub-import-harness";
import { testEpub } from "./test-epubs";

const BENT = testEpub({
  identifier: "urn:quire-test:bent",
  chapters: [
    {
      file: "title.xhtml",
      title: "Title Page",
      body: '<section epub:type="frontmatter titlepage"><h1>A Bent Book</h1></section>',
    },
    {
      file: "one.xhtml",
      title: "One",
      body: '<h2>One</h2><p>Look: <img src="../images/map.png" alt="A map of the island"/>. <a href="../../../../etc/passwd">Elsewhere</a> was far.</p>',
    },
    {
      file: "colophon.xhtml",
      title: "Colophon",
      body: '<section epub:type="colophon"><p>This book was published in <time>1911</time> by nobody.</p></section>',
    },
  ],
});

describe.each(dialectsUnderTest())("EPUB import that bends on %s", (dialect) => {
  const h = useEpubImport(dialect);

  it("imports a book with a missing image and a link leaving it, with two warnings and the image's alt text", async () => {
    const result = await h.service().import(BENT);
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
