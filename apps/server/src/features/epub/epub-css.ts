import { resolveHref } from "./epub-paths";

/**
 * A book's CSS, made safe to load into Quire's own page. Every rule is scoped under the reader's
 * wrapper, so a book can style its text and nothing else; `html`/`:root` selectors become the wrapper
 * and `body` the chapter's body element. What could reach outside the book is removed: remote and
 * script URLs, @import of anything but the book's own sheets, at-rules whose names are global
 * (@keyframes, @property, @counter-style, @page, @layer order), and the font families a book
 * declares are renamed so they cannot replace a font the app uses.
 */

/** The element the reader renders a book in; every book rule is scoped under it. */
export const BOOK_WRAPPER_CLASS = "quire-book";
/** The element that stands for a chapter's `<body>`. */
export const CHAPTER_BODY_CLASS = "quire-body";

export interface CssScope {
  /** What `html` and `:root` become, and what a selector starting with `body` is placed under. */
  root: string;
  /** What `body` becomes. */
  body: string;
  /** What every other selector is placed under. */
  content: string;
}

export const BOOK_SCOPE: CssScope = {
  root: `.${BOOK_WRAPPER_CLASS}`,
  body: `.${CHAPTER_BODY_CLASS}`,
  content: `.${BOOK_WRAPPER_CLASS}`,
};

/** The scope of a `<style>` element inside one chapter: it applies to that chapter only. */
export function chapterScope(anchorId: string): CssScope {
  const body = `.${CHAPTER_BODY_CLASS}[data-chapter="${anchorId}"]`;
  return { root: `.${BOOK_WRAPPER_CLASS}`, body, content: `.${BOOK_WRAPPER_CLASS} ${body}` };
}

export interface CssUrls {
  /**
   * The URL to serve for a `url()` found in CSS at `basePath`, or undefined to drop the declaration
   * holding it. `kind` says what the URL loads: a font inside @font-face, an image anywhere else.
   */
  resolve(url: string, basePath: string, kind: "font" | "image"): string | undefined;
  /** Font families the book declares (lower-case) → the name they are given in Quire. */
  fontFamilies: ReadonlyMap<string, string>;
}

export interface ScopedStylesheet {
  css: string;
  /** Archive paths of the book's own sheets this one @imports, to be included before it. */
  imports: string[];
}

/** Rule lists that are kept (their inner rules scoped); every other at-rule with a block is dropped. */
const GROUPING_AT_RULES = new Set(["media", "supports", "container", "layer"]);

export function scopeStylesheet(css: string, basePath: string, scope: CssScope, urls: CssUrls): ScopedStylesheet {
  const imports: string[] = [];
  const output = scopeRules(stripComments(css), basePath, scope, urls, imports);
  return { css: output, imports };
}

/** A `style` attribute's declarations, sanitised like a rule's (nothing to scope). */
export function sanitizeDeclarations(text: string, basePath: string, urls: CssUrls): string {
  return sanitizeDeclarationList(stripComments(text), basePath, urls).join("; ");
}

/** The family names a stylesheet declares in its @font-face rules. */
export function declaredFontFamilies(css: string): string[] {
  const families: string[] = [];
  for (const match of stripComments(css).matchAll(/@font-face\s*\{([^}]*)\}/gi)) {
    const family = /(?:^|[;{\s])font-family\s*:\s*([^;]+)/i.exec(match[1] as string)?.[1];
    if (family) families.push(unquote(family.trim()));
  }
  return families;
}

/** The name a book's own font family gets in Quire: never one the app or the system uses. */
export function bookFontName(family: string): string {
  return `quire-book ${family}`;
}

// ---------------------------------------------------------------------------------------------
// Scanning

