import type { ImportWarning } from "@quire/core";
import { AppError } from "@quire/core/errors";
import { slugify } from "@quire/core/slug";
import type { EpubArchive } from "./epub-archive";
import { resolveHref } from "./epub-paths";
import { ImportWarnings } from "./epub-warnings";
import {
  attribute,
  childElements,
  decodeText,
  descendants,
  firstChild,
  parseXml,
  textOf,
  type XmlElement,
} from "./epub-xml";

export const CONTAINER_PATH = "META-INF/container.xml";

export interface ManifestItem {
  id: string;
  /** Archive path of the file. */
  path: string;
  mediaType: string;
  properties: string[];
  fallback: string | undefined;
}

export interface SpineItem {
  item: ManifestItem;
  /** false for `linear="no"` items (notes, pop-ups): reachable by links, not by paging. */
  linear: boolean;
}

export interface EpubMetadata {
  /** The package's unique identifier: the same book keeps it across editions. */
  identifier: string;
  title: string;
  authors: string[];
  /** Plain text. */
  description: string;
  /** BCP 47 tag, or "" when the package names none. */
  language: string;
  /** Subject names as the package gives them, de-duplicated; at most MAX_SUBJECTS. */
  subjects: string[];
  /** The year the work first appeared, when the package says (`opf:event="original-publication"`, `dcterms:issued`). */
  originalPublicationYear: number | undefined;
}

export interface EpubPackage {
  opfPath: string;
  /** "2.0", "3.0"… as the package declares it. */
  version: string;
  metadata: EpubMetadata;
  manifest: ReadonlyMap<string, ManifestItem>;
  /** Manifest items by archive path. */
  itemsByPath: ReadonlyMap<string, ManifestItem>;
  spine: SpineItem[];
  /** EPUB 3 navigation document. */
  nav: ManifestItem | undefined;
  /** EPUB 2 NCX table of contents. */
  ncx: ManifestItem | undefined;
  cover: ManifestItem | undefined;
  /** EPUB 2 guide: where the text proper begins (`type="text"`), if it says. */
  guideTextPath: string | undefined;
  /** EPUB 2 guide: the types it gives each document (`title-page`, `colophon`…), by path. */
  guideTypes: ReadonlyMap<string, string[]>;
  /** Manifest and spine references the package could not keep (missing files, paths outside the book). */
  warnings: ImportWarning[];
}

/** BookSchema's limit: a longer title would fail every response that carries the book. */
const MAX_TITLE_LENGTH = 300;
const MAX_SUBJECTS = 10;
const MAX_SUBJECT_LENGTH = 60;
const MAX_DESCRIPTION_LENGTH = 5000;

/** The package document's path, from META-INF/container.xml. */
export function readContainer(archive: EpubArchive): string {
  if (!archive.has(CONTAINER_PATH)) throw AppError.of("epubNoContainer");
  const root = parseXml(decodeText(archive.read(CONTAINER_PATH)), CONTAINER_PATH);
  const rootfiles = descendants(root, "rootfile");
  const rootfile =
    rootfiles.find((element) => attribute(element, "media-type") === "application/oebps-package+xml") ?? rootfiles[0];
  const fullPath = rootfile ? attribute(rootfile, "full-path") : undefined;
  if (!fullPath) throw AppError.of("epubNoPackage");
  // full-path is relative to the root of the container, never to container.xml itself.
  const resolved = resolveHref("", fullPath);
  if (resolved.kind !== "internal") throw AppError.of("epubUnsafePath", { details: { path: fullPath } });
  if (!archive.has(resolved.path)) throw AppError.of("epubNoPackage", { details: { path: resolved.path } });
  return resolved.path;
}

