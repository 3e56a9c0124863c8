import { describe, expect, it } from "vitest";
import {
  bodyStartOf,
  chapterTitlesFromToc,
  countTocEntries,
  mapToc,
  readNavLandmarks,
  readNavToc,
  readNcxToc,
} from "./epub-toc";
import { parseXml } from "./epub-xml";

const NAV = `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<body>
  <nav epub:type="landmarks"><ol><li><a epub:type="bodymatter" href="text/one.xhtml">Start</a></li></ol></nav>
  <nav id="toc" epub:type="toc">
    <h2>Contents</h2>
    <ol>
      <li><a href="text/one.xhtml">One <i>and</i>&nbsp;only</a>
        <ol>
          <li><a href="text/one.xhtml#part-1">Part 1</a></li>
          <li><a href="#local">Nav-local</a></li>
        </ol>
      </li>
      <li><span>Heading without link</span>
        <ol><li><a href="text/two.xhtml#x">Two</a></li></ol>
      </li>
      <li><a href="https://example.org">Remote</a></li>
    </ol>
  </nav>
</body>
</html>`;

const NCX = `<?xml version="1.0"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <navMap>
    <navPoint id="p1" playOrder="1"><navLabel><text>1. King Solomon's Mines</text></navLabel><content src="chapter01.xhtml"/>
      <navPoint id="p2" playOrder="2"><navLabel><text>Part Two</text></navLabel><content src="chapter01.xhtml#two"/></navPoint>
    </navPoint>
    <navPoint id="p3" playOrder="3"><navLabel><text>2. The Marvellous Land of Oz</text></navLabel><content src="chapter02.xhtml"/></navPoint>
  </navMap>
</ncx>`;

describe("readNavToc", () => {
  it("reads the toc nav (not landmarks), with nested lists, span headings and fragments", () => {
    const entries = readNavToc(parseXml(NAV, "OEBPS/nav.xhtml"), "OEBPS/nav.xhtml");
    expect(entries).toEqual([
      {
        title: "One and only",
        target: { path: "OEBPS/text/one.xhtml", fragment: undefined },
        children: [
          { title: "Part 1", target: { path: "OEBPS/text/one.xhtml", fragment: "part-1" }, children: [] },
          { title: "Nav-local", target: { path: "OEBPS/nav.xhtml", fragment: "local" }, children: [] },
        ],
      },
      {
        title: "Heading without link",
        target: undefined,
        children: [{ title: "Two", target: { path: "OEBPS/text/two.xhtml", fragment: "x" }, children: [] }],
      },
      { title: "Remote", target: undefined, children: [] },
    ]);
    expect(bodyStartOf(readNavLandmarks(parseXml(NAV, "OEBPS/nav.xhtml"), "OEBPS/nav.xhtml"))).toBe(
      "OEBPS/text/one.xhtml",
    );
  });
});

describe("readNcxToc", () => {
  it("reads nested navPoints relative to the NCX", () => {
    expect(readNcxToc(parseXml(NCX, "xhtml/toc.ncx"), "xhtml/toc.ncx")).toEqual([
      {
        title: "1. King Solomon's Mines",
        target: { path: "xhtml/chapter01.xhtml", fragment: undefined },
        children: [{ title: "Part Two", target: { path: "xhtml/chapter01.xhtml", fragment: "two" }, children: [] }],
      },
      {
        title: "2. The Marvellous Land of Oz",
        target: { path: "xhtml/chapter02.xhtml", fragment: undefined },
        children: [],
      },
    ]);
  });
});

describe("mapToc", () => {
  const anchors = new Map([
    ["OEBPS/text/one.xhtml", "one"],
    ["OEBPS/text/two.xhtml", "two"],
  ]);
  const raw = readNavToc(parseXml(NAV, "OEBPS/nav.xhtml"), "OEBPS/nav.xhtml");

  it("points every entry at a chapter, drops entries pointing elsewhere, lends headings their first child", () => {
    const toc = mapToc(raw, anchors, (anchorId) => `Chapter ${anchorId}`);
    expect(toc).toEqual([
      {
        title: "One and only",
        anchorId: "one",
        children: [{ title: "Part 1", anchorId: "one", fragment: "part-1", children: [] }],
      },
      {
        title: "Heading without link",
        anchorId: "two",
        fragment: "x",
        children: [{ title: "Two", anchorId: "two", fragment: "x", children: [] }],
      },
    ]);
    expect(countTocEntries(toc)).toBe(4);
  });

  it("names untitled entries after their chapter", () => {
    const toc = mapToc(
      [{ title: "", target: { path: "OEBPS/text/two.xhtml", fragment: undefined }, children: [] }],
      anchors,
      (anchorId) => `Chapter ${anchorId}`,
    );
    expect(toc).toEqual([{ title: "Chapter two", anchorId: "two", children: [] }]);
  });

  it("gives each chapter the title of an entry that opens it at the top, else of one pointing into it", () => {
    expect(chapterTitlesFromToc(raw)).toEqual(
      new Map([
        ["OEBPS/text/one.xhtml", "One and only"],
        ["OEBPS/nav.xhtml", "Nav-local"],
        ["OEBPS/text/two.xhtml", "Two"],
      ]),
    );
  });
});
