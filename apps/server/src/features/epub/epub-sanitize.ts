import sanitizeHtml from "sanitize-html";
import { shadowsDocumentProperty } from "./dom-property-names";
import { CHAPTER_BODY_CLASS, type CssUrls, renameBookFonts, sanitizeDeclarations } from "./epub-css";
import { type ResolvedHref, resolveHref } from "./epub-paths";

/**
 * A chapter's XHTML made safe to show inside Quire: no scripts, event handlers, forms, frames,
 * objects or embeds; no remote resources (a book is read offline and must not track its reader);
 * links inside the book lead to reader locations; images and media to the files Quire serves.
 * HTML, SVG and MathML are kept, each with its own attribute rules.
 */

export interface ChapterLinks {
  /** Where a link to this place in the book should go (`/read/{bookId}/{anchorId}#…`), or undefined to unlink. */
  linkTo(path: string, fragment: string | undefined): string | undefined;
  /** The served URL of an image or audio/video file of the book, or undefined when there is none. */
  resource(path: string, kind: "image" | "media"): string | undefined;
  /** Whether a data: image URL may stay (see epub-data-images.ts). */
  dataImage(url: string): boolean;
  /** A reference inside the book (or leaving it) that was left out: reported if its file is missing or outside. */
  dropped(documentPath: string, reference: ResolvedHref): void;
  css: CssUrls;
}

export interface SanitizedChapter {
  /** `<div class="quire-body" data-chapter="…">…</div>`: the chapter's body, safe to insert. */
  html: string;
  /** Archive paths of the stylesheets the chapter links, in order. */
  stylesheets: string[];
  /** The document's `<title>`, whitespace collapsed. */
  title: string;
}

// biome-ignore format: a word list reads better as a paragraph
const HTML_TAGS = [
  "a", "abbr", "address", "article", "aside", "audio", "b", "bdi", "bdo", "big", "blockquote", "br", "caption",
  "center", "cite", "code", "col", "colgroup", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption",
  "figure", "font", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "i", "img", "ins", "kbd",
  "li", "main", "mark", "nav", "ol", "p", "picture", "pre", "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp",
  "section", "small", "source", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot",
  "th", "thead", "time", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
];

/** SVG without script, foreignObject (HTML inside SVG), animation (which can rewrite hrefs) or external fonts. */
// biome-ignore format: a word list reads better as a paragraph
const SVG_TAGS = [
  "svg", "g", "defs", "desc", "title", "symbol", "use", "image", "switch", "path", "rect", "circle", "ellipse",
  "line", "polyline", "polygon", "text", "tspan", "textPath", "linearGradient", "radialGradient", "stop", "pattern",
  "clipPath", "mask", "marker", "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
  "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood",
  "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology",
  "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "view",
];

/** MathML presentation markup; `annotation-xml` (which may carry HTML) is dropped. */
// biome-ignore format: a word list reads better as a paragraph
const MATHML_TAGS = [
  "math", "maction", "annotation", "semantics", "menclose", "merror", "mfenced", "mfrac", "mi", "mlabeledtr",
  "mmultiscripts", "mn", "mo", "mover", "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mspace",
  "msqrt", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder", "munderover", "none",
  "mlongdiv", "mscarries", "mscarry", "msgroup", "msline", "mstack", "msrow",
];

const SVG = new Set(SVG_TAGS);
/** The class of the text an image leaves when it is not shown (its alt text). */
export const MISSING_IMAGE_CLASS = "quire-missing-image";
const isMissingImageText = (attribs: Record<string, string>) => attribs.class === MISSING_IMAGE_CLASS;
/** Elements that are nothing without the file they load. */
const SOURCED_TAGS = new Set(["img", "image", "source", "track"]);
const MATHML = new Set(MATHML_TAGS);

/**
 * Removed together with everything inside them. Any other tag not allowed above (html, body, form,
 * label, object, canvas, noscript…) is unwrapped: its text and allowed children stay, which keeps the
 * fallback content of objects and canvases and the text of a form's labels.
 */