/** Container, then package document: metadata, manifest, spine, navigation and cover. */
export function readPackage(archive: EpubArchive): EpubPackage {
  const opfPath = readContainer(archive);
  const root = parseXml(decodeText(archive.read(opfPath)), opfPath);
  if (root.local !== "package") throw AppError.of("epubNoPackage", { details: { path: opfPath } });
  const metadataElement = firstChild(root, "metadata");
  const manifestElement = firstChild(root, "manifest");
  const spineElement = firstChild(root, "spine");
  if (!metadataElement || !manifestElement || !spineElement) {
    throw AppError.of("epubNoPackage", { details: { path: opfPath } });
  }

  const warnings = new ImportWarnings();
  const manifest = new Map<string, ManifestItem>();
  const itemsByPath = new Map<string, ManifestItem>();
  for (const element of childElements(manifestElement, "item")) {
    const id = attribute(element, "id");
    const href = attribute(element, "href");
    if (!id || !href || manifest.has(id)) continue;
    const resolved = resolveHref(opfPath, href);
    // Remote resources are allowed in EPUB 3 manifests; they are simply never fetched.
    if (resolved.kind === "external") continue;
    // A path leaving the book is never read: the item is dropped, as if the manifest did not list it.
    if (resolved.kind === "outside") {
      warnings.outsidePath(opfPath, href);
      continue;
    }
    if (resolved.kind !== "internal") throw AppError.of("epubUnsafePath", { details: { path: href } });
    const item: ManifestItem = {
      id,
      path: resolved.path,
      mediaType: (attribute(element, "media-type") ?? "").trim().toLowerCase(),
      properties: (attribute(element, "properties") ?? "").split(/\s+/).filter(Boolean),
      fallback: attribute(element, "fallback"),
    };
    manifest.set(id, item);
    if (!itemsByPath.has(item.path)) itemsByPath.set(item.path, item);
  }

  const spine: SpineItem[] = [];
  for (const element of childElements(spineElement, "itemref")) {
    const idref = attribute(element, "idref") ?? "";
    const item = manifest.get(idref);
    // A spine entry Quire cannot read is left out; a book with none left is refused for having no chapters.
    if (!item || !archive.has(item.path)) {
      warnings.missingFile(opfPath, item?.path ?? `the manifest item "${idref}"`);
      continue;
    }
    spine.push({ item, linear: attribute(element, "linear") !== "no" });
  }

  const existing = (item: ManifestItem | undefined) => (item && archive.has(item.path) ? item : undefined);
  const items = [...manifest.values()];
  const nav = existing(items.find((item) => item.properties.includes("nav")));
  const ncxId = attribute(spineElement, "toc");
  const ncx = existing(
    (ncxId ? manifest.get(ncxId) : undefined) ?? items.find((item) => item.mediaType === "application/x-dtbncx+xml"),
  );

  return {
    opfPath,
    version: attribute(root, "version") ?? "",
    metadata: readMetadata(root, metadataElement),
    manifest,
    itemsByPath,
    spine,
    nav,
    ncx,
    cover: existing(findCover(metadataElement, items, opfPath, itemsByPath)),
    guideTextPath: guideText(root, opfPath),
    guideTypes: guideTypes(root, opfPath),
    warnings: warnings.list(),
  };
}

function findCover(
  metadata: XmlElement,
  items: ManifestItem[],
  opfPath: string,
  itemsByPath: ReadonlyMap<string, ManifestItem>,
): ManifestItem | undefined {
  const isImage = (item: ManifestItem | undefined) => (item?.mediaType.startsWith("image/") ? item : undefined);
  const declared = items.find((item) => item.properties.includes("cover-image"));
  if (isImage(declared)) return declared;
  // EPUB 2: <meta name="cover" content="manifest id"/>; some tools put the file's href there instead.
  const meta = descendants(metadata, "meta").find((element) => attribute(element, "name") === "cover");
  const content = meta ? attribute(meta, "content") : undefined;
  if (!content) return undefined;
  const byId = items.find((item) => item.id === content);
  if (byId) return isImage(byId);
  const resolved = resolveHref(opfPath, content);
  return resolved.kind === "internal" ? isImage(itemsByPath.get(resolved.path)) : undefined;
}

function guideTypes(root: XmlElement, opfPath: string): Map<string, string[]> {
  const types = new Map<string, string[]>();
  const guide = firstChild(root, "guide");
  for (const reference of guide ? childElements(guide, "reference") : []) {
    const type = attribute(reference, "type");
    const href = attribute(reference, "href");
    const resolved = href ? resolveHref(opfPath, href) : undefined;
    if (!type || resolved?.kind !== "internal") continue;
    types.set(resolved.path, [...(types.get(resolved.path) ?? []), type.toLowerCase()]);
  }
  return types;
}

function guideText(root: XmlElement, opfPath: string): string | undefined {
  const guide = firstChild(root, "guide");
  if (!guide) return undefined;
  const reference = childElements(guide, "reference").find((element) => attribute(element, "type") === "text");
  const href = reference ? attribute(reference, "href") : undefined;
  const resolved = href ? resolveHref(opfPath, href) : undefined;
  return resolved?.kind === "internal" ? resolved.path : undefined;
}

