import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EpubArchive } from "./epub-archive";
import { buildBookContent } from "./epub-book";
import { readPackage } from "./epub-package";
import { chapterRoles, documentTypes, type RoleSource } from "./epub-roles";

const CORPUS = join(import.meta.dirname, "../../../../../../shared/corpus");

function corpusBook(file: string) {
  const archive = EpubArchive.open(readFileSync(join(CORPUS, file)));
  return buildBookContent(archive, readPackage(archive), {
    bookId: "b",
    keyPrefix: "books/b/v1/x",
    urlForKey: (key) => `/files/${key}`,
  });
}

const source = (path: string, types: string[] = [], linear = true): RoleSource => ({ path, linear, types });
const noHints = { bodyStart: undefined, typesByPath: new Map<string, string[]>() };

describe("chapterRoles", () => {
  it("starts the body where the landmarks or guide say; everything before is front matter", () => {
    const chapters = [source("title.xhtml"), source("intro.xhtml"), source("one.xhtml"), source("two.xhtml")];
    expect(chapterRoles(chapters, { ...noHints, bodyStart: "one.xhtml" })).toEqual({
      roles: ["front", "front", "body", "body"],
      start: 2,
    });
  });

  it("reads epub:type: divisions outrank kinds, and matter after the body is back matter", () => {
    const chapters = [
      source("title.xhtml", ["frontmatter", "titlepage"]),
      source("epigraph.xhtml", ["epigraph"]),
      source("one.xhtml", ["bodymatter", "chapter"]),
      source("part-epigraph.xhtml", ["bodymatter", "epigraph"]),
      source("two.xhtml"),
      source("endnotes.xhtml", ["backmatter", "endnotes"]),
      source("toc.xhtml", ["toc"]),
    ];
    expect(chapterRoles(chapters, noHints).roles).toEqual(["front", "front", "body", "body", "body", "back", "back"]);
  });

  it("takes the guide's and landmarks' types, and linear=\"no\" is front before the body, back after", () => {
    const chapters = [
      source("cover.xhtml", [], false),
      source("title.xhtml"),
      source("one.xhtml"),
      source("popup.xhtml", [], false),
      source("two.xhtml"),
      source("colophon.xhtml"),
    ];
    const typesByPath = new Map([
      ["title.xhtml", ["title-page"]],
      ["colophon.xhtml", ["colophon"]],
    ]);
    expect(chapterRoles(chapters, { bodyStart: undefined, typesByPath })).toEqual({
      roles: ["front", "front", "body", "back", "body", "back"],
      start: 2,
    });
  });

  it("makes a book of nothing but matter start at its first chapter", () => {
    expect(chapterRoles([source("a.xhtml", ["titlepage"]), source("b.xhtml", ["colophon"])], noHints)).toEqual({
      roles: ["body", "back"],
      start: 0,
    });
  });
});

describe("documentTypes", () => {
  it("reads the body's and first section's epub:type", () => {
    expect(
      documentTypes(
        '<html><body epub:type="backmatter">\n<section id="c" epub:type="colophon z3998:x"><p>Hi</p></section></body></html>',
      ),
    ).toEqual(["backmatter", "colophon", "z3998:x"]);
    expect(documentTypes("<html><body><p>No types</p><section epub:type='chapter'/></body></html>")).toEqual([]);
  });
});

describe("roles of real books", () => {
  it("starts Sherlock Holmes at “A Scandal in Bohemia”, with its title page and imprint before and colophon after", () => {
    const book = corpusBook("standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub");
    expect(book.startAnchorId).toBe("a-scandal-in-bohemia");
    const notBody = book.chapters.filter((chapter) => chapter.role !== "body");
    expect(notBody.map((chapter) => [chapter.anchorId, chapter.role])).toEqual([
      ["titlepage", "front"],
      ["imprint", "front"],
      ["colophon", "back"],
      ["uncopyright", "back"],
    ]);
    expect(book.chapters.filter((chapter) => chapter.role === "body")).toHaveLength(12);
    expect(book.originalPublicationYear).toBe(1892);
    expect(book.warnings).toEqual([]);
  });

  it("starts the Readium EPUB 2 smoke test after its title page (a guide cover, no landmarks)", () => {
    const book = corpusBook("readium/SmokeTest-EPUB2.epub");
    expect(book.chapters.map((chapter) => [chapter.anchorId, chapter.role])).toEqual([
      ["titlepage", "front"],
      ["chapter01", "body"],
      ["chapter02", "body"],
    ]);
    expect(book.startAnchorId).toBe("chapter01");
    expect(book.originalPublicationYear).toBeNull();
  });
});