// biome-ignore format: a word list reads better as a paragraph
const REMOVED_WITH_CONTENT = [
  "head", "script", "style", "template", "iframe", "frame", "frameset", "noframes", "noembed", "embed", "applet",
  "textarea", "select", "option", "optgroup", "datalist", "button", "input", "output", "keygen", "foreignObject",
  "annotation-xml", "animate", "animateMotion", "animateTransform", "set", "mpath", "font-face", "metadata",
];

// biome-ignore format: a word list reads better as a paragraph
const HTML_ATTRIBUTES = new Set([
  "id", "class", "title", "lang", "dir", "role", "hidden", "translate", "align", "valign", "width", "height",
  "alt", "start", "reversed", "type", "value", "colspan", "rowspan", "headers", "scope", "abbr", "span",
  "border", "cellpadding", "cellspacing", "summary", "datetime", "open", "color", "face", "size", "kind", "label",
  "srclang", "default", "media", "loop", "muted", "controls", "preload", "clear", "nowrap", "bgcolor",
]);

/** Attributes that point somewhere; each is resolved here or removed. */
// biome-ignore format: a word list reads better as a paragraph
const URL_ATTRIBUTES = new Set([
  "href", "src", "xlink:href", "poster", "srcset", "cite", "longdesc", "action", "formaction", "data", "background",
  "usemap", "ping", "codebase", "archive", "profile", "manifest", "srcdoc", "lowsrc", "dynsrc", "xml:base",
]);

const LINK_SCHEMES = new Set(["http", "https", "mailto"]);
const FOREIGN_ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;

