import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARKDOWN_TAGS, renderChapterHtml, renderInline, renderMarkdown } from "./markdown";
import { countHtmlWords, timeToReadMinutes } from "./word-count";

const ALLOWED_TAGS: ReadonlySet<string> = new Set(MARKDOWN_TAGS);

describe("renderMarkdown", () => {
  it("renders paragraphs, headings, scene breaks and quotes", () => {
    expect(renderMarkdown("Hello\nworld\n\n# Part one\n\n***\n\n> She said\n> so.")).toBe(
      "<p>Hello\nworld</p>\n<h1>Part one</h1>\n<hr />\n<blockquote><p>She said\nso.</p></blockquote>",
    );
  });

  it("renders lists, keeping a numbered list's start", () => {
    expect(renderMarkdown("- one\n- two\n  more\n\n- three")).toBe(
      "<ul><li>one</li><li>two\nmore</li><li>three</li></ul>",
    );
    expect(renderMarkdown("3. c\n4. d")).toBe('<ol start="3"><li>c</li><li>d</li></ol>');
    expect(renderMarkdown("1) a")).toBe("<ol><li>a</li></ol>");
  });

  it("renders hard line breaks and fenced code without touching its text", () => {
    expect(renderMarkdown("first  \nsecond\\\nthird")).toBe("<p>first<br />\nsecond<br />\nthird</p>");
    expect(renderMarkdown("```\n<b>*not*</b>\n```")).toBe("<pre><code>&lt;b&gt;*not*&lt;/b&gt;</code></pre>");
  });

  it("renders inline emphasis, strike, code and safe links only", () => {
    expect(renderInline("**bold** and *it* and _it_ and ~~gone~~")).toBe(
      "<strong>bold</strong> and <em>it</em> and <em>it</em> and <del>gone</del>",
    );
    expect(renderInline("`a*b*` snake_case_name")).toBe("<code>a*b*</code> snake_case_name");
    expect(renderInline("[Quire](https://example.com/a_b_c?x=1&y=2)")).toBe(
      '<a href="https://example.com/a_b_c?x=1&amp;y=2">Quire</a>',
    );
    expect(renderInline("[bad](javascript:alert(1))")).toBe("[bad](javascript:alert(1))");
    expect(renderInline("\\*not emphasis\\*")).toBe("*not emphasis*");
  });

  it("escapes every character of raw HTML", () => {
    expect(renderMarkdown('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>')).toBe(
      '<p>&lt;script&gt;alert("x")&lt;/script&gt;</p>\n<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it("never emits a tag of its own choosing outside the subset, or an attribute other than href/start", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        const html = renderMarkdown(source);
        for (const match of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
          expect(ALLOWED_TAGS.has(match[1] as string)).toBe(true);
          const attributes = (match[2] as string).replace(/\s*\/$/, "").trim();
          expect(attributes === "" || /^(href="(?:https?:|mailto:)[^"]*"|start="\d+")$/i.test(attributes)).toBe(true);
        }
      }),
    );
  });
});

describe("chapter HTML and words", () => {
  it("puts the chapter name first as an escaped heading", () => {
    expect(renderChapterHtml("Night & <Day>", "Text.")).toBe("<h2>Night &amp; &lt;Day&gt;</h2>\n<p>Text.</p>");
    expect(renderChapterHtml("Empty", "")).toBe("<h2>Empty</h2>");
  });

  it("counts words the way the seed and the importer do", () => {
    expect(countHtmlWords("<h2>One</h2>\n<p>forty-one <em>words</em> — here&amp;there</p>")).toBe(4);
    expect(countHtmlWords("<p>wo<em>rd</em></p><p>next</p>")).toBe(2);
    expect(timeToReadMinutes(0)).toBe(0);
    expect(timeToReadMinutes(1)).toBe(1);
    expect(timeToReadMinutes(239)).toBe(2);
  });
});
