import { describe, expect, it } from "vitest";
import { readerPath } from "../../lib/reader-path";
import { classifyLink } from "./chapter-links";

const ORIGIN = "https://quire.example";
const here = { bookId: "book-1", anchorId: "chapter-2" };
const classify = (href: string | null) => classifyLink(href, here, ORIGIN);

describe("links inside a chapter", () => {
  it("keep in-page notes in the chapter", () => {
    expect(classify("#note-3")).toEqual({ kind: "fragment", fragment: "note-3" });
    expect(classify("/read/book-1/chapter-2#note-3")).toEqual({ kind: "fragment", fragment: "note-3" });
    expect(classify("#caf%C3%A9")).toEqual({ kind: "fragment", fragment: "café" });
  });

  it("open other chapters (and other books) in the reader", () => {
    expect(classify("/read/book-1/chapter-9#end")).toEqual({
      kind: "chapter",
      bookId: "book-1",
      anchorId: "chapter-9",
      fragment: "end",
    });
    expect(classify("/read/book-1/chapter-2")).toEqual({
      kind: "chapter",
      bookId: "book-1",
      anchorId: "chapter-2",
      fragment: null,
    });
    expect(classify(`${ORIGIN}/read/other/intro`)).toMatchObject({
      kind: "chapter",
      bookId: "other",
      anchorId: "intro",
    });
  });

  it("send other pages of the app through the router and files to a new tab", () => {
    expect(classify("/books/book-1?x=1")).toEqual({ kind: "app", path: "/books/book-1?x=1" });
    expect(classify("/files/books/b/v1/a/plate.jpg")).toEqual({
      kind: "external",
      url: `${ORIGIN}/files/books/b/v1/a/plate.jpg`,
    });
  });

  it("open the wider web beside the book, and ignore anything that could run", () => {
    expect(classify("https://standardebooks.org/")).toEqual({ kind: "external", url: "https://standardebooks.org/" });
    expect(classify("mailto:someone@example.com")).toMatchObject({ kind: "external" });
    expect(classify("javascript:alert(1)")).toEqual({ kind: "ignore" });
    expect(classify(" JaVaScRiPt:alert(1)")).toEqual({ kind: "ignore" });
    expect(classify("data:text/html,<script>1</script>")).toEqual({ kind: "ignore" });
    expect(classify(null)).toEqual({ kind: "ignore" });
    expect(classify("#")).toEqual({ kind: "ignore" });
  });

  it("build the reader's own addresses", () => {
    expect(readerPath("b 1", "ch/2", "n 1")).toBe("/read/b%201/ch%2F2#n%201");
    expect(readerPath("b", "c")).toBe("/read/b/c");
  });
});
