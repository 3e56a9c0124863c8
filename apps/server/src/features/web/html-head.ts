import { escapeHtml } from "../../infra/html";

/** Server-side head tags for pages that are shared as links: title, description and Open Graph. */
export interface PageMeta {
  title: string;
  description: string;
  imageUrl?: string | null;
  /** Set when imageUrl is a card of known size, so a link preview can lay it out before fetching it. */
  imageSize?: { width: number; height: number; type: string } | null;
  url: string;
  type?: "website" | "book";
  /** The image the page paints largest, exactly as the app's <img> will ask for it (a book page's cover). */
  preloadImage?: string | null;
  /** Ready-made `<link>` tags that start what the page needs next (its screen's chunks, its data). */
  preloads?: string[];
}

const HEAD_MARKER = "<!--quire:head-->";

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** Replaces the page title and fills the head marker; the template keeps exactly one <title>. */
export function renderHead(template: string, meta: PageMeta): string {
  const description = truncate(meta.description, 300);
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:site_name" content="Quire">`,
    `<meta property="og:type" content="${meta.type ?? "website"}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    ...(meta.imageUrl ? [`<meta property="og:image" content="${escapeHtml(meta.imageUrl)}">`] : []),
    ...(meta.imageUrl && meta.imageSize
      ? [
          `<meta property="og:image:type" content="${escapeHtml(meta.imageSize.type)}">`,
          `<meta property="og:image:width" content="${meta.imageSize.width}">`,
          `<meta property="og:image:height" content="${meta.imageSize.height}">`,
        ]
      : []),
    `<meta name="twitter:card" content="${meta.imageUrl ? "summary_large_image" : "summary"}">`,
    // The page's largest paint: fetched with the HTML rather than after the app, its data and a render.
    ...(meta.preloadImage
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high">`]
      : []),
    ...(meta.preloads ?? []),
  ].join("\n    ");
  // Replacer functions, not strings: a replacement string expands `$&`, `$'` and `` $` `` in a book's title.
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/<meta name="description"[^>]*>/, "")
    .replace(HEAD_MARKER, () => tags);
}
