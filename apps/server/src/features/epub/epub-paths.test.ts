import { describe, expect, it } from "vitest";
import { folderOf, normalizeArchivePath, resolveHref } from "./epub-paths";

describe("normalizeArchivePath", () => {
  it("cleans harmless oddities", () => {
    expect(normalizeArchivePath("OEBPS/./text//a.xhtml")).toBe("OEBPS/text/a.xhtml");
    expect(normalizeArchivePath("OEBPS\\text\\a.xhtml")).toBe("OEBPS/text/a.xhtml");
    expect(normalizeArchivePath("OEBPS/")).toBe("OEBPS");
  });

  it("refuses anything that could leave the book", () => {
    for (const name of ["../a", "a/../../b", "a/../b", "/a", "\\a", "C:/a", "c:a", "a\0b"]) {
      expect(normalizeArchivePath(name), name).toBeUndefined();
    }
  });
});

describe("resolveHref", () => {
  it("resolves relative paths against the document's folder, with fragments", () => {
    expect(resolveHref("OEBPS/text/a.xhtml", "b.xhtml#note-1")).toEqual({
      kind: "internal",
      path: "OEBPS/text/b.xhtml",
      fragment: "note-1",
    });
    expect(resolveHref("OEBPS/text/a.xhtml", "../images/My%20Picture.png?x=1")).toEqual({
      kind: "internal",
      path: "OEBPS/images/My Picture.png",
      fragment: undefined,
    });
    expect(resolveHref("content.opf", "text/a.xhtml")).toEqual({
      kind: "internal",
      path: "text/a.xhtml",
      fragment: undefined,
    });
    expect(folderOf("content.opf")).toBe("");
  });

  it("tells fragments, external URLs and invalid hrefs apart", () => {
    expect(resolveHref("a.xhtml", "#top")).toEqual({ kind: "fragment", fragment: "top" });
    expect(resolveHref("a.xhtml", "https://example.org/x")).toMatchObject({ kind: "external", scheme: "https" });
    expect(resolveHref("a.xhtml", " java\tscript:alert(1)")).toMatchObject({ kind: "external", scheme: "javascript" });
    expect(resolveHref("a.xhtml", "//evil.example/x.png")).toMatchObject({ kind: "external" });
    expect(resolveHref("a.xhtml", "DATA:image/png;base64,AAAA")).toMatchObject({ kind: "external", scheme: "data" });
    for (const href of ["", "   ", "#", "%E0%A4%A.xhtml", "a%00.xhtml"]) {
      expect(resolveHref("OEBPS/a.xhtml", href), href).toEqual({ kind: "invalid" });
    }
    for (const href of ["/etc/passwd", "../../../x", "../.."]) {
      expect(resolveHref("OEBPS/a.xhtml", href), href).toEqual({ kind: "outside", href });
    }
  });
});
