import { describe, expect, it } from "vitest";
import { assertSafeChapterHtml, chapterHtml, countWords, smartQuotes, tagNames } from "./text";

describe("chapterHtml", () => {
  it("turns light markup into headed paragraphs, quotations and scene breaks", () => {
    const html = chapterHtml({
      title: "Mr. Oduya's Umbrella",
      body: `"Hello," she said.
It was <em>raining</em>.

> One for every door.
> Mind the ninth.

***

Fish & chips < 5 pounds.`,
    });
    expect(html).toBe(
      [
        "<h2>Mr. Oduya’s Umbrella</h2>",
        "<p>“Hello,” she said. It was <em>raining</em>.</p>",
        "<blockquote><p>One for every door. Mind the ninth.</p></blockquote>",
        "<hr />",
        "<p>Fish &amp; chips &lt; 5 pounds.</p>",
      ].join("\n"),
    );
    expect(() => assertSafeChapterHtml(html, "test")).not.toThrow();
  });

  it("refuses tags outside the allowed set", () => {
    expect(() => assertSafeChapterHtml("<h2>x</h2><script>alert(1)</script>", "test")).toThrow(/script/);
    expect(() => assertSafeChapterHtml('<p class="x">y</p>', "test")).toThrow(/attribute/);
    expect(tagNames("<h2>a</h2><p>b <em>c</em></p><hr />")).toEqual(["h2", "h2", "p", "em", "em", "p", "hr"]);
  });
});

describe("smartQuotes", () => {
  it("opens after spaces and closes after words and dashes", () => {
    expect(smartQuotes(`"Wait—" he said. 'Don't.'`)).toBe("“Wait—” he said. ‘Don’t.’");
  });
});

describe("countWords", () => {
  it("counts the words a reader reads, not tags, dashes or entities", () => {
    expect(countWords("<h2>The Ninth Key</h2><p>Forty-one keys—all brass &amp; old. Level 1.42m.</p>")).toBe(10);
    expect(countWords("<hr />")).toBe(0);
  });
});
