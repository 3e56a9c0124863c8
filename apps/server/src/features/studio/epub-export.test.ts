import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { renderCommunityChapter } from "./chapter-html";
import { toXhtml } from "./epub-export";

describe("community chapter HTML", () => {
  it("is exactly what the shared Markdown renderer writes: sanitising changes nothing it makes", () => {
    const markdown =
      'A "quote" & <tag>, *em*, **strong**, ~~del~~, `code`.  \nNext\n\n1. one\n\n> q\n\n---\n\n[l](https://x.test/?a=1&b=2)';
    const rendered = renderCommunityChapter("Name & <More>", markdown);
    expect(rendered.html).toBe(
      [
        "<h2>Name &amp; &lt;More&gt;</h2>",
        '<p>A "quote" &amp; &lt;tag&gt;, <em>em</em>, <strong>strong</strong>, <del>del</del>, <code>code</code>.<br />',
        "Next</p>",
        "<ol><li>one</li></ol>",
        "<blockquote><p>q</p></blockquote>",
        "<hr />",
        '<p><a href="https://x.test/?a=1&amp;b=2">l</a></p>',
      ].join("\n"),
    );
    expect(rendered.wordCount).toBe(13);
  });
});

describe("toXhtml", () => {
  it("makes sanitised HTML well-formed XML", () => {
    const html =
      '<div class="quire-body" data-chapter="a"><p>x<br>y &nbsp; &copy;</p><img src="a.png" alt=""><details open><summary>s</summary></details><hr></div>';
    const xhtml = toXhtml(html);
    expect(xhtml).toBe(
      '<div class="quire-body" data-chapter="a"><p>x<br />y &amp;nbsp; &amp;copy;</p><img src="a.png" alt="" /><details open="open"><summary>s</summary></details><hr /></div>',
    );
    expect(XMLValidator.validate(`<body>${xhtml}</body>`)).toBe(true);
  });

  it("leaves well-formed markup as it is", () => {
    const html = '<h2>T</h2>\n<p>a &amp; b &lt; c <a href="x.xhtml#f">l</a></p>\n<hr />';
    expect(toXhtml(html)).toBe(html);
  });
});