/** Comments and the legacy `<!--`/`-->` markers become spaces; strings are left alone. */
function stripComments(css: string): string {
  let out = "";
  let index = 0;
  while (index < css.length) {
    const char = css[index];
    if (char === '"' || char === "'") {
      const end = stringEnd(css, index);
      out += css.slice(index, end);
      index = end;
    } else if (char === "/" && css[index + 1] === "*") {
      const close = css.indexOf("*/", index + 2);
      index = close < 0 ? css.length : close + 2;
      out += " ";
    } else if (css.startsWith("<!--", index) || css.startsWith("-->", index)) {
      index += css.startsWith("<!--", index) ? 4 : 3;
      out += " ";
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/** Index just after the string starting at `start` (an unterminated string runs to the end of the line). */
function stringEnd(css: string, start: number): number {
  const quote = css[start];
  let index = start + 1;
  while (index < css.length) {
    const char = css[index];
    if (char === "\\") index += 2;
    else if (char === quote) return index + 1;
    else if (char === "\n") return index;
    else index++;
  }
  return css.length;
}

/** Index of the first of `stops` at nesting depth 0 from `start` (or css.length). */
function findTopLevel(css: string, start: number, stops: string): number {
  let depth = 0;
  let index = start;
  while (index < css.length) {
    const char = css[index] as string;
    if (char === '"' || char === "'") {
      index = stringEnd(css, index);
      continue;
    }
    if (char === "\\") {
      index += 2;
      continue;
    }
    if (depth === 0 && stops.includes(char)) return index;
    if (char === "(" || char === "[" || char === "{") depth++;
    else if ((char === ")" || char === "]" || char === "}") && depth > 0) depth--;
    index++;
  }
  return css.length;
}

/** Splits at top-level occurrences of `separator`, respecting strings and brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start <= text.length) {
    const end = findTopLevel(text, start, separator);
    parts.push(text.slice(start, end));
    start = end + 1;
  }
  return parts;
}

/** The block starting at `open` (a `{`): its inner text and the index after its `}`. */
function readBlock(css: string, open: number): { inner: string; next: number } {
  const close = findTopLevel(css, open + 1, "}");
  return { inner: css.slice(open + 1, close), next: close + 1 };
}

// ---------------------------------------------------------------------------------------------
// Rules

function scopeRules(css: string, basePath: string, scope: CssScope, urls: CssUrls, imports: string[]): string {
  const out: string[] = [];
  let index = 0;
  while (index < css.length) {
    while (index < css.length && /\s/.test(css[index] as string)) index++;
    if (index >= css.length) break;
    if (css[index] === "}" || css[index] === ";") {
      index++; // stray closer or empty statement
      continue;
    }
    if (css[index] === "@") {
      const name = /^@(-?[A-Za-z][\w-]*)/.exec(css.slice(index, index + 64))?.[1]?.toLowerCase() ?? "";
      const end = findTopLevel(css, index, ";{");
      const prelude = css.slice(index + 1 + name.length, end).trim();
      if (css[end] !== "{") {
        if (name === "import") {
          const target = importTarget(prelude, basePath);
          if (target) imports.push(target);
        }
        index = end + 1;
        continue;
      }
      const { inner, next } = readBlock(css, end);
      index = next;
      if (GROUPING_AT_RULES.has(name)) {
        const body = scopeRules(inner, basePath, scope, urls, imports);
        if (!body) continue;
        // A layer's contents are kept unlayered: layer names and order are shared with the app's CSS.
        out.push(name === "layer" ? body : `@${name} ${sanitizePrelude(prelude)} {\n${body}\n}`);
      } else if (name === "font-face") {
        const face = fontFace(inner, basePath, urls);
        if (face) out.push(face);
      }
      continue;
    }
    const open = findTopLevel(css, index, "{;");
    if (css[open] !== "{") {
      index = open + 1; // a selector without a block: invalid, skipped like a browser would
      continue;
    }
    const selector = scopeSelectorList(css.slice(index, open), scope);
    const { inner, next } = readBlock(css, open);
    index = next;
    if (!selector) continue;
    const declarations = sanitizeDeclarationList(inner, basePath, urls);
    if (declarations.length > 0) out.push(`${selector} {\n  ${declarations.join(";\n  ")};\n}`);
  }
  return out.join("\n");
}

/** Media and supports conditions cannot load anything, but a URL or escape in them is refused all the same. */
function sanitizePrelude(prelude: string): string {
  return /url\s*\(|\\|[{}]/i.test(prelude) ? "not all" : prelude;
}

function importTarget(prelude: string, basePath: string): string | undefined {
  const href = /^(?:url\(\s*)?(["']?)([^"')\s]+)\1/i.exec(prelude)?.[2];
  const resolved = href ? resolveHref(basePath, href) : undefined;
  // Only the book's own sheets: a remote @import is dropped.
  return resolved?.kind === "internal" ? resolved.path : undefined;
}

function fontFace(inner: string, basePath: string, urls: CssUrls): string | undefined {
  const declarations: string[] = [];
  for (const part of splitTopLevel(inner, ";")) {
    const declaration = splitDeclaration(part);
    if (!declaration) continue;
    const { property, value } = declaration;
    if (property === "font-family") {
      declarations.push(`font-family: ${quote(bookFontName(unquote(value)))}`);
    } else if (property === "src") {
      // Keep the sources Quire serves; drop remote ones and anything else it cannot vouch for.
      const sources = splitTopLevel(value, ",")
        .map((source) => sanitizeValue("src", source.trim(), basePath, urls, "font"))
        .filter((source): source is string => source !== undefined && source !== "");
      if (sources.length > 0) declarations.push(`src: ${sources.join(", ")}`);
    } else {
      const safe = sanitizeValue(property, value, basePath, urls, "image");
      if (safe !== undefined) declarations.push(`${property}: ${safe}`);
    }
  }
  if (!declarations.some((line) => line.startsWith("src:")) || !declarations.some((d) => d.startsWith("font-family:")))
    return undefined;
  return `@font-face {\n  ${declarations.join(";\n  ")};\n}`;
}

// ---------------------------------------------------------------------------------------------
// Selectors

const COMPOUND_START = /[\s>+~(,]/;

function scopeSelectorList(list: string, scope: CssScope): string | undefined {
  const scoped: string[] = [];
  for (const raw of splitTopLevel(list, ",")) {
    const selector = raw.trim();
    if (selector === "") continue;
    if (/[{};]/.test(selector)) return undefined;
    scoped.push(scopeSelector(withoutNamespaces(selector), scope));
  }
  return scoped.length > 0 ? scoped.join(",\n") : undefined;
}

/**
 * Namespaced selectors do not match in an HTML page, where `epub:type` is a plain attribute name:
 * `[epub|type~="x"]` becomes `[epub\:type~="x"]`, and `svg|rect` becomes `rect`.
 */
function withoutNamespaces(selector: string): string {
  let out = "";
  let index = 0;
  while (index < selector.length) {
    const char = selector[index] as string;
    if (char === '"' || char === "'") {
      const end = stringEnd(selector, index);
      out += selector.slice(index, end);
      index = end;
    } else if (char === "[") {
      const close = findTopLevel(selector, index + 1, "]");
      const inside = selector.slice(index + 1, close);
      out += `[${inside.replace(/^\s*(\*|[A-Za-z_][\w-]*)?\|(?!=)/, (_, prefix: string | undefined) =>
        prefix === "epub" ? "epub\\:" : "",
      )}]`;
      index = close + 1;
    } else {
      const match = /^(\*|[A-Za-z_][\w-]*)?\|(?!=)/.exec(selector.slice(index));
      if (match && (index === 0 || COMPOUND_START.test(selector[index - 1] as string))) {
        index += match[0].length;
      } else {
        out += char;
        index++;
      }
    }
  }
  return out;
}

function scopeSelector(selector: string, scope: CssScope): string {
  let out = "";
  let first: "root" | "body" | "other" | undefined;
  let index = 0;
  while (index < selector.length) {
    const char = selector[index] as string;
    if (char === '"' || char === "'") {
      const end = stringEnd(selector, index);
      out += selector.slice(index, end);
      index = end;
      continue;
    }
    if (char === "[") {
      const close = findTopLevel(selector, index + 1, "]");
      out += selector.slice(index, close + 1);
      index = close + 1;
      continue;
    }
    const atCompoundStart = index === 0 || COMPOUND_START.test(selector[index - 1] as string);
    const rest = selector.slice(index);
    const root = /^:root(?![\w-])/i.exec(rest);
    const type = atCompoundStart && !root ? /^(html|body)(?![\w-])/i.exec(rest) : null;
    if (root || type) {
      const isBody = type?.[1]?.toLowerCase() === "body";
      first ??= out.trim() === "" ? (isBody ? "body" : "root") : "other";
      out += isBody ? scope.body : scope.root;
      index += (root ?? type)?.[0].length ?? 0;
      continue;
    }
    if (!/\s/.test(char)) first ??= "other";
    out += char;
    index++;
  }
  if (first === "root") return out;
  return `${first === "body" ? scope.root : scope.content} ${out}`;
}

// ---------------------------------------------------------------------------------------------
// Declarations

/** Properties that run code or bind behaviour in old browsers. */
const FORBIDDEN_PROPERTIES = new Set(["behavior", "-ms-behavior", "-moz-binding", "-webkit-binding"]);
/** Functions that take URLs as plain strings, where url() rewriting cannot see them. */
const STRING_URL_FUNCTIONS = /(?:^|[^\w-])(?:-webkit-)?(?:image-set|image|cross-fade|element|src)\s*\(/i;
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;

function splitDeclaration(part: string): { property: string; value: string } | undefined {
  const colon = part.indexOf(":");
  if (colon < 0) return undefined;
  const name = part.slice(0, colon).trim();
  const value = part.slice(colon + 1).trim();
  // Custom properties (`--accent`) are case-sensitive; every other property name is not.
  const property = name.startsWith("--") ? name : name.toLowerCase();
  if (!/^(?:-?[a-z][a-z0-9-]*|--[A-Za-z0-9_-]+)$/.test(property) || value === "") return undefined;
  return { property, value };
}

function sanitizeDeclarationList(text: string, basePath: string, urls: CssUrls): string[] {
  const declarations: string[] = [];
  for (const part of splitTopLevel(text, ";")) {
    if (outsideStrings(part).includes("{")) continue; // nested rules (CSS nesting) are not carried over
    const declaration = splitDeclaration(part);
    if (!declaration) continue;
    const value = sanitizeValue(declaration.property, declaration.value, basePath, urls, "image");
    if (value !== undefined) declarations.push(`${declaration.property}: ${value}`);
  }
  return declarations;
}

/** The value with its URLs rewritten to Quire's, or undefined when the declaration must go. */
function sanitizeValue(
  property: string,
  value: string,
  basePath: string,
  urls: CssUrls,
  kind: "font" | "image",
): string | undefined {
  if (FORBIDDEN_PROPERTIES.has(property)) return undefined;
  // Escapes outside strings can spell `url(` or `expression(` in ways a pattern cannot see.
  if (outsideStrings(value).includes("\\")) return undefined;
  if (/expression\s*\(|javascript:|vbscript:/i.test(value) || STRING_URL_FUNCTIONS.test(outsideStrings(value))) {
    return undefined;
  }
  let dropped = false;
  const rewritten = value.replace(URL_FUNCTION, (_, double?: string, single?: string, bare?: string) => {
    const resolved = urls.resolve((double ?? single ?? bare ?? "").trim(), basePath, kind);
    if (resolved === undefined) dropped = true;
    return `url("${(resolved ?? "").replace(/"/g, "%22").replace(/[\r\n]/g, "")}")`;
  });
  // A url( the pattern did not recognise is malformed; nothing malformed goes through.
  if (dropped || /url\s*\(/i.test(rewritten.replace(/url\("[^"]*"\)/g, ""))) return undefined;
  return property === "font-family" || property === "font"
    ? renameBookFonts(property, rewritten, urls.fontFamilies)
    : rewritten;
}

function outsideStrings(value: string): string {
  let out = "";
  let index = 0;
  while (index < value.length) {
    const char = value[index] as string;
    if (char === '"' || char === "'") {
      index = stringEnd(value, index);
      out += '""';
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/**
 * Gives the book's own font families their Quire names. In `font-family` every comma-separated item
 * is a whole family name; in the `font` shorthand the first item also carries style and size first.
 */
export function renameBookFonts(property: string, value: string, families: ReadonlyMap<string, string>): string {
  if (families.size === 0) return value;
  const renamed = (name: string) => families.get(unquote(name).toLowerCase());
  return splitTopLevel(value, ",")
    .map((item, index) => {
      const trimmed = item.trim();
      const whole = renamed(trimmed);
      if (whole) return quote(whole);
      if (property !== "font" || index > 0) return trimmed;
      // `italic 1.2em/1.4 "Old Standard"`: try each split after a space, leftmost first.
      for (let space = trimmed.indexOf(" "); space >= 0; space = trimmed.indexOf(" ", space + 1)) {
        const family = renamed(trimmed.slice(space + 1));
        if (family) return `${trimmed.slice(0, space)} ${quote(family)}`;
      }
      return trimmed;
    })
    .join(", ");
}

function unquote(text: string): string {
  const trimmed = text.trim();
  const match = /^(["'])(.*)\1$/.exec(trimmed);
  return (match ? (match[2] as string) : trimmed).trim();
}

function quote(text: string): string {
  return `"${text.replace(/["\\\n]/g, "")}"`;
}
