import type { ChapterRole, ImportWarning, TocEntry } from "@quire/core";
import { AppError } from "@quire/core/errors";
import { slugify } from "@quire/core/slug";
import { EPUB_LIMITS, type EpubArchive, type EpubLimits } from "./epub-archive";
import {
  BOOK_SCOPE,
  bookFontName,
  CHAPTER_BODY_CLASS,
  type CssUrls,
  chapterScope,
  declaredFontFamilies,
  scopeStylesheet,
} from "./epub-css";
import { dataImageAllowed } from "./epub-data-images";
import { type EpubPackage, type ManifestItem, yearOf } from "./epub-package";
import { type ResolvedHref, resolveHref } from "./epub-paths";
import { BookResources } from "./epub-resources";
import { chapterRoles, documentTypes } from "./epub-roles";
import { type ChapterLinks, inlineStyles, sanitizeChapter, sanitizeSvgDocument } from "./epub-sanitize";
import { countWords, firstHeading, openingText } from "./epub-text";
import {
  bodyStartOf,
  chapterTitlesFromToc,
  countTocEntries,
  mapToc,
  type RawTocEntry,
  readNavLandmarks,
  readNavToc,
  readNcxToc,
} from "./epub-toc";
import { ImportWarnings } from "./epub-warnings";
import { assertNoEntityDeclarations, decodeText, parseXml } from "./epub-xml";

export interface BookChapter {
  anchorId: string;
  name: string;
  chapterNumber: number;
  html: string;
  wordCount: number;
  role: ChapterRole;
}

/** Everything Quire keeps of one version of a book, computed from the EPUB alone (no database, no storage). */
export interface BookContent {
  chapters: BookChapter[];
  toc: TocEntry[];
  tocLength: number;
  /** The book's CSS, scoped under the reader's wrapper. */
  css: string;
  teaser: string;
  wordCount: number;
  /** Images, fonts and media the chapters and CSS refer to, with their storage keys. */
  resources: BookResources;
  /** The book's SVG files (by EPUB path) sanitised: stored instead of the originals. */
  svgDocuments: ReadonlyMap<string, string>;
  /** The first body chapter: where reading starts. */
  startAnchorId: string;
  /** From the package, else the colophon ("was published in <time>1892</time>"). */
  originalPublicationYear: number | null;
  /** References left out of a book that still imported. */
  warnings: ImportWarning[];
}

export interface BookContentOptions {
  bookId: string;
  /** Storage folder of this version (`books/{bookId}/v{version}`); every URL written into the content points there. */
  keyPrefix: string;
  urlForKey(key: string): string;
  /** Images too large to show (over the pixel limit): left out as if the book did not have them. */
  oversizeImages?: ReadonlySet<string>;
  /** Keys of the raster data: images counted and found within the pixel limit; any other is left out. */
  dataImagesWithinLimit?: ReadonlySet<string>;
  limits?: Pick<EpubLimits, "maxChapterTextBytes" | "maxBookTextBytes">;
}

const TEASER_LENGTH = 600;
/** A chapter shorter than this is front matter (title page, imprint), not where a teaser comes from. */
const TEASER_MIN_WORDS = 100;
const MAX_ANCHOR_LENGTH = 80;
const XHTML_TYPES = new Set(["application/xhtml+xml", "text/html"]);
const SVG_TYPE = "image/svg+xml";

/** Where a link into the book takes the reader: SPEC's chapter anchor, plus the element inside it. */
export function readerUrl(bookId: string, anchorId: string, fragment?: string): string {
  return `/read/${encodeURIComponent(bookId)}/${anchorId}${fragment ? `#${encodeURIComponent(fragment)}` : ""}`;
}

interface ChapterSource {
  path: string;
  anchorId: string;
  item: ManifestItem;
  /** A spine item that is an image (EPUB 3 allows SVG and raster pages) rather than XHTML. */
  image: boolean;
  linear: boolean;
}

