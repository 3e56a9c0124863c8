import type { TocEntry } from "@quire/core";
import { shadowsDocumentProperty } from "./dom-property-names";
import { resolveHref } from "./epub-paths";
import { attribute, childElements, descendants, firstChild, textOf, type XmlElement } from "./epub-xml";

/** A table-of-contents entry as the EPUB writes it: a title and where it points inside the archive. */
export interface RawTocEntry {
  title: string;
  target: { path: string; fragment: string | undefined } | undefined;
  children: RawTocEntry[];
}

const hasType = (element: XmlElement, type: string) => (attribute(element, "type") ?? "").split(/\s+/).includes(type);

function targetOf(href: string | undefined, documentPath: string): RawTocEntry["target"] {
  if (!href) return undefined;
  const resolved = resolveHref(documentPath, href);
  if (resolved.kind === "internal") return { path: resolved.path, fragment: resolved.fragment };
  if (resolved.kind === "fragment") return { path: documentPath, fragment: resolved.fragment };
  return undefined;
}

/** EPUB 3: the `<nav epub:type="toc">` of the navigation document, an `ol` of `li`s with `a` or `span` labels. */
export function readNavToc(root: XmlElement, navPath: string): RawTocEntry[] {
  const nav = descendants(root, "nav").find((element) => hasType(element, "toc"));
  const list = nav ? firstChild(nav, "ol") : undefined;
  return list ? readNavList(list, navPath) : [];
}

function readNavList(list: XmlElement, navPath: string): RawTocEntry[] {
  return childElements(list, "li").map((item) => {
    const label = childElements(item).find((child) => child.local === "a" || child.local === "span");
    const nested = firstChild(item, "ol");
    return {
      title: label ? textOf(label) : "",
      target: label?.local === "a" ? targetOf(attribute(label, "href"), navPath) : undefined,
      children: nested ? readNavList(nested, navPath) : [],
    };
  });
}

/** EPUB 3 landmarks: the types they give each document (`bodymatter`, `titlepage`…), by path, in their order. */
export function readNavLandmarks(root: XmlElement, navPath: string): Map<string, string[]> {
  const types = new Map<string, string[]>();
  const landmarks = descendants(root, "nav").find((element) => hasType(element, "landmarks"));
  for (const link of landmarks ? descendants(landmarks, "a") : []) {
    const path = targetOf(attribute(link, "href"), navPath)?.path;
    const linkTypes = (attribute(link, "type") ?? "").split(/\s+/).filter(Boolean);
    if (path && linkTypes.length > 0) types.set(path, [...(types.get(path) ?? []), ...linkTypes]);
  }
  return types;
}

/** The document the landmarks say the body begins with. */
export function bodyStartOf(landmarks: ReadonlyMap<string, readonly string[]>): string | undefined {
  return [...landmarks].find(([, types]) => types.includes("bodymatter"))?.[0];
}

/** EPUB 2: the NCX `navMap`, nested `navPoint`s with a `navLabel` and a `content src`. */
export function readNcxToc(root: XmlElement, ncxPath: string): RawTocEntry[] {
  const navMap = firstChild(root, "navMap");
  return navMap ? readNavPoints(navMap, ncxPath) : [];
}

function readNavPoints(parent: XmlElement, ncxPath: string): RawTocEntry[] {
  return childElements(parent, "navPoint").map((point) => {
    const label = firstChild(point, "navLabel");
    const content = firstChild(point, "content");
    return {
      title: label ? textOf(label) : "",
      target: targetOf(content ? attribute(content, "src") : undefined, ncxPath),
      children: readNavPoints(point, ncxPath),
    };
  });
}

/**
 * Turns raw entries into Quire's table of contents: each entry names the chapter it opens (and the
 * element inside it). An entry pointing nowhere Quire shows is dropped; a heading without a target
 * of its own (an EPUB 3 `span`) opens its first child. Untitled entries take the chapter's name.
 */
export function mapToc(
  raw: RawTocEntry[],
  anchorOfPath: ReadonlyMap<string, string>,
  nameOfAnchor: (anchorId: string) => string,
): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const entry of raw) {
    const children = mapToc(entry.children, anchorOfPath, nameOfAnchor);
    const anchorId = entry.target ? anchorOfPath.get(entry.target.path) : undefined;
    const first = children[0];
    if (anchorId !== undefined) {
      const target = entry.target?.fragment;
      // The sanitiser drops ids that shadow document properties; an entry pointing at one opens its chapter.
      const fragment = target && !shadowsDocumentProperty(target) ? target : undefined;
      entries.push({
        title: entry.title || nameOfAnchor(anchorId),
        anchorId,
        ...(fragment ? { fragment } : {}),
        children,
      });
    } else if (first) {
      entries.push({
        title: entry.title || first.title,
        anchorId: first.anchorId,
        ...(first.fragment ? { fragment: first.fragment } : {}),
        children,
      });
    }
  }
  return entries;
}

export function countTocEntries(entries: TocEntry[]): number {
  return entries.reduce((sum, entry) => sum + 1 + countTocEntries(entry.children), 0);
}

/** The first title each chapter gets in the table of contents, preferring an entry that opens it at the top. */
export function chapterTitlesFromToc(raw: RawTocEntry[]): Map<string, string> {
  const whole = new Map<string, string>();
  const partial = new Map<string, string>();
  const visit = (entries: RawTocEntry[]) => {
    for (const entry of entries) {
      if (entry.target && entry.title) {
        const into = entry.target.fragment ? partial : whole;
        if (!into.has(entry.target.path)) into.set(entry.target.path, entry.title);
      }
      visit(entry.children);
    }
  };
  visit(raw);
  for (const [path, title] of partial) if (!whole.has(path)) whole.set(path, title);
  return whole;
}
