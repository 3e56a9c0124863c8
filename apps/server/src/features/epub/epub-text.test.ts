import { describe, expect, it } from "vitest";
import { countWords, firstHeading, htmlToText, openingText } from "./epub-text";

describe("countWords", () => {
  it("counts words across tags, dashes and escapes the way a reader reads them", () => {
    expect(countWords("<p>It was the <em>best</em> of times,</p><p>it was\u00a0the worst.</p>")).toBe(10);
    expect(countWords("<p>end.</p><p>Start</p>")).toBe(2);
    expect(countWords("<p>forty-one words—or so \u2060— said Smith &amp; Sons</p>")).toBe(7);
    expect(countWords("<p>un<i>believ</i>able</p>")).toBe(1);
    expect(countWords('<img src="a.png" alt="many words here"/>')).toBe(0);
  });
});

describe("htmlToText", () => {
  it("decodes what the sanitiser escapes", () => {
    expect(htmlToText("<p>&lt;a&gt; &amp; &quot;b&quot; &#39;c&#39;</p>").trim()).toBe(`<a> & "b" 'c'`);
  });
});

describe("firstHeading", () => {
  it("finds the first heading of any level", () => {
    expect(firstHeading('<section><p>x</p><h3 class="t">The <i>Third</i>\n Part</h3><h1>Later</h1></section>')).toBe(
      "The Third Part",
    );
    expect(firstHeading("<p>No heading</p>")).toBe("");
  });
});

describe("openingText", () => {
  it("takes the first paragraphs and cuts at a word with an ellipsis", () => {
    const html = "<h2>Title</h2><p>One two three.</p><p></p><p>Four five six seven eight nine ten.</p>";
    expect(openingText(html, 100)).toBe("One two three.\n\nFour five six seven eight nine ten.");
    expect(openingText(html, 30)).toBe("One two three.\n\nFour five six…");
    expect(openingText(html, 27)).toBe("One two three.\n\nFour five…");
  });
});