/** The XHTML or image a spine item stands for, following manifest fallbacks; undefined if Quire cannot show it. */
function readableItem(pkg: EpubPackage, item: ManifestItem): ManifestItem | undefined {
  const seen = new Set<string>();
  for (let current: ManifestItem | undefined = item; current && !seen.has(current.id); ) {
    if (XHTML_TYPES.has(current.mediaType) || current.mediaType.startsWith("image/")) return current;
    seen.add(current.id);
    current = current.fallback ? pkg.manifest.get(current.fallback) : undefined;
  }
  return undefined;
}

/** Chapter ids come from file names (`chapter-1`, `a-scandal-in-bohemia`), so a new edition keeps them. */
function chapterSources(pkg: EpubPackage, archive: EpubArchive): ChapterSource[] {
  const sources: ChapterSource[] = [];
  const anchors = new Set<string>();
  const paths = new Set<string>();
  for (const { item: spineItem, linear } of pkg.spine) {
    const item = readableItem(pkg, spineItem);
    if (!item || paths.has(item.path) || !archive.has(item.path)) continue;
    paths.add(item.path);
    const fileName = item.path.slice(item.path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
    const base = slugify(fileName).slice(0, MAX_ANCHOR_LENGTH) || `chapter-${sources.length + 1}`;
    let anchorId = base;
    for (let n = 2; anchors.has(anchorId); n++) anchorId = `${base}-${n}`;
    anchors.add(anchorId);
    sources.push({ path: item.path, anchorId, item, image: !XHTML_TYPES.has(item.mediaType), linear });
  }
  if (sources.length === 0) throw AppError.of("epubNoChapters");
  return sources;
}

/** Sanitising costs time in proportion to the text: too much of it is refused before any is read. */
function assertTextWithinLimits(sources: ChapterSource[], archive: EpubArchive, limits: BookContentOptions["limits"]) {
  const { maxChapterTextBytes, maxBookTextBytes } = limits ?? EPUB_LIMITS;
  let total = 0;
  for (const source of sources) {
    if (source.image) continue;
    const size = archive.sizeOf(source.path);
    if (size > maxChapterTextBytes) {
      throw AppError.of("epubTextTooLong", { details: { path: source.path, size, maxChapterTextBytes } });
    }
    total += size;
    if (total > maxBookTextBytes) throw AppError.of("epubTextTooLong", { details: { size: total, maxBookTextBytes } });
  }
}

/** Font families a stylesheet declares join the book's renamed families (see bookFontName). */
function addFontFamilies(fontFamilies: Map<string, string>, css: string): void {
  for (const family of declaredFontFamilies(css)) fontFamilies.set(family.toLowerCase(), bookFontName(family));
}

function cssUrls(
  pkg: EpubPackage,
  archive: EpubArchive,
  resources: BookResources,
  fontFamilies: Map<string, string>,
  dataImage: (url: string) => boolean,
  dropped: (documentPath: string, reference: ResolvedHref) => void,
): CssUrls {
  for (const item of pkg.manifest.values()) {
    if (item.mediaType === "text/css" && archive.has(item.path)) {
      addFontFamilies(fontFamilies, decodeText(archive.read(item.path)));
    }
  }
  return {
    fontFamilies,
    resolve(url, basePath, kind) {
      if (url.startsWith("#")) return kind === "image" ? url : undefined;
      if (/^data:/i.test(url)) return kind === "image" && dataImage(url) ? url : undefined;
      const resolved = resolveHref(basePath, url);
      const served = resolved.kind === "internal" ? resources.url(resolved.path, kind) : undefined;
      if (!served) dropped(basePath, resolved);
      return served;
    },
  };
}

interface BookNavigation {
  entries: RawTocEntry[];
  /** Where the body begins: the landmarks' `bodymatter`, else the guide's `text`. */
  bodyStart: string | undefined;
  /** What the landmarks and the guide call each document, by path. */
  typesByPath: Map<string, string[]>;
}

/** Reads the table of contents (the EPUB 3 navigation document first, the EPUB 2 NCX otherwise) and the landmarks. */
function readToc(pkg: EpubPackage, archive: EpubArchive): BookNavigation {
  const typesByPath = new Map(pkg.guideTypes);
  let bodyStart = pkg.guideTextPath;
  let entries: RawTocEntry[] = [];
  if (pkg.nav) {
    try {
      const root = parseXml(decodeText(archive.read(pkg.nav.path)), pkg.nav.path);
      const landmarks = readNavLandmarks(root, pkg.nav.path);
      for (const [path, types] of landmarks) typesByPath.set(path, [...(typesByPath.get(path) ?? []), ...types]);
      bodyStart = bodyStartOf(landmarks) ?? bodyStart;
      entries = readNavToc(root, pkg.nav.path);
    } catch (error) {
      // A broken navigation document costs the book its EPUB 3 table of contents, not its import;
      // a dangerous one (declared entities) still refuses the book.
      if (!(error instanceof AppError) || error.reason !== "epub/malformed-xml") throw error;
    }
  }
  if (entries.length === 0 && pkg.ncx) {
    try {
      entries = readNcxToc(parseXml(decodeText(archive.read(pkg.ncx.path)), pkg.ncx.path), pkg.ncx.path);
    } catch (error) {
      if (!(error instanceof AppError) || error.reason !== "epub/malformed-xml") throw error;
    }
  }
  return { entries, bodyStart, typesByPath };
}

/** Standard Ebooks' colophon: "… was published in <time>1892</time> by …", the source edition's year. */
function colophonYear(markup: string): number | undefined {
  const time = /published\s+in\s*(?:<[^>]*>\s*)*?<time\b[^>]*>([^<]*)<\/time>/i.exec(markup);
  return time ? yearOf(time[1] as string) : undefined;
}

/**
 * Sanitises every chapter, scopes the CSS, maps the table of contents onto chapters and counts the
 * words. Links inside the book become reader URLs and resources URLs under `options.keyPrefix`,
 * so the content is only valid for the book id and version it was built for.
 */
export function buildBookContent(archive: EpubArchive, pkg: EpubPackage, options: BookContentOptions): BookContent {
  const sources = chapterSources(pkg, archive);
  assertTextWithinLimits(sources, archive, options.limits);
  const anchorOfPath = new Map(sources.map((source) => [source.path, source.anchorId]));
  const resources = new BookResources(archive, pkg, options.keyPrefix, options.urlForKey, options.oversizeImages);
  const fontFamilies = new Map<string, string>();
  const withinLimit = options.dataImagesWithinLimit ?? new Set<string>();
  const dataImage = (url: string) => dataImageAllowed(url, withinLimit);
  const warnings = new ImportWarnings(pkg.warnings);
  // Only a missing file or a path leaving the book is worth a warning; a remote or unsupported URL is dropped by design.
  const dropped = (documentPath: string, reference: ResolvedHref) => {
    if (reference.kind === "outside") warnings.outsidePath(documentPath, reference.href);
    else if (reference.kind === "internal" && !archive.has(reference.path)) {
      warnings.missingFile(documentPath, reference.path);
    }
  };
  const urls = cssUrls(pkg, archive, resources, fontFamilies, dataImage, dropped);
  const links: ChapterLinks = {
    linkTo: (path, fragment) => {
      const anchorId = anchorOfPath.get(path);
      return anchorId ? readerUrl(options.bookId, anchorId, fragment) : undefined;
    },
    resource: (path, kind) => resources.url(path, kind),
    dataImage,
    dropped,
    css: urls,
  };

  const stylesheetOrder: string[] = [];
  const chapterCss: string[] = [];
  let publicationYear = pkg.metadata.originalPublicationYear;
  const sanitized = sources.map((source) => {
    if (source.image) {
      const src = resources.url(source.path, "image");
      const image = src ? `<img src="${src}" alt="" />` : "";
      const html = `<div class="${CHAPTER_BODY_CLASS}" data-chapter="${source.anchorId}">${image}</div>`;
      return { html, title: "", types: [] as string[] };
    }
    const markup = decodeText(archive.read(source.path));
    assertNoEntityDeclarations(markup, source.path);
    const styles = inlineStyles(markup);
    for (const css of styles) addFontFamilies(fontFamilies, css);
    const chapter = sanitizeChapter(markup, source.path, source.anchorId, links);
    for (const sheet of chapter.stylesheets) if (!stylesheetOrder.includes(sheet)) stylesheetOrder.push(sheet);
    for (const css of styles) {
      chapterCss.push(scopeStylesheet(css, source.path, chapterScope(source.anchorId), urls).css);
    }
    const types = documentTypes(markup);
    if (types.includes("colophon")) publicationYear ??= colophonYear(markup);
    return { html: chapter.html, title: chapter.title, types };
  });

  const css = [...bookStylesheets(stylesheetOrder, archive, urls), ...chapterCss].filter(Boolean).join("\n\n");
  const svgDocuments = sanitizeSvgFiles(archive, resources, links);
  const toc = readToc(pkg, archive);
  const tocTitles = chapterTitlesFromToc(toc.entries);
  const { roles, start } = chapterRoles(
    sources.map((source, index) => ({
      path: source.path,
      linear: source.linear,
      types: sanitized[index]?.types ?? [],
    })),
    toc,
  );
  const chapters: BookChapter[] = sources.map((source, index) => {
    const { html, title } = sanitized[index] as { html: string; title: string };
    return {
      anchorId: source.anchorId,
      name: tocTitles.get(source.path) || firstHeading(html) || title || `Chapter ${index + 1}`,
      chapterNumber: index + 1,
      html,
      wordCount: countWords(html),
      role: roles[index] ?? "body",
    };
  });
  const nameOf = new Map(chapters.map((chapter) => [chapter.anchorId, chapter.name]));
  let entries = mapToc(toc.entries, anchorOfPath, (anchorId) => nameOf.get(anchorId) ?? anchorId);
  if (entries.length === 0) {
    // No usable table of contents: the reading order is the next best thing.
    entries = chapters.map((chapter) => ({ title: chapter.name, anchorId: chapter.anchorId, children: [] }));
  }

  const bodyStartAnchor = toc.bodyStart ? anchorOfPath.get(toc.bodyStart) : undefined;
  const teaserChapter =
    chapters.find((chapter) => chapter.anchorId === bodyStartAnchor && chapter.wordCount > 0) ??
    chapters.find((chapter) => chapter.wordCount >= TEASER_MIN_WORDS) ??
    chapters.find((chapter) => chapter.wordCount > 0);

  return {
    chapters,
    toc: entries,
    tocLength: countTocEntries(entries),
    css,
    teaser: teaserChapter ? openingText(teaserChapter.html, TEASER_LENGTH) : "",
    wordCount: chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0),
    resources,
    svgDocuments,
    startAnchorId: (chapters[start] ?? (chapters[0] as BookChapter)).anchorId,
    originalPublicationYear: publicationYear ?? null,
    warnings: warnings.list(),
  };
}