/** In SVG and MathML, url() may only point at an element of the same document (`fill="url(#gradient)"`). */
function onlyLocalReferences(value: string): boolean {
  const references = [...value.matchAll(/url\(\s*(["']?)([^)"']*)\1\s*\)/gi)];
  const all = value.match(/url\s*\(/gi)?.length ?? 0;
  return references.length === all && references.every((match) => (match[2] as string).trim().startsWith("#"));
}

/** Which attribute names a tag's URL lives in, and what kind of URL it is. */
function urlRole(tag: string, attribute: string): "link" | "image" | "media" | "fragment" | undefined {
  if (attribute !== "href" && attribute !== "xlink:href" && attribute !== "src" && attribute !== "poster") {
    return undefined;
  }
  if (tag === "a") return attribute === "href" || attribute === "xlink:href" ? "link" : undefined;
  if (tag === "img") return attribute === "src" ? "image" : undefined;
  if (tag === "image") return attribute === "href" || attribute === "xlink:href" ? "image" : undefined;
  if (tag === "video") return attribute === "poster" ? "image" : attribute === "src" ? "media" : undefined;
  if (tag === "audio" || tag === "source" || tag === "track") return attribute === "src" ? "media" : undefined;
  if (SVG.has(tag) && attribute !== "src") return "fragment";
  return undefined;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The document's `<title>` (the one in its head, not an SVG title in its body) as plain text. */
function documentTitle(markup: string): string {
  const bodyStart = markup.search(/<body[\s>]/i);
  const head = bodyStart < 0 ? markup : markup.slice(0, bodyStart);
  const raw = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1] ?? "";
  return raw
    .replace(/<[^>]*>/g, "")
    .replace(/&([a-z]+);/gi, (entity, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The text of a document's `<style>` elements, read from the raw markup (the sanitiser drops them
 * with their element); the caller scopes it to the chapter.
 */
export function inlineStyles(markup: string): string[] {
  const styles: string[] = [];
  for (const match of markup.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi)) {
    const type = /\btype\s*=\s*["']([^"']*)["']/i.exec(match[1] as string)?.[1];
    if (type && type.toLowerCase() !== "text/css") continue;
    styles.push((match[2] as string).replace(/<!\[CDATA\[|\]\]>/g, ""));
  }
  return styles;
}

type AttributeFilter = (tag: string, attributes: Record<string, string>) => Record<string, string>;

/** The attributes of a document at `path` that Quire keeps, URLs rewritten: per vocabulary (HTML, SVG, MathML). */
function attributeFilter(path: string, links: ChapterLinks): AttributeFilter {
  const rewriteUrl = (tag: string, attribute: string, value: string): Record<string, string> => {
    const role = urlRole(tag, attribute);
    if (!role) return {};
    const resolved = resolveHref(path, value);
    const key = attribute === "xlink:href" ? "href" : attribute;
    if (role === "fragment") return resolved.kind === "fragment" ? { [key]: `#${resolved.fragment}` } : {};
    if (role === "link") {
      if (resolved.kind === "fragment") return { href: `#${resolved.fragment}` };
      if (resolved.kind === "internal") {
        const target = links.linkTo(resolved.path, resolved.fragment) ?? links.resource(resolved.path, "image");
        if (!target) links.dropped(path, resolved);
        return target ? { href: target } : {};
      }
      if (resolved.kind === "outside") links.dropped(path, resolved);
      if (resolved.kind === "external" && LINK_SCHEMES.has(resolved.scheme)) {
        // Links out of the book open beside the reader and tell the site nothing about it.
        return resolved.scheme === "mailto"
          ? { href: resolved.url }
          : { href: resolved.url, target: "_blank", rel: "noopener noreferrer" };
      }
      return {};
    }
    if (role === "image" && resolved.kind === "external" && links.dataImage(resolved.url)) {
      return { [key]: resolved.url };
    }
    if (resolved.kind !== "internal") {
      if (resolved.kind === "outside") links.dropped(path, resolved);
      return {};
    }
    const url = links.resource(resolved.path, role === "media" ? "media" : "image");
    if (!url) links.dropped(path, resolved);
    return url ? { [key]: url } : {};
  };

  return (tag, attributes) => {
    const html = !SVG.has(tag) && !MATHML.has(tag);
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith("on") || lower === "name") continue;
      if (lower === "id") {
        if (!shadowsDocumentProperty(value)) kept.id = value;
      } else if (lower === "style") {
        const style = sanitizeDeclarations(value, path, links.css);
        if (style) kept.style = style;
      } else if (lower === "xml:lang" || lower === "lang") {
        kept.lang = value;
      } else if (lower === "epub:type") {
        kept["epub:type"] = value;
      } else if (URL_ATTRIBUTES.has(lower)) {
        Object.assign(kept, rewriteUrl(tag, lower, value));
      } else if (html ? HTML_ATTRIBUTES.has(lower) || lower.startsWith("aria-") : FOREIGN_ATTRIBUTE_NAME.test(name)) {
        if (!html && !onlyLocalReferences(value)) continue;
        // SVG text names its font in an attribute; the book's own fonts go by their Quire names.
        kept[name] = lower === "font-family" ? renameBookFonts("font-family", value, links.css.fontFamilies) : value;
      }
    }
    // `name` can clobber document properties (`<img name="querySelector">`); an old-style `<a name>`
    // anchor is still a link target, so it lives on as the id.
    const anchorName = tag === "a" ? attributes.name : undefined;
    if (anchorName && !("id" in attributes) && !shadowsDocumentProperty(anchorName)) kept.id = anchorName;
    return kept;
  };
}

/** sanitize-html's settings for Quire: these tags, attributes through `filter`, nothing that runs or loads from elsewhere. */
function sanitizerOptions(
  allowedTags: string[],
  filter: AttributeFilter,
  onOpenTag?: (name: string, attribs: Record<string, string>) => void,
): sanitizeHtml.IOptions {
  return {
    allowedTags,
    // Attributes are filtered by transformTags below (allowlists per vocabulary); sanitize-html keeps what it returns.
    allowedAttributes: false,
    allowedSchemes: [...LINK_SCHEMES],
    // The transform above only ever leaves data: images and URLs of Quire's storage, which is absolute
    // (https) when files are served from a bucket's public URL; this second check stops any other scheme.
    allowedSchemesByTag: { img: ["data", "http", "https"], image: ["data", "http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "xlink:href", "poster", "cite"],
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    parseStyleAttributes: false,
    nonTextTags: REMOVED_WITH_CONTENT,
    disallowedTagsMode: "discard",
    // XHTML: keep the case of SVG names (viewBox, linearGradient) and honour `<a id="x"/>` as empty.
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true, recognizeCDATA: true },
    transformTags: {
      // A picture Quire will not show (remote, missing, over the pixel limit) leaves its words behind.
      img: (tagName, attribs) => {
        const kept = filter(tagName, attribs);
        return !kept.src && kept.alt?.trim()
          ? { tagName: "span", attribs: { class: MISSING_IMAGE_CLASS }, text: kept.alt }
          : { tagName, attribs };
      },
      "*": (tagName, attribs) => {
        const kept = filter(tagName, attribs);
        // Without scripts, the browser's own controls are the only way to play a book's audio or video.
        if (tagName === "audio" || tagName === "video") kept.controls = "controls";
        return { tagName, attribs: kept };
      },
    },
    // An image or media source that was remote or missing is removed rather than left broken.
    exclusiveFilter: (frame) =>
      SOURCED_TAGS.has(frame.tag) && !frame.attribs.src && !frame.attribs.href && !isMissingImageText(frame.attribs),
    selfClosing: [...sanitizeHtml.defaults.selfClosing, "source", "track", "wbr", "col"],
    ...(onOpenTag ? { onOpenTag } : {}),
  };
}

/** Sanitises one chapter (the XHTML document at `path`, for the chapter `anchorId`). */
export function sanitizeChapter(markup: string, path: string, anchorId: string, links: ChapterLinks): SanitizedChapter {
  const stylesheets: string[] = [];
  let bodyAttributes: Record<string, string> = {};
  let htmlLang: string | undefined;
  const filter = attributeFilter(path, links);

  const body = sanitizeHtml(
    markup,
    sanitizerOptions([...HTML_TAGS, ...SVG_TAGS, ...MATHML_TAGS], filter, (name, attribs) => {
      if (name === "html") htmlLang = attribs["xml:lang"] ?? attribs.lang;
      if (name === "body") bodyAttributes = filter("div", attribs);
      if (name === "link" && attribs.href) {
        const rel = (attribs.rel ?? "").toLowerCase().split(/\s+/);
        const resolved = resolveHref(path, attribs.href);
        if (rel.includes("stylesheet") && !rel.includes("alternate") && resolved.kind === "internal") {
          stylesheets.push(resolved.path);
        }
      }
    }),
  );

  const { class: bodyClass, ...otherBodyAttributes } = bodyAttributes;
  const wrapperAttributes: Record<string, string> = {
    class: [CHAPTER_BODY_CLASS, bodyClass].filter(Boolean).join(" "),
    "data-chapter": anchorId,
    ...(htmlLang && !otherBodyAttributes.lang ? { lang: htmlLang } : {}),
    ...otherBodyAttributes,
  };
  const opening = Object.entries(wrapperAttributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  return {
    html: `<div${opening}>${body.trim()}</div>`,
    stylesheets,
    title: documentTitle(markup),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/**
 * An SVG file of the book (an illustration, a title page) made as safe as the SVG inside chapters:
 * no script, event handlers, foreignObject, animation, or links anywhere but inside the book. It
 * matters once the file is opened by itself (a bucket serving it without the files CSP), where an
 * SVG's script would otherwise run. Its `<style>` elements go too (CSS is only checked where it is scoped).
 */
export function sanitizeSvgDocument(markup: string, path: string, links: ChapterLinks): string {
  const svg = sanitizeHtml(markup, sanitizerOptions([...SVG_TAGS, "a"], attributeFilter(path, links))).trim();
  // A standalone SVG renders only in its namespace.
  const rooted = /^<svg\b[^>]*\sxmlns=/.test(svg) ? svg : svg.replace(/^<svg\b/, `<svg xmlns="${SVG_NAMESPACE}"`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${rooted}\n`;
}
