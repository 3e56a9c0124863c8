import { AppError } from "@quire/core/errors";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** A parsed XML element, with its children (elements and text) in document order. */
export interface XmlElement {
  /** The qualified name as written (`dc:title`). */
  name: string;
  /** The name without its namespace prefix (`title`). */
  local: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const BOM_UTF8 = [0xef, 0xbb, 0xbf];

/**
 * The text of an XML or XHTML file. XML is UTF-8 unless a byte-order mark or the declaration
 * says otherwise; an encoding this runtime cannot decode is read as UTF-8 rather than refused.
 */
export function decodeText(bytes: Uint8Array): string {
  if (BOM_UTF8.every((byte, index) => bytes[index] === byte)) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // Unknown label: fall through to UTF-8.
    }
  }
  return new TextDecoder("utf-8").decode(bytes);
}

/**
 * Refuses a document that declares entities of its own: the only way to write a billion-laughs
 * or external-entity attack. XHTML's named entities (`&nbsp;`) need no declaration, and the
 * predefined XML ones never do, so real books are unaffected. A literal `<!ENTITY` can only sit in
 * a DTD, a comment or CDATA; refusing the rare comment is the price of a check that cannot be fooled.
 */
export function assertNoEntityDeclarations(text: string, path: string): void {
  if (text.includes("<!ENTITY")) throw AppError.of("epubXmlEntities", { details: { path } });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Named HTML entities appear in navigation documents. Documents declaring entities never get here
  // (see above); the parser's own default expansion limits stay on as a second fence.
  htmlEntities: true,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type ParsedNode = Record<string, unknown>;

function toNodes(list: ParsedNode[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const item of list) {
    if ("#text" in item) {
      nodes.push(String(item["#text"]));
      continue;
    }
    const name = Object.keys(item).find((key) => key !== ":@");
    if (!name) continue;
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries((item[":@"] as Record<string, unknown> | undefined) ?? {})) {
      attributes[key] = String(value);
    }
    nodes.push({ name, local: localName(name), attributes, children: toNodes(item[name] as ParsedNode[]) });
  }
  return nodes;
}

/** Parses a well-formed XML document into its root element; anything else is refused with the file's path. */
export function parseXml(text: string, path: string): XmlElement {
  assertNoEntityDeclarations(text, path);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) throw AppError.of("epubMalformedXml", { details: { path, error: valid.err.msg } });
  let parsed: ParsedNode[];
  try {
    parsed = parser.parse(text) as ParsedNode[];
  } catch (cause) {
    throw AppError.of("epubMalformedXml", { details: { path }, cause });
  }
  const root = toNodes(parsed).find((node): node is XmlElement => typeof node !== "string");
  if (!root) throw AppError.of("epubMalformedXml", { details: { path } });
  return root;
}

export function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1);
}

export function childElements(element: XmlElement, local?: string): XmlElement[] {
  return element.children.filter(
    (node): node is XmlElement => typeof node !== "string" && (local === undefined || node.local === local),
  );
}

export function firstChild(element: XmlElement, local: string): XmlElement | undefined {
  return childElements(element, local)[0];
}

/** Every element below `element` (depth first, document order) with the given local name. */
export function descendants(element: XmlElement, local: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of childElements(node)) {
      if (child.local === local) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** An attribute by local name (`type` finds `epub:type`); the unprefixed one wins when both exist. */
export function attribute(element: XmlElement, local: string): string | undefined {
  if (local in element.attributes) return element.attributes[local];
  for (const [name, value] of Object.entries(element.attributes)) {
    if (localName(name) === local) return value;
  }
  return undefined;
}

/** The element's text with runs of whitespace collapsed, as a reader would see it. */
export function textOf(element: XmlElement): string {
  const parts: string[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === "string") parts.push(child);
      else visit(child);
    }
  };
  visit(element);
  return parts.join("").replace(/\s+/g, " ").trim();
}