/**
 * Every SVG file the book uses, sanitised as the SVG inside chapters is; a file one of them uses
 * joins the resources, and is sanitised in turn if it is an SVG.
 */
function sanitizeSvgFiles(archive: EpubArchive, resources: BookResources, links: ChapterLinks): Map<string, string> {
  const documents = new Map<string, string>();
  const pending = () =>
    resources.list().filter((resource) => resource.contentType === SVG_TYPE && !documents.has(resource.path));
  for (let batch = pending(); batch.length > 0; batch = pending()) {
    for (const { path } of batch) {
      const markup = decodeText(archive.read(path));
      assertNoEntityDeclarations(markup, path);
      documents.set(path, sanitizeSvgDocument(markup, path, links));
    }
  }
  return documents;
}

/** The linked stylesheets in the order chapters first link them, each preceded by the book's own sheets it @imports. */
function bookStylesheets(order: string[], archive: EpubArchive, urls: CssUrls): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const include = (path: string) => {
    if (seen.has(path) || !archive.has(path)) return;
    seen.add(path);
    const scoped = scopeStylesheet(decodeText(archive.read(path)), path, BOOK_SCOPE, urls);
    for (const imported of scoped.imports) include(imported);
    out.push(scoped.css);
  };
  for (const path of order) include(path);
  return out;
}
