import { describe, expect, it } from "vitest";
import { EpubArchive } from "./epub-archive";
import { readPackage } from "./epub-package";
import { refusalOf, testEpubFiles, zipFiles } from "./test-epubs";

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

function packageOf(opf: string, extra: Record<string, string> = {}) {
  const files: Record<string, string> = {
    mimetype: "application/epub+zip",
    "META-INF/container.xml": CONTAINER,
    "content.opf": opf,
    "a.xhtml": "<html/>",
    "b.xhtml": "<html/>",
    ...extra,
  };
  return readPackage(
    EpubArchive.open(zipFiles(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])))),
  );
}

describe("readPackage", () => {
  it("reads EPUB 3 metadata: the main title, authors by role, refinements, se:subject genres", () => {
    const pkg = packageOf(`<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="isbn">978-0-00-000000-0</dc:identifier>
    <dc:identifier id="uid">https://example.org/ebooks/the-book</dc:identifier>
    <dc:title id="sub">A Subtitle</dc:title>
    <dc:title id="main">The Book</dc:title>
    <meta refines="#main" property="title-type">main</meta>
    <dc:creator id="a1">Jane Writer</dc:creator>
    <meta refines="#a1" property="role" scheme="marc:relators">aut</meta>
    <dc:creator id="ill">Ivan Illustrator</dc:creator>
    <meta refines="#ill" property="role" scheme="marc:relators">ill</meta>
    <dc:language>en-GB</dc:language>
    <dc:description>&lt;p&gt;A &lt;i&gt;fine&lt;/i&gt; book &amp;amp; more.&lt;/p&gt;</dc:description>
    <dc:subject>Holmes, Sherlock (Fictitious character) -- Fiction</dc:subject>
    <meta property="se:subject">Fiction</meta>
    <meta property="se:subject">Mystery</meta>
    <meta property="se:subject">Mystery</meta>
  </metadata>
  <manifest>
    <item id="nav" href="a.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="b" href="b.xhtml" media-type="application/xhtml+xml"/>
    <item id="remote" href="https://example.org/font.woff" media-type="font/woff"/>
  </manifest>
  <spine><itemref idref="b"/><itemref idref="nav" linear="no"/></spine>
</package>`);
    expect(pkg.metadata).toEqual({
      identifier: "https://example.org/ebooks/the-book",
      title: "The Book",
      authors: ["Jane Writer"],
      description: "A fine book & more.",
      language: "en-GB",
      subjects: ["Fiction", "Mystery"],
    });
    expect(pkg.version).toBe("3.0");
    expect(pkg.nav?.path).toBe("a.xhtml");
    expect(pkg.spine.map((entry) => [entry.item.id, entry.linear])).toEqual([
      ["b", true],
      ["nav", false],
    ]);
    expect(pkg.manifest.has("remote")).toBe(false);
    expect(pkg.cover).toBeUndefined();
  });

  it("reads EPUB 2: opf:role, the NCX from the spine, the cover meta (by id or href) and the guide", () => {
    const opf = (cover: string) => `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" xmlns:opf="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427</dc:identifier>
    <dc:title>Old Book</dc:title>
    <dc:creator opf:role="edt">An Editor</dc:creator>
    <dc:creator opf:role="aut">Real Author</dc:creator>
    <dc:subject>Adventure</dc:subject>
    <meta name="cover" content="${cover}"/>
  </metadata>
  <manifest>
    <item id="toc" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
    <item id="cover-img" href="images/cover.jpg" media-type="image/jpeg"/>
  </manifest>
  <spine toc="toc"><itemref idref="a"/></spine>
  <guide><reference type="text" href="a.xhtml#start" title="Start"/></guide>
</package>`;
    const extra = { "toc.ncx": "<ncx/>", "images/cover.jpg": "jpeg bytes" };
    for (const cover of ["cover-img", "images/cover.jpg"]) {
      const pkg = packageOf(opf(cover), extra);
      expect(pkg.metadata.authors).toEqual(["Real Author"]);
      expect(pkg.metadata.subjects).toEqual(["Adventure"]);
      expect(pkg.ncx?.path).toBe("toc.ncx");
      expect(pkg.cover?.path).toBe("images/cover.jpg");
      expect(pkg.guideTextPath).toBe("a.xhtml");
    }
    // A cover meta naming nothing that exists (the Readium smoke test does this) means no cover.
    expect(packageOf(opf("cover-image"), extra).cover).toBeUndefined();
  });

  it("refuses an EPUB without container.xml", async () => {
    const files = testEpubFiles({ files: { "META-INF/container.xml": null } });
    const error = await refusalOf(() => readPackage(EpubArchive.open(zipFiles(files))));
    expect(error.message).toBe("This EPUB has no META-INF/container.xml, so its contents cannot be found.");
  });

  it("refuses an EPUB whose package document is missing or not a package", async () => {
    for (const files of [
      testEpubFiles({ files: { "OEBPS/content.opf": null } }),
      testEpubFiles({ files: { "OEBPS/content.opf": "<html><body/></html>" } }),
      testEpubFiles({
        files: { "META-INF/container.xml": '<container><rootfiles><rootfile media-type="x"/></rootfiles></container>' },
      }),
    ]) {
      const error = await refusalOf(() => readPackage(EpubArchive.open(zipFiles(files))));
      expect(error.message).toBe("This EPUB has no package document (OPF), so its contents cannot be found.");
    }
  });

  it("leaves out, with a warning, spine entries naming a missing item or file and manifest items outside the book", () => {
    const files = testEpubFiles({
      spineItems: '<itemref idref="ghost"/>',
      manifestItems: '<item id="x" href="../../etc/passwd" media-type="application/xhtml+xml"/>',
      files: { "OEBPS/text/chapter-2.xhtml": null },
    });
    const pkg = readPackage(EpubArchive.open(zipFiles(files)));
    expect(pkg.spine.map((entry) => entry.item.path)).toEqual(["OEBPS/text/chapter-1.xhtml"]);
    expect([...pkg.itemsByPath.keys()]).not.toContain("etc/passwd");
    expect(pkg.warnings.map((warning) => [warning.code, warning.path, warning.message])).toEqual([
      [
        "outside-path",
        "OEBPS/content.opf",
        "OEBPS/content.opf refers to ../../etc/passwd, a path outside the book; the reference was left out.",
      ],
      [
        "missing-file",
        "OEBPS/content.opf",
        "OEBPS/content.opf refers to OEBPS/text/chapter-2.xhtml, which the EPUB does not contain; the reference was left out.",
      ],
      [
        "missing-file",
        "OEBPS/content.opf",
        'OEBPS/content.opf refers to the manifest item "ghost", which the EPUB does not contain; the reference was left out.',
      ],
    ]);
  });

  it("refuses a package path that climbs out of the book", async () => {
    const escaping = testEpubFiles({
      files: {
        "META-INF/container.xml":
          '<container><rootfiles><rootfile full-path="../../content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      },
    });
    expect((await refusalOf(() => readPackage(EpubArchive.open(zipFiles(escaping))))).reason).toBe("epub/unsafe-path");
  });
});
