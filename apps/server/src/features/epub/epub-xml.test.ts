import { describe, expect, it } from "vitest";
import { attribute, childElements, decodeText, descendants, parseXml, textOf } from "./epub-xml";
import { refusalOf } from "./test-epubs";

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<package>&lol3;</package>`;

describe("parseXml", () => {
  it("keeps elements, attributes and mixed text in document order", () => {
    const root = parseXml(
      '<?xml version="1.0"?><!DOCTYPE html><html xmlns:epub="x"><nav epub:type="toc"><a href="a.xhtml">Custom <code>nav</code>&nbsp;&amp; more</a></nav></html>',
      "nav.xhtml",
    );
    expect(root.local).toBe("html");
    const nav = descendants(root, "nav")[0];
    expect(nav && attribute(nav, "type")).toBe("toc");
    const link = nav && childElements(nav, "a")[0];
    expect(link && textOf(link)).toBe("Custom nav & more");
  });

  it("refuses documents that declare entities (billion laughs, external entities)", async () => {
    for (const text of [
      BILLION_LAUGHS,
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>',
    ]) {
      const error = await refusalOf(() => parseXml(text, "OEBPS/content.opf"));
      expect(error.message).toBe("This EPUB declares its own XML entities, which Quire refuses for safety.");
      expect(error.details).toEqual({ path: "OEBPS/content.opf" });
    }
  });

  it("refuses documents that are not well-formed", async () => {
    const error = await refusalOf(() => parseXml("<package><metadata></package>", "content.opf"));
    expect(error.message).toBe("This EPUB contains a document that is not well-formed XML.");
    expect(error.details).toMatchObject({ path: "content.opf" });
  });
});

describe("decodeText", () => {
  it("honours byte-order marks and the XML declaration's encoding", () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("a");
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00]))).toBe("aé");
    expect(decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x61]))).toBe("a");
    const latin1 = new Uint8Array([
      ...Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>'),
      0xe9,
      ...Buffer.from("</a>"),
    ]);
    expect(decodeText(latin1)).toContain("<a>é</a>");
    expect(decodeText(Buffer.from('<?xml version="1.0" encoding="x-unknown"?><a>é</a>'))).toContain("<a>é</a>");
  });
});
