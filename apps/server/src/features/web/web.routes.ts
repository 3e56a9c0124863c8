import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import { brotliCompress, createBrotliCompress, createGzip, gzip, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { AppError, apiPath, coverImageUrl, SESSION_COOKIE_NAME } from "@quire/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../infra/html";
import type { PublicOrigin } from "../../infra/public-origin";
import type { StoredObject } from "../../infra/s3-storage";
import { assertSafeKey } from "../../infra/storage";
import { FILES_CSP } from "../../security-headers";
import type { Viewer } from "../../shared/session";
import { captureCampaign } from "../campaign";
import { type CatalogService, VISITOR } from "../catalog";
import type { OgImageService } from "../og-image";
import type { BookFileGate } from "../reader";
import { type PageMeta, renderHead } from "./html-head";
import { routePreloads } from "./route-preloads";
import { loadServerRenderer, type RenderedPage } from "./server-render";

export interface WebOptions {
  clock: () => Date;
  distDir: string;
  filesDir: string;
  /** Set when files live in a bucket: `/files/*` then streams them from there instead of from filesDir. */
  remoteFiles?: { open(key: string): Promise<StoredObject | undefined> };
  /** Hides a hidden book's files from everyone but those who manage the book. */
  bookFiles: BookFileGate;
  viewerOf: (request: FastifyRequest) => Promise<Viewer | null>;
  publicOrigin: PublicOrigin;
  catalog: CatalogService;
  /** The link-preview card a book page names as its og:image. */
  ogImages: OgImageService;
}

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quire</title></head>
<body><main><h1>Quire</h1><p>The web app is not built yet. Run <code>npm start</code> (or <code>npm run build</code>).</p></main></body></html>`;

const DEFAULT_DESCRIPTION =
  "Read community books and public-domain classics, track your progress and share what you love.";

function absolute(url: string | null, origin: string): string | null {
  if (!url) return null;
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** Serves the built single-page app, uploaded files, and book pages with their own head tags. */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexPath = join(options.distDir, "index.html");
  const template = existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;
  const screenPreloads = routePreloads(options.distDir);
  const entryChunks = template ? modulePreloads(template) : [];
  const renderApp = template ? await loadServerRenderer(app, options.distDir) : undefined;

  // A hidden book's files are not found, like its chapters, except for its authors and administrators;
  // their answers are never kept by a shared cache. Added before the file routes, so it covers them.
  const privateFiles = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.url !== "/files/*") return;
    let key: string;
    try {
      key = assertSafeKey((request.params as { "*": string })["*"]);
    } catch {
      return reply.callNotFound();
    }
    const asker = async () => (await options.viewerOf(request))?.userId ?? null;
    const access = await options.bookFiles.access(key, asker);
    if (access === "not-found") return reply.callNotFound();
    if (access === "private") privateFiles.add(request);
  });
  const setFileHeaders = (reply: FastifyReply) => {
    reply.header("Content-Security-Policy", FILES_CSP);
    const hidden = privateFiles.has(reply.request);
    reply.header("Cache-Control", hidden ? "private, no-store" : "public, max-age=86400");
    // Public files load in the native app, whose pages come from localhost (docs/native-bridge.md).
    if (!hidden) reply.header("Cross-Origin-Resource-Policy", "cross-origin");
  };
  // Generated covers are SVG text that shrinks about fivefold; uncompressed they were most of a page's bytes.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.routeOptions.url !== "/files/*" || reply.statusCode !== 200) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("image/svg+xml")) return payload;
    reply.header("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding || !(payload instanceof Readable)) return payload;
    reply.removeHeader("Content-Length");
    reply.header("Content-Encoding", encoding);
    const etag = reply.getHeader("etag");
    if (typeof etag === "string" && !etag.startsWith("W/")) reply.header("ETag", `W/${etag}`);
    return payload.pipe(encoding === "br" ? createBrotliCompress(BROTLI_FAST) : createGzip());
  });
  const { remoteFiles } = options;
  if (remoteFiles) {
    app.get<{ Params: { "*": string } }>("/files/*", { schema: { hide: true } }, async (request, reply) => {
      const object = await openRemote(remoteFiles, request.params["*"]);
      if (!object) return reply.callNotFound();
      setFileHeaders(reply);
      reply.type(object.contentType);
      if (object.contentLength) reply.header("Content-Length", object.contentLength);
      return reply.send(Readable.fromWeb(object.body as NodeReadableStream<Uint8Array>));
    });
  } else {
    await app.register(fastifyStatic, {
      root: options.filesDir,
      prefix: "/files/",
      decorateReply: false,
      index: false,
      setHeaders: setFileHeaders,
    });
  }

  if (template) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: "/",
      index: false,
      wildcard: false,
      // The web build writes .br and .gz beside its text files (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, servedPath) => {
        // Vite fingerprints everything under assets/, so those never change. The service worker keeps
        // its address, and a browser must see a new version at its next check, not minutes later.
        // `servedPath` may be the precompressed copy (`sw.js.br`): the rules are the original file's.
        const path = servedPath.replace(/\.(br|gz)$/, "");
        const immutable = path.startsWith(join(options.distDir, "assets"));
        const worker = path === join(options.distDir, "sw.js");
        reply.header(
          "Cache-Control",
          worker ? "no-cache" : immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
        );
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, html: string, status = 200) => {
    captureCampaign(request, reply, options.clock());
    // With a session cookie the page may carry the reader's own state (their account, progress, settings):
    // it is theirs alone, kept by no cache. Without one it is the visitors' page, which any cache may
    // keep but must check again; the cookie decides which, so caches key on it.
    const personal = Boolean(request.cookies[SESSION_COOKIE_NAME]);
    reply
      .status(status)
      .header("Cache-Control", personal ? "private, no-store" : "no-cache")
      .type("text/html; charset=utf-8");
    const { encoding, body } = await compressPage(html, request.headers["accept-encoding"]);
    reply.header("Vary", "Accept-Encoding, Cookie");
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(body);
  };

  /** The page's first screen rendered here, or null: a page left to the browser, or a render that failed. */
  const renderFirstScreen = async (request: FastifyRequest): Promise<RenderedPage | null> => {
    // A signed-in reader's page is rendered as they see it: the render's API calls carry their cookie
    // (server-render.ts), and an expired or unknown one gets the visitors' answers. The service worker's
    // offline shell (x-quire-shell, public/sw.js) stands in for every page, so it stays bare. Which pages
    // are rendered is entry-server.tsx's SERVER_RENDERED.
    if (!renderApp || request.headers["x-quire-shell"]) return null;
    try {
      return await renderApp(request, options.publicOrigin(request));
    } catch (error) {
      request.log.error({ err: error }, "server render failed; the page is left to the browser");
      return null;
    }
  };

  /**
   * The app's page: head tags for `meta`, the first screen when it was rendered here. Its data then comes
   * with it, so the reads `dataPreloads` would start are only hinted for a page the browser renders.
   */
  const appPage = (meta: PageMeta, rendered: RenderedPage | null, dataPreloads: string[]) => {
    const head = renderHead(template ?? NOT_BUILT_HTML, {
      ...meta,
      preloads: [...(meta.preloads ?? []), ...(rendered?.hydrate ? [] : dataPreloads)],
    });
    return rendered ? withFirstScreen(head, rendered, entryChunks) : head;
  };

  const sendDefaultPage = async (request: FastifyRequest, reply: FastifyReply, status?: number) => {
    const path = request.url.split("?")[0] ?? "/";
    const rendered = await renderFirstScreen(request);
    const meta = {
      title: "Quire — read, track and share books",
      description: DEFAULT_DESCRIPTION,
      url: `${options.publicOrigin(request)}${path}`,
      preloads: screenPreloads(path),
    };
    return sendPage(request, reply, appPage(meta, rendered, readerDataPreloads(path)), status ?? rendered?.status);
  };

  app.get<{ Params: { id: string } }>("/books/:id", async (request, reply) => {
    if (!template) return sendPage(request, reply, NOT_BUILT_HTML);
    const origin = options.publicOrigin(request);
    let book: Awaited<ReturnType<CatalogService["getBook"]>>["book"];
    try {
      ({ book } = await options.catalog.getBook(request.params.id, VISITOR));
    } catch (error) {
      if (error instanceof AppError && error.code === "not-found") return sendDefaultPage(request, reply, 404);
      throw error;
    }
    const card = options.ogImages.forBook(book);
    const meta: PageMeta = {
      title: `${book.title} — Quire`,
      description: book.summary || DEFAULT_DESCRIPTION,
      imageUrl: absolute(card?.url ?? book.imageUrl, origin),
      imageSize: card,
      url: `${origin}/books/${encodeURIComponent(book.id)}`,
      type: "book",
      preloadImage: book.imageUrl ? coverImageUrl(book.imageUrl, "medium") : null,
      preloads: screenPreloads(`/books/${book.id}`),
    };
    const dataPreloads = [
      fetchPreload(apiPath("books.get", { id: book.id })),
      fetchPreload(apiPath("books.chapters", { id: book.id })),
    ];
    const rendered = await renderFirstScreen(request);
    return sendPage(request, reply, appPage(meta, rendered, dataPreloads));
  });

  // Everything else that is not an API call or a file is a client route of the single-page app.
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/files/");
    if (isPage && template) {
      const fileLike = /\.[a-z0-9]{1,8}$/i.test(request.url.split("?")[0] ?? "");
      if (!fileLike) return sendDefaultPage(request, reply);
    } else if (isPage) {
      return sendPage(request, reply, NOT_BUILT_HTML);
    }
    const error = AppError.of("routeNotFound");
    return reply.status(error.httpStatus).send(error.toBody());
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Quality 5 compresses a page or a cover in a millisecond or two, nearly as small as the maximum.
const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = acceptEncoding ?? "";
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

/**
 * A rendered page is ~100 KB of markup and state that shrinks eightfold: on a slow phone network that is the
 * first paint's largest wait.
 */
async function compressPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ encoding?: "br" | "gzip"; body: string | Buffer }> {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === "br") return { encoding, body: await brotli(html, BROTLI_FAST) };
  if (encoding === "gzip") return { encoding, body: await gzipped(html) };
  return { body: html };
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>\s*/g;

/**
 * The rendered first screen inside #root and, for the app to take it over, its data as JSON in a script the
 * browser never runs (the CSP allows no inline script). Its id is apps/web/src/ssr-state.ts's SSR_STATE_ID.
 * That page paints without its scripts, so the app is started in the frame after the first paint
 * (public/start-after-paint.js): on a slow network the stylesheet and the images on screen come first, the
 * app's ~150 KB after them. `entryChunks`, the files the entry imports (index.html's module preloads, each
 * after those it imports), are run one after another before the entry, each in its own task; the page's
 * other module preloads (its screen's chunks, which import the entry) are only fetched.
 */
function withFirstScreen(html: string, rendered: RenderedPage, entryChunks: string[]): string {
  const state = rendered.hydrate ? `<script type="application/json" id="quire-state">${rendered.state}</script>` : "";
  const screenChunks: string[] = [];
  return html
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${state}`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, "")
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      if (!entryChunks.includes(href) && !screenChunks.includes(href)) screenChunks.push(href);
      return "";
    })
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, entry: string) =>
        `<script defer src="/start-after-paint.js" data-entry="${[...entryChunks, entry].join(" ")}" data-preload="${screenChunks.join(" ")}"></script>`,
    );
}

