import type { ChapterRole } from "@quire/core";

/**
 * Which chapters are the book and which its front and back matter, from what the EPUB says of each
 * document: the EPUB 3 landmarks and `epub:type` of its body (or first section), the EPUB 2 guide,
 * and `linear="no"` in the spine. Everything before the body's start is front matter.
 */

export interface RoleSource {
  path: string;
  linear: boolean;
  /** `epub:type` values of the document's body and its first section or article. */
  types: readonly string[];
}

export interface RoleHints {
  /** Where the body begins: the landmarks' `bodymatter`, else the guide's `text`. */
  bodyStart: string | undefined;
  /** Types the landmarks and the guide give each document, by path. */
  typesByPath: ReadonlyMap<string, readonly string[]>;
}

const BODY_TYPES = new Set(["bodymatter", "chapter", "part", "volume", "division", "text"]);
/** Matter by its kind: front before the body, back after it. EPUB 3 structure vocabulary and EPUB 2 guide names. */
// biome-ignore format: a word list reads better as a paragraph
const MATTER_TYPES = new Set([
  "frontmatter", "backmatter", "cover", "titlepage", "title-page", "halftitlepage", "seriespage", "imprint",
  "copyright-page", "toc", "landmarks", "loi", "lot", "loa", "lov", "dedication", "epigraph", "foreword", "preface",
  "acknowledgments", "acknowledgements", "contributors", "other-credits", "errata", "colophon", "endnotes",
  "rearnotes", "footnotes", "notes", "uncopyright", "afterword", "appendix", "glossary", "index", "bibliography",
]);
/** Inside the body, only these make a document back matter (a part's own epigraph or preface stays the book's). */
// biome-ignore format: a word list reads better as a paragraph
const BACK_TYPES = new Set([
  "backmatter", "colophon", "endnotes", "rearnotes", "footnotes", "notes", "uncopyright", "index", "bibliography",
  "glossary", "appendix", "afterword",
]);

type Kind = "body" | "matter" | "back" | undefined;

/** What one document says it is; the division (front/body/back matter) outranks the specific kind. */
function kindOf(types: readonly string[]): Kind {
  if (types.includes("backmatter")) return "back";
  if (types.includes("bodymatter")) return "body";
  if (types.includes("frontmatter")) return "matter";
  if (types.some((type) => BACK_TYPES.has(type))) return "back";
  if (types.some((type) => BODY_TYPES.has(type))) return "body";
  if (types.some((type) => MATTER_TYPES.has(type))) return "matter";
  return undefined;
}

/** Each chapter's role (in reading order) and the index of the first body chapter, where reading starts. */
export function chapterRoles(
  chapters: readonly RoleSource[],
  hints: RoleHints,
): { roles: ChapterRole[]; start: number } {
  const kinds = chapters.map((chapter) => kindOf([...chapter.types, ...(hints.typesByPath.get(chapter.path) ?? [])]));
  const declared = hints.bodyStart ? chapters.findIndex((chapter) => chapter.path === hints.bodyStart) : -1;
  const firstOf = (test: (index: number) => boolean) => chapters.findIndex((_, index) => test(index));
  let start = declared;
  if (start < 0) start = firstOf((index) => kinds[index] === "body" && !!chapters[index]?.linear);
  if (start < 0) start = firstOf((index) => kinds[index] === undefined && !!chapters[index]?.linear);
  if (start < 0) start = 0;
  // Matter after the last chapter that may be the book's (an EPUB 2 guide's table of contents at the end) is back matter.
  let lastBody = start;
  chapters.forEach((chapter, index) => {
    if (index > start && chapter.linear && (kinds[index] === "body" || kinds[index] === undefined)) lastBody = index;
  });
  const roles = chapters.map((chapter, index): ChapterRole => {
    if (index < start) return "front";
    if (index === start) return "body";
    return index > lastBody || !chapter.linear || kinds[index] === "back" ? "back" : "body";
  });
  return { roles, start };
}

/** The `epub:type` values of a chapter's body and of the first section or article in it, from its raw markup. */
export function documentTypes(markup: string): string[] {
  const body = /<body\b([^>]*)>/i.exec(markup);
  if (!body) return [];
  const rest = markup.slice(body.index + body[0].length);
  const section = /^\s*(?:<(?:div|header)\b[^>]*>\s*)*<(?:section|article)\b([^>]*)>/i.exec(rest);
  return [body[1] ?? "", section?.[1] ?? ""].flatMap((attributes) => {
    const value = /\bepub:type\s*=\s*(["'])([^"']*)\1/i.exec(attributes)?.[2] ?? "";
    return value.split(/\s+/).filter(Boolean);
  });
}
