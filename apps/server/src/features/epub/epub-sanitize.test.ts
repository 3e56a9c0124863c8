import { describe, expect, it } from "vitest";
import { bookFontName, sanitizeDeclarations } from "./epub-css";
import { resolveHref } from "./epub-paths";
import { type ChapterLinks, inlineStyles, sanitizeChapter, sanitizeSvgDocument } from "./epub-sanitize";

const PATH = "OEBPS/text/a.xhtml";

/** Chapters a.xhtml and b.xhtml; every other file of the book is served under /files/b/ unless it is `missing.*`. */
const links: ChapterLinks = {
  linkTo: (path, fragment) =>
    path === "OEBPS/text/a.xhtml" || path === "OEBPS/text/b.xhtml"
      ? `/read/book/${path.slice(11, 12)}${fragment ? `#${fragment}` : ""}`
      : undefined,
  resource: (path, kind) =>
    path.includes("missing") || path.endsWith(".xhtml") ? undefined : `/files/b/${kind}/${path}`,
  dataImage: (url) => url.startsWith("data:image/png"),
  dropped: () => undefined,
  css: {
    fontFamilies: new Map([["old standard", bookFontName("Old Standard")]]),
    resolve(url, basePath) {
      const resolved = resolveHref(basePath, url);
      return resolved.kind === "internal" ? `/files/b/${resolved.path}` : undefined;
    },
  },
};