/** The hrefs of a page's `<link rel="modulepreload">` tags, in their order. */
function modulePreloads(html: string): string[] {
  return [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href ?? "");
}

/**
 * A request the page's app will make as soon as it runs, started with the HTML instead. `crossorigin`
 * (anonymous) gives the mode and credentials of the app's same-origin `fetch`, so the browser hands it
 * that response instead of asking again.
 */
function fetchPreload(url: string): string {
  return `<link rel="preload" as="fetch" href="${escapeHtml(url)}" crossorigin>`;
}

/** The reader at a chapter (`/read/{book}/{anchor}`) asks for that chapter first. */
function readerDataPreloads(path: string): string[] {
  const match = /^\/read\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match) return [];
  const [, bookId = "", anchorId = ""] = match;
  // Fastify refuses an address with a malformed escape (400) before any page handler sees it.
  return [
    fetchPreload(
      apiPath("books.chapterContent", { id: decodeURIComponent(bookId), anchorId: decodeURIComponent(anchorId) }),
    ),
  ];
}

/** An unsafe key cannot name a stored file, so it is a plain 404 rather than an error. */
async function openRemote(files: NonNullable<WebOptions["remoteFiles"]>, key: string) {
  try {
    assertSafeKey(key);
  } catch {
    return undefined;
  }
  return files.open(key);
}
