import { describe, expect, it } from "vitest";
import { baseCss, buildFrameDocument, FONT_STACKS, FRAME_CSP, overrideCss } from "./frame-document";
import { defaultReaderSettings } from "./reader-settings";

const settings = defaultReaderSettings("light");

describe("the frame document", () => {
  it("puts its own policy before anything it could govern", () => {
    const html = buildFrameDocument({ css: ".quire-book p { margin: 0 }", language: "en-GB" }, settings);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const first = doc.head.firstElementChild?.nextElementSibling;
    expect(first?.getAttribute("http-equiv")).toBe("Content-Security-Policy");
    expect(first?.getAttribute("content")).toBe(FRAME_CSP);
    expect(FRAME_CSP).toContain("default-src 'none'");
    expect(FRAME_CSP).not.toMatch(/script-src/);
    expect(doc.querySelectorAll("script")).toHaveLength(0);
    expect(doc.documentElement.lang).toBe("en-GB");
    expect(doc.querySelector(".quire-book")?.getAttribute("lang")).toBe("en-GB");
    expect(doc.querySelectorAll("style")[1]?.textContent).toBe(".quire-book p { margin: 0 }");
  });

  it("cannot be broken out of by a book's CSS or language", () => {
    const html = buildFrameDocument(
      { css: 'p::after { content: "</style><script>parent.x=1</script>" }', language: '"><script>x</script>' },
      settings,
    );
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelectorAll("script")).toHaveLength(0);
    expect(doc.querySelectorAll("style")).toHaveLength(3);
    expect(doc.documentElement.getAttribute("lang")).toBe('"><script>x</script>');
  });

  it("holds the chapter it opens at, or none", () => {
    const book = { css: "", language: null };
    const opened = new DOMParser().parseFromString(
      buildFrameDocument(book, settings, "<p>Call me Ishmael.</p>"),
      "text/html",
    );
    expect(opened.querySelector(".quire-book")?.innerHTML).toBe("<p>Call me Ishmael.</p>");
    const empty = new DOMParser().parseFromString(buildFrameDocument(book, settings), "text/html");
    expect(empty.querySelector(".quire-book")?.childNodes).toHaveLength(0);
  });

  it("paginates with one column per page, or scrolls", () => {
    expect(baseCss(settings)).toContain("column-count: 1");
    expect(baseCss({ ...settings, margins: "wide" })).toContain("column-gap: 104px");
    const scrolled = baseCss({ ...settings, layout: "scrolled" });
    expect(scrolled).not.toContain("column");
    expect(scrolled).toContain("overflow-y: auto");
  });

  it("applies the reader's size, spacing, typeface and theme over the book's own", () => {
    const css = overrideCss({ ...settings, fontSize: 24, lineHeight: 1.9, font: "dyslexic", theme: "dark" });
    expect(css).toContain("font-size: 24px !important");
    expect(css).toContain("line-height: 1.9 !important");
    expect(css).toContain(FONT_STACKS.dyslexic);
    expect(css).toContain("color-scheme: dark");
    expect(css).toContain("#12151b");
    expect(overrideCss(settings)).not.toContain("font-family");
    // Publisher colours stay on light paper and give way on sepia and at night.
    expect(overrideCss(settings)).not.toContain("color: inherit");
    expect(overrideCss({ ...settings, theme: "sepia" })).toContain("color: inherit");
  });
});