const doc = (body: string, head = "", htmlAttributes = 'xml:lang="en"') => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" ${htmlAttributes}>
<head><title>The &amp; Title</title>${head}</head>
<body>${body}</body>
</html>`;

const clean = (body: string) => sanitizeChapter(doc(body), PATH, "a", links).html;

describe("sanitizeChapter", () => {
  it("wraps the body in the chapter body element, carrying its class, language and epub:type", () => {
    const result = sanitizeChapter(
      doc("<p>Hi</p>", "", 'xml:lang="en-GB"').replace(
        "<body>",
        '<body class="dark" epub:type="bodymatter" onload="x()">',
      ),
      PATH,
      "a",
      links,
    );
    expect(result.html).toBe(
      '<div class="quire-body dark" data-chapter="a" lang="en-GB" epub:type="bodymatter"><p>Hi</p></div>',
    );
    expect(result.title).toBe("The & Title");
  });

  it("removes scripts, event handlers, forms, frames, objects and embeds", () => {
    const html = clean(`
      <script>alert(1)</script><script src="evil.js"/>
      <p onclick="steal()" onMouseOver="x()">Text</p>
      <form action="https://evil.example"><label>Name <input name="n"/></label><button>Send</button><select><option>A</option></select><textarea>typed</textarea></form>
      <iframe src="https://evil.example"></iframe><embed src="x.swf"/>
      <object data="movie.swf"><param name="a" value="b"/><p>Fallback text</p></object>
      <svg><script>alert(2)</script><foreignObject><p>html in svg</p></foreignObject><a xlink:href="javascript:alert(3)"><text>t</text></a><animate attributeName="href" to="javascript:alert(4)"/></svg>
      <noscript><p>No script here</p></noscript>`);
    expect(html).not.toMatch(
      /<script|alert|onclick|onmouseover|<form|<input|<button|<select|<option|<textarea|typed|<iframe|<embed|<object|<param|foreignObject|html in svg|javascript|<animate/i,
    );
    expect(html).toContain("<p>Text</p>");
    expect(html).toContain("Name ");
    expect(html).toContain("<p>Fallback text</p>");
    expect(html).toContain("<p>No script here</p>");
  });

  it("rewrites links inside the book to reader locations and keeps fragments", () => {
    const html = clean(
      '<a href="b.xhtml#note-1">note</a> <a href="#here">here</a> <a href="a.xhtml">self</a> <a href="../nav.xhtml">nav</a> <a id="empty"/><span>after</span>',
    );
    expect(html).toContain('<a href="/read/book/b#note-1">note</a>');
    expect(html).toContain('<a href="#here">here</a>');
    expect(html).toContain('<a href="/read/book/a">self</a>');
    // A link to a document that is not a chapter loses its href but keeps its text.
    expect(html).toContain("<a>nav</a>");
    // `<a/>` in XHTML is empty: the following text is not swallowed into it.
    expect(html).toContain('<a id="empty"></a><span>after</span>');
  });

  it("keeps web and mail links, opened beside the reader; drops javascript:, data: and other schemes", () => {
    const html = clean(
      '<a href="https://example.org/a">web</a><a href="mailto:a@example.org">mail</a><a href="javascript:alert(1)">js</a><a href="data:text/html,hi">data</a><a href="file:///etc/passwd">file</a>',
    );
    expect(html).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="mailto:a@example.org">mail</a>');
    expect(html).toContain("<a>js</a><a>data</a><a>file</a>");
  });

  it("serves the book's images from Quire, keeps data: images and replaces remote or missing ones by their alt text", () => {
    const html = clean(
      '<img src="../images/a.png" alt="A" onerror="x()"/><img src="https://tracker.example/p.gif" alt="t"/><img src="missing.png" alt="m &amp; n"/><img src="missing.png"/><img src="data:image/png;base64,AAAA" alt="d"/><img src="data:text/html;base64,AAAA" alt="h"/><img src="../images/b.png" srcset="https://cdn.example/b.png 2x" alt="B"/>',
    );
    expect(html).toBe(
      '<div class="quire-body" data-chapter="a" lang="en"><img src="/files/b/image/OEBPS/images/a.png" alt="A" /><span class="quire-missing-image">t</span><span class="quire-missing-image">m &amp; n</span><img src="data:image/png;base64,AAAA" alt="d" /><span class="quire-missing-image">h</span><img src="/files/b/image/OEBPS/images/b.png" alt="B" /></div>',
    );
  });

  it("drops name attributes and ids that would stand in for the document's own properties (DOM clobbering)", () => {
    const html = clean(
      '<img name="querySelector" src="../images/a.png" alt="A"/><a name="getElementById">x</a><p id="addEventListener">p</p><p id="body">b</p><p id="chapter-1" title="t">c</p><svg><g id="documentElement" name="forms"></g></svg>',
    );
    expect(html).not.toMatch(/\sname=|querySelector|getElementById|addEventListener|"body"|documentElement|forms/);
    expect(html).toContain('<img src="/files/b/image/OEBPS/images/a.png" alt="A" /><a>x</a><p>p</p><p>b</p>');
    expect(html).toContain('<p id="chapter-1" title="t">c</p>');
  });

  it("keeps an old-style <a name> anchor as a link target, under its id", () => {
    expect(clean('<a name="note-3"/>Note <a name="n4" id="own">x</a>')).toBe(
      '<div class="quire-body" data-chapter="a" lang="en"><a id="note-3"></a>Note <a id="own">x</a></div>',
    );
  });

  it("keeps the book's files when storage serves them from an absolute URL (a bucket's CDN)", () => {
    const cdn: ChapterLinks = { ...links, resource: (path) => `https://cdn.quire.example/${path}` };
    const html = sanitizeChapter(
      doc('<img src="../images/a.png" alt=""/><img src="https://x.example/p.png" alt=""/>'),
      PATH,
      "a",
      cdn,
    ).html;
    expect(html).toBe(
      '<div class="quire-body" data-chapter="a" lang="en"><img src="https://cdn.quire.example/OEBPS/images/a.png" alt="" /></div>',
    );
  });

  it("keeps audio and video of the book with controls, never their remote sources", () => {
    const html = clean(
      '<audio src="../audio/a.mp3" autoplay="autoplay"/><video poster="https://x.example/p.jpg"><source src="https://x.example/v.mp4"/><source src="../video/v.mp4" type="video/mp4"/></video>',
    );
    expect(html).toContain('<audio src="/files/b/media/OEBPS/audio/a.mp3" controls="controls"></audio>');
    expect(html).toContain(
      '<video controls="controls"><source src="/files/b/media/OEBPS/video/v.mp4" type="video/mp4" /></video>',
    );
    expect(html).not.toContain("x.example");
  });

  it("keeps MathML and SVG with their case-sensitive names, minus anything that points outside", () => {
    const html = clean(`
      <math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mfrac><mi>a</mi><mn>2</mn></mfrac><semantics><mi>x</mi><annotation-xml encoding="application/xhtml+xml"><p>hidden</p></annotation-xml></semantics></math>
      <svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
        <rect fill="url(#g)" width="10" height="10"/><rect fill="url(https://x.example/f.svg#g)"/>
        <image xlink:href="../images/a.png" width="5" height="5"/><image href="https://x.example/p.png"/><use href="#g"/><use href="other.svg#g"/>
        <g font-family="Old Standard"><text>T</text></g></svg>`);
    expect(html).toContain(
      '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mfrac><mi>a</mi><mn>2</mn></mfrac><semantics><mi>x</mi></semantics></math>',
    );
    expect(html).toContain('<svg viewBox="0 0 10 10">');
    expect(html).toContain('<linearGradient id="g">');
    expect(html).toContain('<rect fill="url(#g)" width="10" height="10"></rect><rect></rect>');
    expect(html).toContain('<image href="/files/b/image/OEBPS/images/a.png" width="5" height="5"></image>');
    expect(html).toContain('<use href="#g"></use><use></use>');
    expect(html).toContain('<g font-family="&quot;quire-book Old Standard&quot;">');
    expect(html).not.toContain("x.example");
    expect(html).not.toContain("hidden");
  });

  it("cleans style attributes and keeps only the known HTML attributes", () => {
    const html = clean(
      '<p style="color: red; background: url(https://x.example/a.png)" data-track="1" tabindex="1" class="c" aria-label="L" epub:type="z3998:poem" xml:lang="fr">x</p>',
    );
    expect(html).toContain('<p style="color: red" class="c" aria-label="L" epub:type="z3998:poem" lang="fr">x</p>');
  });

  it("collects linked stylesheets (not alternates) and inline styles", () => {
    const markup = doc(
      "<p>x</p><svg><style>rect { fill: red }</style></svg>",
      '<link rel="stylesheet" href="../css/a.css"/><link rel="alternate stylesheet" href="../css/night.css"/><link rel="stylesheet" href="https://fonts.example/css"/><style type="text/css"><![CDATA[ p { color: blue } ]]></style>',
    );
    expect(sanitizeChapter(markup, PATH, "a", links).stylesheets).toEqual(["OEBPS/css/a.css"]);
    expect(inlineStyles(markup).map((css) => css.trim())).toEqual(["p { color: blue }", "rect { fill: red }"]);
    expect(sanitizeChapter(markup, PATH, "a", links).html).not.toContain("fill: red");
  });

  it("decodes XHTML's named entities and keeps text escaped", () => {
    expect(clean("<p>A&nbsp;B &mdash; &lt;tag&gt; &amp; &#x2014;</p>")).toContain(
      "<p>A\u00a0B — &lt;tag&gt; &amp; —</p>",
    );
  });
});

