import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { el, escapeXml, xmlDocument } from "./xml-writer";

describe("xml writer", () => {
  it("escapes markup in text and attributes", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
    const xml = xmlDocument(el("feed", { title: `"quoted" & <tagged>` }, el("title", {}, "</title><evil/>")));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(doc.feed["@_title"]).toBe(`"quoted" & <tagged>`);
    expect(doc.feed.title).toBe("</title><evil/>");
  });

  it("drops characters XML cannot hold and keeps every other one, astral ones included", () => {
    expect(escapeXml("a\u0000b\u0007c\u001Fd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXml("tab\tline\nreturn\r 📚 é 中")).toBe("tab\tline\nreturn\r 📚 é 中");
    expect(escapeXml("\uDC00📚\uD83D")).toBe("📚");
  });

  it("leaves out undefined attributes and children, and closes empty elements", () => {
    expect(xmlDocument(el("link", { rel: "self", type: undefined }, undefined))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<link rel="self"/>',
    );
  });

  it("refuses names that are not XML names", () => {
    expect(() => xmlDocument(el("a b"))).toThrow("Not an XML name: a b");
    expect(() => xmlDocument(el("a", { 'x="1" y': "2" }))).toThrow(/Not an XML name/);
  });
});
