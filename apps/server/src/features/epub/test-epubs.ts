import { crc32 } from "node:zlib";
import { AppError } from "@quire/core";
import { strToU8, zipSync } from "fflate";

/** Synthetic EPUBs for tests: a small valid book by default, and every part replaceable to make a broken one. */

export interface TestChapter {
  /** File name under OEBPS/text/. */
  file: string;
  title: string;
  /** Markup inside `<body>`. */
  body: string;
  /** Extra markup inside `<head>` (links, styles). */
  head?: string;
}

export interface TestEpubOptions {
  identifier?: string;
  title?: string;
  authors?: string[];
  language?: string;
  subjects?: string[];
  description?: string;
  chapters?: TestChapter[];
  /** The navigation document's `<ol>` items; generated from the chapters by default. */
  navItems?: string;
  /** OEBPS/css/book.css, linked from every chapter when given. */
  css?: string;
  /** Extra `<item>` elements for the manifest. */
  manifestItems?: string;
  /** Extra `<itemref>` elements appended to the spine. */
  spineItems?: string;
  /** Files added as they are (paths from the root of the archive); `null` removes a generated one. */
  files?: Record<string, string | Uint8Array | null>;
}

export const TEST_CHAPTERS: TestChapter[] = [
  {
    file: "chapter-1.xhtml",
    title: "The Beginning",
    body: "<h2>The Beginning</h2><p>It was a bright cold day in April, and the clocks were striking thirteen.</p>",
  },
  {
    file: "chapter-2.xhtml",
    title: "The Middle",
    body: '<h2>The Middle</h2><p id="middle">Nothing happened for a long while, <a href="chapter-1.xhtml">as before</a>.</p>',
  },
];

const xhtml = (chapter: TestChapter, css: boolean) => `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en">
<head><title>${chapter.title}</title>${css ? '<link rel="stylesheet" type="text/css" href="../css/book.css"/>' : ""}${chapter.head ?? ""}</head>
<body>${chapter.body}</body>
</html>`;

/** The files of a test EPUB 3 (OEBPS/content.opf, a navigation document, chapters under OEBPS/text/). */
export function testEpubFiles(options: TestEpubOptions = {}): Record<string, Uint8Array> {
  const chapters = options.chapters ?? TEST_CHAPTERS;
  const css = options.css !== undefined;
  const navItems =
    options.navItems ??
    chapters.map((chapter) => `<li><a href="text/${chapter.file}">${chapter.title}</a></li>`).join("\n");
  const files: Record<string, string | Uint8Array | null> = {
    mimetype: "application/epub+zip",
    "META-INF/container.xml": `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`,
    "OEBPS/content.opf": `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">${options.identifier ?? "urn:uuid:6e2c1f8a-0d3b-4a57-9c1e-2b7f4d9a8e10"}</dc:identifier>
    <dc:title>${options.title ?? "A Test Book"}</dc:title>
    ${(options.authors ?? ["Ada Author"]).map((author) => `<dc:creator>${author}</dc:creator>`).join("")}
    <dc:language>${options.language ?? "en"}</dc:language>
    ${(options.subjects ?? ["Fiction"]).map((subject) => `<dc:subject>${subject}</dc:subject>`).join("")}
    <dc:description>${options.description ?? "A book made for tests."}</dc:description>
    <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    ${css ? '<item id="css" href="css/book.css" media-type="text/css"/>' : ""}
    ${chapters.map((chapter, index) => `<item id="c${index + 1}" href="text/${chapter.file}" media-type="application/xhtml+xml"/>`).join("\n")}
    ${options.manifestItems ?? ""}
  </manifest>
  <spine>
    ${chapters.map((_, index) => `<itemref idref="c${index + 1}"/>`).join("\n")}
    ${options.spineItems ?? ""}
  </spine>
</package>`,
    "OEBPS/nav.xhtml": `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Contents</title></head>
<body><nav epub:type="toc"><ol>${navItems}</ol></nav></body>
</html>`,
    ...(css ? { "OEBPS/css/book.css": options.css } : {}),
    ...Object.fromEntries(chapters.map((chapter) => [`OEBPS/text/${chapter.file}`, xhtml(chapter, css)])),
    ...options.files,
  };
  const out: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) {
    if (content === null || content === undefined) continue;
    out[path] = typeof content === "string" ? strToU8(content) : content;
  }
  return out;
}

/** Zips files the way EPUBs are zipped: `mimetype` first and stored, everything else deflated. */
export function zipFiles(files: Record<string, Uint8Array>): Uint8Array {
  const { mimetype, ...rest } = files;
  return zipSync({ ...(mimetype ? { mimetype: [mimetype, { level: 0 }] } : {}), ...rest });
}

export function testEpub(options: TestEpubOptions = {}): Uint8Array {
  return zipFiles(testEpubFiles(options));
}

/**
 * A book that bends rather than breaks: a title page, a chapter with a missing picture and a link out
 * of the book, and a colophon naming the year it was first published. It imports with two warnings.
 */
export function bentBook(): Uint8Array {
  return testEpub({
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
}

export interface RawZipEntry {
  name: string;
  /** The entry's data as stored: deflate output (method 8) or the bytes themselves (method 0). */
  data: Uint8Array;
  method: 0 | 8;
  /** Uncompressed size and CRC-32 as the headers declare them (they may lie, on purpose). */
  size: number;
  crc: number;
}

/**
 * Writes a zip by hand, so a test can declare any size or CRC it likes or use a deflate stream it
 * produced in pieces (a zip bomb without holding the bomb in memory).
 */
export function writeZip(entries: RawZipEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(14, entry.crc, true);
    local.setUint32(18, entry.data.byteLength, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.byteLength, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);

    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(6, 20, true);
    header.setUint16(10, entry.method, true);
    header.setUint32(16, entry.crc, true);
    header.setUint32(20, entry.data.byteLength, true);
    header.setUint32(24, entry.size, true);
    header.setUint16(28, name.byteLength, true);
    header.setUint32(42, offset, true);
    central.push(new Uint8Array(header.buffer), name);
    offset += 30 + name.byteLength + entry.data.byteLength;
  }
  const centralSize = central.reduce((sum, part) => sum + part.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

/** A stored (uncompressed) entry with honest headers. */
export function storedEntry(name: string, content: string | Uint8Array): RawZipEntry {
  const data = typeof content === "string" ? strToU8(content) : content;
  return { name, data, method: 0, size: data.byteLength, crc: crc32(data) };
}

/** The AppError a piece of work refuses with (fails the test if it does not refuse). */
export async function refusalOf(work: () => unknown): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("Expected the work to be refused with an AppError, but it succeeded");
}
