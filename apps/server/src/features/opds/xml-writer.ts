/** An XML element: its name, attributes (undefined ones are left out) and children (text or elements). */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string | number | undefined>;
  children?: readonly (XmlElement | string | undefined)[];
}

export function el(
  name: string,
  attributes: XmlElement["attributes"] = {},
  ...children: (XmlElement | string | undefined)[]
): XmlElement {
  return { name, attributes, children };
}

// Characters XML 1.0 cannot hold at all, even escaped (control characters, lone surrogates): a title pasted
// with one would otherwise make the whole feed unreadable to a strict parser.
const MAYBE_NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/;

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function xmlChars(text: string): string {
  if (!MAYBE_NOT_XML.test(text)) return text;
  let kept = "";
  // Code point by code point: a pair of surrogates is one character, a lone one is not XML.
  for (const char of text) if (isXmlChar(char.codePointAt(0) as number)) kept += char;
  return kept;
}

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;

export function escapeXml(text: string): string {
  return xmlChars(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function checkedName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Not an XML name: ${name}`);
  return name;
}

function write(node: XmlElement | string, out: string[]): void {
  if (typeof node === "string") {
    out.push(escapeXml(node));
    return;
  }
  out.push(`<${checkedName(node.name)}`);
  for (const [key, value] of Object.entries(node.attributes ?? {})) {
    if (value !== undefined) out.push(` ${checkedName(key)}="${escapeXml(String(value))}"`);
  }
  const children = (node.children ?? []).filter((child) => child !== undefined);
  if (children.length === 0) {
    out.push("/>");
    return;
  }
  out.push(">");
  for (const child of children) write(child, out);
  out.push(`</${node.name}>`);
}

/** A whole document: the declaration and the root element, every name checked and every text escaped. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, out);
  return out.join("");
}
