import { escapeHtml, type TocEntry } from "@quire/core";
import { strToU8, type Zippable, zipSync } from "fflate";

export interface ExportChapter {
  /** Becomes the file name (`{anchorId}.xhtml`), so importing the export keeps every anchor. */
  anchorId: string;
  name: string;
  /** XHTML body content, with links and resources already pointing inside the package. */
  xhtml: string;
}

export interface ExportFile {
  /** Path inside OEBPS/. */
  href: string;
  mediaType: string;
  bytes: Uint8Array;
}

export interface ExportBook {
  identifier: string;
  title: string;
  authors: string[];
  language: string;
  summary: string;
  subjects: string[];
  /** dcterms:modified, required by EPUB 3. */
  modified: Date;
  chapters: ExportChapter[];
  /** Nested table of contents; the chapters in order when empty. */
  toc: TocEntry[];
  cover?: ExportFile;
  /** Images and media the chapters use. */
  resources: ExportFile[];
}

const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

const xml = (text: string) => escapeHtml(text).replace(/'/g, "&apos;");

/** EPUB wants seconds, no fractions: 2026-11-22T10:00:00Z. */
const modifiedStamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

function xhtmlDocument(title: string, language: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${xml(language)}" xml:lang="${xml(language)}">
<head>
<meta charset="UTF-8" />
<title>${xml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}

function navList(entries: TocEntry[]): string {
  const items = entries.map((entry) => {
    const href = `${entry.anchorId}.xhtml${entry.fragment ? `#${encodeURIComponent(entry.fragment)}` : ""}`;
    const children = entry.children.length > 0 ? navList(entry.children) : "";
    return `<li><a href="${xml(href)}">${xml(entry.title)}</a>${children}</li>`;
  });
  return `<ol>${items.join("\n")}</ol>`;
}

function packageDocument(book: ExportBook): string {
  const metadata = [
    `<dc:identifier id="book-id">${xml(book.identifier)}</dc:identifier>`,
    `<dc:title>${xml(book.title)}</dc:title>`,
    ...book.authors.map((author) => `<dc:creator>${xml(author)}</dc:creator>`),
    `<dc:language>${xml(book.language)}</dc:language>`,
    ...(book.summary ? [`<dc:description>${xml(book.summary)}</dc:description>`] : []),
    ...book.subjects.map((subject) => `<dc:subject>${xml(subject)}</dc:subject>`),
    `<meta property="dcterms:modified">${modifiedStamp(book.modified)}</meta>`,
    // EPUB 2 reading systems find the cover through this.
    ...(book.cover ? ['<meta name="cover" content="cover-image" />'] : []),
  ];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav" />',
    ...(book.cover
      ? [
          `<item id="cover-image" href="${xml(book.cover.href)}" media-type="${xml(book.cover.mediaType)}" properties="cover-image" />`,
        ]
      : []),
    ...book.chapters.map(
      (chapter, index) =>
        `<item id="chapter-${index + 1}" href="${xml(chapter.anchorId)}.xhtml" media-type="application/xhtml+xml" />`,
    ),
    ...book.resources.map(
      (file, index) =>
        `<item id="resource-${index + 1}" href="${xml(file.href)}" media-type="${xml(file.mediaType)}" />`,
    ),
  ];
  const spine = book.chapters.map((_, index) => `<itemref idref="chapter-${index + 1}" />`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${xml(book.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${metadata.join("\n")}
</metadata>
<manifest>
${manifest.join("\n")}
</manifest>
<spine>
${spine.join("\n")}
</spine>
</package>
`;
}

/**
 * An EPUB 3 package: `mimetype` first and stored (not compressed), as the OCF container requires,
 * then META-INF/container.xml, the package document, the navigation document, one XHTML file per
 * chapter, the cover and the resources. Everything else is deflated.
 */
export function buildEpub(book: ExportBook): Uint8Array {
  const toc: TocEntry[] =
    book.toc.length > 0
      ? book.toc
      : book.chapters.map((chapter) => ({ title: chapter.name, anchorId: chapter.anchorId, children: [] }));
  const nav = `<nav epub:type="toc" id="toc">\n<h1>${xml(book.title)}</h1>\n${navList(toc)}\n</nav>`;
  const files: Zippable = {
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(CONTAINER_XML),
    "OEBPS/content.opf": strToU8(packageDocument(book)),
    "OEBPS/nav.xhtml": strToU8(xhtmlDocument(book.title, book.language, nav)),
  };
  for (const chapter of book.chapters) {
    files[`OEBPS/${chapter.anchorId}.xhtml`] = strToU8(xhtmlDocument(chapter.name, book.language, chapter.xhtml));
  }
  // Images are compressed already: storing them saves time and loses nothing.
  if (book.cover) files[`OEBPS/${book.cover.href}`] = [book.cover.bytes, { level: 0 }];
  for (const file of book.resources) files[`OEBPS/${file.href}`] = [file.bytes, { level: 0 }];
  return zipSync(files, { level: 9, mtime: book.modified });
}

const VOID_ELEMENTS = new Set(["area", "br", "col", "embed", "hr", "img", "source", "track", "wbr"]);
const ATTRIBUTE = /\s+([^\s=>/"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+))?/g;

/**
 * Stored chapter HTML (sanitize-html output: balanced tags, escaped text) made well-formed XML:
 * void elements closed, valueless attributes given their name as value, attribute values quoted,
 * and any entity XML does not know written out as text.
 */
export function toXhtml(html: string): string {
  return html
    .replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g, "&amp;")
    .replace(
      /<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/g,
      (_, tag: string, attributes: string, slash: string) => {
        const fixed = attributes.replace(ATTRIBUTE, (_whole, name: string, value: string | undefined) => {
          if (value === undefined) return ` ${name}="${name}"`;
          const raw = /^["']/.test(value) ? value.slice(1, -1) : value;
          return ` ${name}="${raw.replace(/</g, "&lt;").replace(/"/g, "&quot;")}"`;
        });
        const selfClosing = slash === "/" || VOID_ELEMENTS.has(tag.toLowerCase());
        return `<${tag}${fixed}${selfClosing ? " /" : ""}>`;
      },
    )
    .replace(/<\/(?:area|br|col|embed|hr|img|source|track|wbr)\s*>/gi, "");
}