/** EPUB 3 refinements: `<meta refines="#id" property="…">value</meta>`, by target id then property. */
function refinementsOf(metadata: XmlElement): Map<string, Map<string, string>> {
  const refinements = new Map<string, Map<string, string>>();
  for (const meta of descendants(metadata, "meta")) {
    const target = attribute(meta, "refines")?.replace(/^#/, "");
    const property = attribute(meta, "property");
    if (!target || !property) continue;
    const forTarget = refinements.get(target) ?? new Map<string, string>();
    if (!forTarget.has(property)) forTarget.set(property, textOf(meta));
    refinements.set(target, forTarget);
  }
  return refinements;
}

function readMetadata(root: XmlElement, metadata: XmlElement): EpubMetadata {
  const refinements = refinementsOf(metadata);
  const refined = (element: XmlElement, property: string) => {
    const id = attribute(element, "id");
    return id ? refinements.get(id)?.get(property) : undefined;
  };
  const dc = (local: string) => descendants(metadata, local);

  const titles = dc("title").filter((element) => textOf(element) !== "");
  const mainTitle = titles.find((element) => refined(element, "title-type") === "main") ?? titles[0];
  const title = mainTitle ? textOf(mainTitle) : "";

  const creators = dc("creator")
    .map((element) => ({ name: textOf(element), role: attribute(element, "role") ?? refined(element, "role") }))
    .filter((creator) => creator.name !== "");
  // Authors are the creators with role "aut", or with no role at all; illustrators and editors are not.
  const authorCreators = creators.filter((creator) => !creator.role || creator.role === "aut");
  const authors = (authorCreators.length > 0 ? authorCreators : creators).map((creator) => creator.name);

  const uniqueIdRef = attribute(root, "unique-identifier");
  const identifiers = dc("identifier").filter((element) => textOf(element) !== "");
  const identifierElement =
    identifiers.find((element) => uniqueIdRef && attribute(element, "id") === uniqueIdRef) ?? identifiers[0];
  // Without any identifier the title and authors are the best name the book has for itself.
  const identifier = identifierElement
    ? textOf(identifierElement)
    : `urn:quire:untitled:${slugify(`${title} ${authors.join(" ")}`)}`;

  const description =
    dc("description")
      .map(textOf)
      .find((text) => text !== "") ?? "";
  const language =
    dc("language")
      .map(textOf)
      .find((text) => text !== "") ?? "";

  // Standard Ebooks and others give curated genres as `se:subject`; dc:subject is often a long LCSH heading.
  const curated = descendants(metadata, "meta")
    .filter((element) => attribute(element, "property") === "se:subject")
    .map(textOf);
  const subjects: string[] = [];
  const seen = new Set<string>();
  for (const subject of curated.length > 0 ? curated : dc("subject").map(textOf)) {
    const slug = slugify(subject);
    if (!slug || subject.length > MAX_SUBJECT_LENGTH || seen.has(slug)) continue;
    seen.add(slug);
    subjects.push(subject);
    if (subjects.length === MAX_SUBJECTS) break;
  }

  // dc:date is usually the ebook's own date; only these name the work's first appearance.
  const originalDate =
    dc("date").find((element) => attribute(element, "event") === "original-publication") ??
    descendants(metadata, "meta").find((element) => attribute(element, "property") === "dcterms:issued");

  return {
    identifier,
    title: (title || "Untitled").slice(0, MAX_TITLE_LENGTH),
    authors,
    description: plainText(description).slice(0, MAX_DESCRIPTION_LENGTH),
    language,
    subjects,
    originalPublicationYear: originalDate ? yearOf(textOf(originalDate)) : undefined,
  };
}

/** The year a date starts with (`1892`, `1892-03`, `-0400` is not one), if it is a plausible past year. */
export function yearOf(text: string): number | undefined {
  const year = Number(/^\s*(\d{3,4})(?!\d)/.exec(text)?.[1]);
  return Number.isInteger(year) && year > 0 && year <= new Date().getUTCFullYear() ? year : undefined;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Descriptions in EPUB 2 packages are often escaped HTML; the book page wants plain text. */
function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/&#(\d+);/g, (_, code: string) => codePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => codePoint(Number.parseInt(code, 16)))
    .replace(/\s+/g, " ")
    .trim();
}

function codePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
}