describe("sanitizeSvgDocument", () => {
  const svgPath = "OEBPS/images/map.svg";

  it("keeps the drawing and removes scripts, handlers, foreignObject, animation and javascript: links", () => {
    const svg = sanitizeSvgDocument(
      `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50" onload="alert(1)">
  <script type="text/javascript">alert(2)</script><script xlink:href="https://evil.example/x.js"/>
  <style>rect { fill: url(https://tracker.example/p) }</style>
  <title>A map</title>
  <rect id="sea" x="0" y="0" width="100" height="50" fill="#0af" onclick="alert(3)"/>
  <a xlink:href="javascript:alert(4)"><text x="5" y="20">Click</text></a>
  <a href="../text/b.xhtml#place"><text x="5" y="40">Back</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
  <set attributeName="href" to="javascript:alert(5)"/><animate attributeName="x" to="1"/>
  <image xlink:href="coast.png" width="10" height="10"/><image href="https://tracker.example/p.png"/>
</svg>`,
      svgPath,
      links,
    );
    expect(svg).not.toMatch(/script|alert|onload|onclick|foreignObject|html<|<set|<animate|tracker|<style|DOCTYPE/i);
    expect(svg).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 100 50">/,
    );
    expect(svg).toContain("<title>A map</title>");
    expect(svg).toContain('<rect id="sea" x="0" y="0" width="100" height="50" fill="#0af"></rect>');
    expect(svg).toContain('<a><text x="5" y="20">Click</text></a>');
    expect(svg).toContain('<a href="/read/book/b#place"><text x="5" y="40">Back</text></a>');
    expect(svg).toContain('<image href="/files/b/image/OEBPS/images/coast.png" width="10" height="10"></image>');
  });

  it("gives a root without a namespace the SVG one, so the file still renders", () => {
    expect(sanitizeSvgDocument('<svg viewBox="0 0 1 1"><path d="M0 0h1"/></svg>', svgPath, links)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1"></path></svg>\n',
    );
  });
});

describe("sanitizeDeclarations with the book's fonts", () => {
  it("renames declared families in style attributes", () => {
    expect(sanitizeDeclarations("font-family: 'Old Standard', serif", PATH, links.css)).toBe(
      'font-family: "quire-book Old Standard", serif',
    );
  });
});
