import { describe, expect, it } from "vitest";
import { EpubArchive } from "./epub-archive";
import { buildBookContent } from "./epub-book";
import { readPackage } from "./epub-package";
import { refusalOf, type TestEpubOptions, testEpub } from "./test-epubs";

const PREFIX = "books/book-1/v1/abcd";

function build(options: TestEpubOptions) {
  const archive = EpubArchive.open(testEpub(options));
  return buildBookContent(archive, readPackage(archive), {
    bookId: "book-1",
    keyPrefix: PREFIX,
    urlForKey: (key) => `/files/${key}`,
  });
}

const LONG_TEXT = Array.from({ length: 60 }, (_, index) => `Word${index} and more.`).join(" ");

describe("buildBookContent", () => {
  it("makes one chapter per spine document, named by the table of contents, its heading or its title", () => {
    const content = build({
      chapters: [
        { file: "Title Page.xhtml", title: "Title", body: "<p>A Book</p>" },
        { file: "text/chapter.xhtml", title: "Doc title", body: "<h1>First <i>Light</i></h1><p>One two.</p>" },
        { file: "more/chapter.xhtml", title: "Second doc", body: "<p>No heading here.</p>" },
        { file: "notes.xhtml", title: "", body: "<p>Notes.</p>" },
      ],
      navItems: '<li><a href="text/Title%20Page.xhtml">Cover Page</a></li>',
    });
    expect(content.chapters.map((chapter) => [chapter.anchorId, chapter.name, chapter.chapterNumber])).toEqual([
      ["title-page", "Cover Page", 1],
      ["chapter", "First Light", 2],
      ["chapter-2", "Second doc", 3],
      ["notes", "Chapter 4", 4],
    ]);
    expect(content.chapters[1]?.html).toBe(
      '<div class="quire-body" data-chapter="chapter" lang="en"><h1>First <i>Light</i></h1><p>One two.</p></div>',
    );
    expect(content.chapters.map((chapter) => chapter.wordCount)).toEqual([2, 4, 3, 1]);
    expect(content.wordCount).toBe(10);
  });

  it("maps the navigation document onto chapters, keeping fragments, and counts every entry", () => {
    const content = build({
      navItems: `<li><a href="text/chapter-1.xhtml">Opening</a><ol><li><a href="text/chapter-1.xhtml#s2">Scene 2</a></li></ol></li>
        <li><a href="text/chapter-2.xhtml">Middle</a></li><li><a href="text/gone.xhtml">Gone</a></li>`,
    });
    expect(content.toc).toEqual([
      {
        title: "Opening",
        anchorId: "chapter-1",
        children: [{ title: "Scene 2", anchorId: "chapter-1", fragment: "s2", children: [] }],
      },
      { title: "Middle", anchorId: "chapter-2", children: [] },
    ]);
    expect(content.tocLength).toBe(3);
  });

  it("falls back to the NCX when the navigation document is broken, then to the reading order", () => {
    const ncx = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>
      <navPoint id="a"><navLabel><text>From the NCX</text></navLabel><content src="text/chapter-2.xhtml"/></navPoint>
    </navMap></ncx>`;
    const withNcx = build({
      manifestItems: '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
      files: { "OEBPS/toc.ncx": ncx, "OEBPS/nav.xhtml": "<html><body><nav>" },
    });
    expect(withNcx.toc).toEqual([{ title: "From the NCX", anchorId: "chapter-2", children: [] }]);

    const withoutToc = build({ navItems: "" });
    expect(withoutToc.toc).toEqual([
      { title: "The Beginning", anchorId: "chapter-1", children: [] },
      { title: "The Middle", anchorId: "chapter-2", children: [] },
    ]);
  });

  it("links chapters to each other as reader locations", () => {
    const content = build({});
    expect(content.chapters[1]?.html).toContain('<a href="/read/book-1/chapter-1">as before</a>');
  });

  it("collects the CSS in link order, imports first, chapter styles scoped to their chapter", () => {
    const content = build({
      css: '@import "base.css"; p { color: red }',
      files: { "OEBPS/css/base.css": "body { margin: 0 }" },
      chapters: [
        {
          file: "one.xhtml",
          title: "One",
          body: "<p>x</p>",
          head: "<style>p { color: blue }</style>",
        },
      ],
    });
    expect(content.css.replace(/\s+/g, " ")).toBe(
      '.quire-book .quire-body { margin: 0; } .quire-book p { color: red; } .quire-book .quire-body[data-chapter="one"] p { color: blue; }',
    );
  });

  it("stores each referenced image, font and medium once, under safe keys in the version folder", () => {
    const content = build({
      css: "@font-face { font-family: Book Face; src: url(../fonts/face.otf) } h1 { background: url('../images/Ünïcode pic.png') }",
      chapters: [
        {
          file: "one.xhtml",
          title: "One",
          body: '<img src="../images/cover.jpg" alt=""/><img src="../images/cover.jpg" alt="again"/><svg><text font-family="Book Face">x</text></svg><p style="font-family: \'Book Face\'">y</p>',
        },
      ],
      files: {
        "OEBPS/images/cover.jpg": "jpeg",
        "OEBPS/images/Ünïcode pic.png": "png",
        "OEBPS/fonts/face.otf": "otf",
        "OEBPS/images/unused.png": "png",
      },
    });
    expect(content.resources.list()).toEqual([
      { path: "OEBPS/images/cover.jpg", key: `${PREFIX}/content/OEBPS/images/cover.jpg`, contentType: "image/jpeg" },
      { path: "OEBPS/fonts/face.otf", key: `${PREFIX}/content/OEBPS/fonts/face.otf`, contentType: "font/otf" },
      {
        path: "OEBPS/images/Ünïcode pic.png",
        key: `${PREFIX}/content/OEBPS/images/Unicode_pic.png`,
        contentType: "image/png",
      },
    ]);
    expect(content.css).toContain('font-family: "quire-book Book Face"');
    expect(content.chapters[0]?.html).toContain('<text font-family="&quot;quire-book Book Face&quot;">');
    expect(content.chapters[0]?.html).toContain('style="font-family: &quot;quire-book Book Face&quot;"');
  });

  it("shows image pages and follows manifest fallbacks; skips what cannot be shown", () => {
    const content = build({
      manifestItems: `<item id="pic" href="images/plate.png" media-type="image/png"/>
        <item id="pdf" href="doc.pdf" media-type="application/pdf" fallback="alt"/>
        <item id="alt" href="alt.xhtml" media-type="application/xhtml+xml"/>
        <item id="bin" href="data.bin" media-type="application/octet-stream"/>`,
      spineItems: '<itemref idref="pic"/><itemref idref="pdf"/><itemref idref="bin"/>',
      files: {
        "OEBPS/images/plate.png": "png",
        "OEBPS/doc.pdf": "%PDF",
        "OEBPS/data.bin": "bin",
        "OEBPS/alt.xhtml": '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Alternative</p></body></html>',
      },
    });
    expect(content.chapters.map((chapter) => chapter.anchorId)).toEqual(["chapter-1", "chapter-2", "plate", "alt"]);
    expect(content.chapters[2]?.html).toBe(
      `<div class="quire-body" data-chapter="plate"><img src="/files/${PREFIX}/content/OEBPS/images/plate.png" alt="" /></div>`,
    );
  });

  it("takes the teaser from where the body of the book begins", () => {
    const chapters = [
      { file: "title.xhtml", title: "Title", body: "<p>By Someone.</p>" },
      { file: "story.xhtml", title: "Story", body: `<h2>Story</h2><p>${LONG_TEXT}</p>` },
    ];
    expect(build({ chapters }).teaser).toMatch(/^Word0 and more\. Word1 and more\..*…$/);
    expect(build({ chapters }).teaser.length).toBeLessThanOrEqual(601);
  });

  it("refuses a book without any chapter it can show, and a chapter declaring entities", async () => {
    const empty = await refusalOf(() =>
      build({
        chapters: [],
        manifestItems: '<item id="x" href="x.bin" media-type="application/octet-stream"/>',
        spineItems: '<itemref idref="x"/>',
        files: { "OEBPS/x.bin": "x" },
      }),
    );
    expect(empty.message).toBe("This EPUB has no chapters to read.");

    const entities = await refusalOf(() =>
      build({
        chapters: [{ file: "a.xhtml", title: "A", body: "<p>x</p>" }],
        files: {
          "OEBPS/text/a.xhtml":
            '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY a "aaaaaaaa">]><html><body><p>&a;</p></body></html>',
        },
      }),
    );
    expect(entities.reason).toBe("epub/xml-entities");
    expect(entities.details).toEqual({ path: "OEBPS/text/a.xhtml" });
  });
});
