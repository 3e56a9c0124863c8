/**
 * What a click on a link inside a chapter should do. The importer rewrote links between chapters to
 * `/read/{bookId}/{anchorId}#fragment`; in-page notes stay `#id`; anything else leaves the book.
 * The frame is sandboxed without popups or top navigation, so the reader acts on every link itself.
 */
export type ChapterLink =
  | { kind: "fragment"; fragment: string }
  | { kind: "chapter"; bookId: string; anchorId: string; fragment: string | null }
  | { kind: "app"; path: string }
  | { kind: "external"; url: string }
  | { kind: "ignore" };

const READ_PATH = /^\/read\/([^/]+)\/([^/]+)\/?$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function classifyLink(
  href: string | null | undefined,
  current: { bookId: string; anchorId: string },
  origin: string,
): ChapterLink {
  const raw = href?.trim();
  if (!raw) return { kind: "ignore" };
  if (raw.startsWith("#"))
    return raw.length > 1 ? { kind: "fragment", fragment: decode(raw.slice(1)) } : { kind: "ignore" };
  let url: URL;
  try {
    url = new URL(raw, `${origin}/read/${current.bookId}/${current.anchorId}`);
  } catch {
    return { kind: "ignore" };
  }
  const fragment = url.hash.length > 1 ? decode(url.hash.slice(1)) : null;
  if (url.origin === origin) {
    const read = READ_PATH.exec(url.pathname);
    if (read) {
      const bookId = decode(read[1] as string);
      const anchorId = decode(read[2] as string);
      if (bookId === current.bookId && anchorId === current.anchorId && fragment) return { kind: "fragment", fragment };
      return { kind: "chapter", bookId, anchorId, fragment };
    }
    // Files (a full-size image, a PDF) open beside the book rather than replacing it.
    if (url.pathname.startsWith("/files/")) return { kind: "external", url: url.href };
    return { kind: "app", path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:") {
    return { kind: "external", url: url.href };
  }
  return { kind: "ignore" };
}
