import { describe, expect, it } from "vitest";
import {
  BOOK_SCOPE,
  bookFontName,
  type CssUrls,
  chapterScope,
  declaredFontFamilies,
  sanitizeDeclarations,
  scopeStylesheet,
} from "./epub-css";
import { resolveHref } from "./epub-paths";

/** Serves every file of the book under /files/b/, except `missing.*`; data: only for images. */
const urls: CssUrls = {
  fontFamilies: new Map([["old standard", bookFontName("Old Standard")]]),
  resolve(url, basePath, kind) {
    if (url.startsWith("#")) return url;
    if (url.startsWith("data:")) return kind === "image" && url.startsWith("data:image/png") ? url : undefined;
    const resolved = resolveHref(basePath, url);
    if (resolved.kind !== "internal" || resolved.path.includes("missing")) return undefined;
    return `/files/b/${resolved.path}`;
  },
};

const scope = (css: string, basePath = "OEBPS/css/book.css") => scopeStylesheet(css, basePath, BOOK_SCOPE, urls);
const compact = (css: string) => css.replace(/\s+/g, " ").trim();

describe("scopeStylesheet", () => {
  it("puts every rule under the book wrapper; html and :root become it, body becomes the chapter body", () => {
    const { css } = scope(
      "p { margin: 0 } html { color: red } :root { --x: 1 } body.dark > p, html body h1 { color: blue } * { box-sizing: border-box }",
    );
    expect(compact(css)).toBe(
      compact(`.quire-book p { margin: 0; }
        .quire-book { color: red; }
        .quire-book { --x: 1; }
        .quire-book .quire-body.dark > p,
        .quire-book .quire-body h1 { color: blue; }
        .quire-book * { box-sizing: border-box; }`),
    );
  });

  it("leaves class, id and attribute selectors that merely contain the words alone", () => {
    const { css } = scope('.body p, #html, [data-x="body"], tbody td { color: red }');
    expect(compact(css)).toBe(
      '.quire-book .body p, .quire-book #html, .quire-book [data-x="body"], .quire-book tbody td { color: red; }',
    );
  });

  it("scopes a chapter's own styles to that chapter", () => {
    const { css } = scopeStylesheet("body { margin: 0 } p { color: red }", "a.xhtml", chapterScope("ch-1"), urls);
    expect(compact(css)).toBe(
      compact(`.quire-book .quire-body[data-chapter="ch-1"] { margin: 0; }
        .quire-book .quire-body[data-chapter="ch-1"] p { color: red; }`),
    );
  });

  it("turns namespaced selectors into what matches in an HTML page, and drops @namespace and @charset", () => {
    const { css } = scope(
      '@charset "utf-8"; @namespace epub "http://www.idpf.org/2007/ops"; section[epub|type~="chapter"] p, svg|rect, [lang|="en"] { color: red }',
    );
    expect(compact(css)).toBe(
      '.quire-book section[epub\\:type~="chapter"] p, .quire-book rect, .quire-book [lang|="en"] { color: red; }',
    );
  });

  it("rewrites the book's own URLs and drops declarations with remote, missing or script URLs", () => {
    const { css } = scope(`
      .a { background: url(../images/a.png) no-repeat; color: red }
      .b { background-image: url("https://tracker.example/pixel.gif"); color: blue }
      .c { background: url('missing.png') }
      .d { background: url(data:image/png;base64,AAAA) }
      .e { background: url(javascript:alert(1)) }
      .f { width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url(x.xml#b) }
      .g { background: image-set("https://tracker.example/a.png" 1x) }
      .h { background: \\75 rl(https://tracker.example/a.png) }
      .i { background: url(//tracker.example/a.png) }
    `);
    expect(compact(css)).toBe(
      compact(`.quire-book .a { background: url("/files/b/OEBPS/images/a.png") no-repeat; color: red; }
        .quire-book .b { color: blue; }
        .quire-book .d { background: url("data:image/png;base64,AAAA"); }`),
    );
    expect(css).not.toMatch(/tracker|javascript|expression|binding|behavior/);
  });

  it("keeps only local @imports, reporting them so the imported sheet is included first", () => {
    const result = scope(
      '@import url("https://fonts.example/css"); @import "base.css"; @import url(../more/extra.css) screen; p { color: red }',
    );
    expect(result.imports).toEqual(["OEBPS/css/base.css", "OEBPS/more/extra.css"]);
    expect(result.css).not.toContain("@import");
  });

  it("keeps @media, @supports and @container with scoped rules; unwraps @layer; drops global at-rules", () => {
    const { css } = scope(`
      @media (min-width: 40em) { body { margin: 2em } }
      @supports (display: grid) { .g { display: grid } }
      @layer base { p { color: red } }
      @layer base, utilities;
      @keyframes spin { from { transform: rotate(0) } }
      @page { margin: 0 }
      @property --x { syntax: "<length>"; inherits: false; initial-value: 0 }
      @font-feature-values Font One { @styleset { nice-style: 12 } }
      h1 { color: green }
    `);
    expect(compact(css)).toBe(
      compact(`@media (min-width: 40em) { .quire-book .quire-body { margin: 2em; } }
        @supports (display: grid) { .quire-book .g { display: grid; } }
        .quire-book p { color: red; }
        .quire-book h1 { color: green; }`),
    );
  });

  it("renames the book's font families everywhere and keeps only the font sources Quire serves", () => {
    const { css } = scope(`
      @font-face { font-family: 'Old Standard'; src: url(../fonts/os.woff) format('woff'), url(https://cdn.example/os.woff2) format('woff2'), local('Times') }
      @font-face { font-family: "Remote Only"; src: url(https://cdn.example/r.woff) }
      p { font-family: "Old Standard", Georgia, serif }
      h1 { font: italic 1.2em/1.4 old standard, serif }
    `);
    expect(compact(css)).toBe(
      compact(`@font-face { font-family: "quire-book Old Standard"; src: url("/files/b/OEBPS/fonts/os.woff") format('woff'), local('Times'); }
        .quire-book p { font-family: "quire-book Old Standard", Georgia, serif; }
        .quire-book h1 { font: italic 1.2em/1.4 "quire-book Old Standard", serif; }`),
    );
  });

  it("survives comments, strings with braces and broken rules", () => {
    const { css } = scope(`
      /* a { color: red } */
      p::before { content: "}{ /* not a comment */" }
      garbage without block;
      em { color: red
    `);
    expect(compact(css)).toBe(
      compact(`.quire-book p::before { content: "}{ /* not a comment */"; }
        .quire-book em { color: red; }`),
    );
  });
});

describe("sanitizeDeclarations", () => {
  it("cleans a style attribute like a rule", () => {
    expect(
      sanitizeDeclarations(
        "color: red; background: url(https://x.example/a.png); margin: 1em; width: expression(1)",
        "OEBPS/text/a.xhtml",
        urls,
      ),
    ).toBe("color: red; margin: 1em");
    expect(sanitizeDeclarations("background: url(../i.png)", "OEBPS/text/a.xhtml", urls)).toBe(
      'background: url("/files/b/OEBPS/i.png")',
    );
  });
});

describe("declaredFontFamilies", () => {
  it("lists the families of @font-face rules", () => {
    expect(
      declaredFontFamilies('@font-face { font-family: "A B"; src: url(a.woff) } @font-face{src:url(b);font-family:C}'),
    ).toEqual(["A B", "C"]);
  });
});
