import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBook, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("web pages on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("gives a book page its own title, description and Open Graph tags", async () => {
    const id = uniqueId("og");
    await createBook(testDb.db, {
      book: {
        id,
        title: 'The "Salt" <Lantern>',
        summary: "A keeper & her light.",
        imageUrl: `/files/covers/${id}.svg`,
      },
    });
    const response = await get(`/books/${id}`, { host: "localhost:8080" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>The &quot;Salt&quot; &lt;Lantern&gt; — Quire</title>");
    expect(html).toContain('<meta property="og:title" content="The &quot;Salt&quot; &lt;Lantern&gt; — Quire">');
    expect(html).toContain('<meta property="og:description" content="A keeper &amp; her light.">');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://localhost:8080/og/books/${id}/[0-9a-f]{16}\\.png">`),
    );
    expect(html).toContain('<meta name="description" content="A keeper &amp; her light.">');
    // The cover, the page's largest paint, is fetched with the HTML, at the URL the app's <img> uses
    // (an SVG as it is; a raster cover's 556 px thumbnail).
    expect(html).toContain(`<link rel="preload" as="image" href="/files/covers/${id}.svg" fetchpriority="high">`);
    // The data its screen asks for first, started with the HTML.
    expect(html).toContain(`<link rel="preload" as="fetch" href="/api/v1/books/${id}" crossorigin>`);
    expect(html).toContain(`<link rel="preload" as="fetch" href="/api/v1/books/${id}/chapters" crossorigin>`);
    const reader = await get(`/read/${id}/chapter%202`);
    expect(reader.body).toContain(
      `<link rel="preload" as="fetch" href="/api/v1/books/${id}/chapters/chapter%202" crossorigin>`,
    );
    const raster = uniqueId("raster");
    await createBook(testDb.db, { book: { id: raster, imageUrl: `/files/books/${raster}/v1/a/cover.jpg` } });
    expect((await get(`/books/${raster}`)).body).toContain(
      `<link rel="preload" as="image" href="/files/books/${raster}/v1/a/thumbs/cover_556x556.jpeg" fetchpriority="high">`,
    );
    expect(html).not.toContain("Default description");
  });

  it("writes a title and summary holding replacement patterns ($&, $', $`) as the text they are", async () => {
    const id = uniqueId("dollar");
    const title = "Cash $& $' $` $$ $1";
    await createBook(testDb.db, { book: { id, title, summary: "Costs $' and $& and $`." } });
    const html = (await get(`/books/${id}`)).body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html).toContain("<title>Cash $&amp; $&#39; $` $$ $1 — Quire</title>");
    expect(html).toContain('<meta property="og:description" content="Costs $&#39; and $&amp; and $`.">');
  });

  it("answers a missing or hidden book page with 404 and the app shell", async () => {
    const hidden = uniqueId("hidden");
    await createBook(testDb.db, { book: { id: hidden, display: 0, title: "Secret title" } });
    for (const id of ["missing-book", hidden]) {
      const response = await get(`/books/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain("Secret title");
    }
  });

  it("falls back to the app shell for client routes, not for API calls or files", async () => {
    for (const url of ["/", "/browse?genre=x", "/auth/onboarding/first-name", "/some/unknown/page"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    const api = await get("/api/v1/nope");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: "not-found", message: "Not found" } });
    expect((await get("/missing.js")).statusCode).toBe(404);
  });

  it("serves built assets as immutable and files with a sandboxing policy", async () => {
    const asset = await get("/assets/app-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect(asset.headers["content-encoding"]).toBeUndefined();
    expect(asset.body).toBe('console.log("asset");\n');
    // The build's precompressed copies, for browsers that take them (brotli first).
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const compressed = await get("/assets/app-abc123.js", { "accept-encoding": accept });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers["content-type"]).toContain("javascript");
      expect(compressed.headers.vary).toContain("accept-encoding");
      expect(decode(compressed.rawPayload).toString()).toBe(asset.body);
    }

    const filesDir = t.ctx.config.filesDir;
    await mkdir(join(filesDir, "covers"), { recursive: true });
    await writeFile(
      join(filesDir, "covers", "x.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const file = await get("/files/covers/x.svg");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-security-policy"]).toContain("sandbox");
    expect(file.headers["content-security-policy"]).toContain("default-src 'none'");
    expect((await get("/files/../package.json")).statusCode).toBe(404);
    expect((await get("/files/%2e%2e/%2e%2e/package.json")).statusCode).toBe(404);
  });

  it("compresses SVG files (generated covers) for browsers that take it, and leaves other files as they are", async () => {
    const filesDir = t.ctx.config.filesDir;
    await mkdir(join(filesDir, "covers"), { recursive: true });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10"/>'.repeat(200)}</svg>`;
    await writeFile(join(filesDir, "covers", "big.svg"), svg);
    await writeFile(join(filesDir, "covers", "photo.jpg"), "not really a jpeg, but served as one");
    const plain = await get("/files/covers/big.svg");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.body).toBe(svg);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const compressed = await get("/files/covers/big.svg", { "accept-encoding": accept });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers["content-type"]).toContain("image/svg+xml");
      expect(compressed.headers["content-security-policy"]).toContain("sandbox");
      expect(compressed.headers.etag).toMatch(/^W\//);
      expect(compressed.rawPayload.length).toBeLessThan(svg.length / 5);
      expect(decode(compressed.rawPayload).toString()).toBe(svg);
    }
    const photo = await get("/files/covers/photo.jpg", { "accept-encoding": "gzip, br" });
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.body).toBe("not really a jpeg, but served as one");
  });

  it("compresses pages for browsers that take it, and says the answer depends on it", async () => {
    const plain = await get("/browse");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.body).toContain('<div id="root">');
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const compressed = await get("/browse", { "accept-encoding": accept });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers["content-type"]).toContain("text/html");
      expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });

  it("serves the service worker as JavaScript that browsers check again every time", async () => {
    // Plain and precompressed alike: the build writes sw.js.br and sw.js.gz beside it.
    for (const encoding of [undefined, "br", "gzip"]) {
      const worker = await get("/sw.js", encoding ? { "accept-encoding": encoding } : {});
      expect(worker.statusCode).toBe(200);
      expect(worker.headers["content-encoding"]).toBe(encoding);
      expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers["cache-control"], encoding).toBe("no-cache");
      expect(worker.headers["content-security-policy"]).toContain("script-src 'self'");
    }
  });

  it("serves the web app manifest as application/manifest+json, plain and precompressed", async () => {
    for (const encoding of [undefined, "br", "gzip"]) {
      const manifest = await get("/manifest.webmanifest", encoding ? { "accept-encoding": encoding } : {});
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers["content-encoding"]).toBe(encoding);
      expect(manifest.headers["content-type"], encoding).toMatch(/^application\/manifest\+json/);
    }
  });

  it("sends security headers with a script policy that allows no inline code", async () => {
    const response = await get("/");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBeDefined();
    expect(response.headers["x-frame-options"]).toBeDefined();
  });
});

// A page whose first screen the server rendered (here by a stand-in for the web's built renderer): it paints
// without its scripts, so the entry and its preloads start after that paint; a page left to the browser keeps
// them as built.
describe.each(dialectsUnderTest())("a server-rendered page's scripts on %s", (dialect) => {
  let webDist = "";
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-rendered-"));
    webDist = join(dir, "dist");
    await cp(join(import.meta.dirname, "../../../test/fixtures/web-dist"), webDist, { recursive: true });
    const index = await readFile(join(webDist, "index.html"), "utf8");
    const scripts = `<script type="module" crossorigin src="/assets/app-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/libs-2.js">`;
    await writeFile(join(webDist, "index.html"), index.replace("</head>", `${scripts}\n  </head>`));
    // The browse screen's chunk imports the entry, whose files the page already names.
    const manifest = {
      "index.html": { file: "assets/app-abc123.js", imports: ["_react", "_libs"] },
      _react: { file: "assets/react-1.js" },
      _libs: { file: "assets/libs-2.js", imports: ["_react"] },
      "src/features/catalog/screens/browse-screen.tsx": { file: "assets/browse-3.js", imports: ["index.html"] },
    };
    await mkdir(join(webDist, ".vite"), { recursive: true });
    await writeFile(join(webDist, ".vite", "manifest.json"), JSON.stringify(manifest));
    await mkdir(join(dir, "dist-ssr"));
    await writeFile(
      join(dir, "dist-ssr", "entry-server.js"),
      `export async function render(url) {
        return url.pathname === "/browse" ? { status: 200, html: "<main>Browse</main>", state: "{}", hydrate: true } : null;
      }`,
    );
  });
  afterAll(() => rm(join(webDist, ".."), { recursive: true, force: true }));
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { env: () => ({ QUIRE_WEB_DIST: webDist }) });

  it("starts the app after the first paint only where the first screen is in the HTML", async () => {
    const rendered = (await t.app.inject({ method: "GET", url: "/browse" })).body;
    expect(rendered).toContain("<main>Browse</main>");
    expect(rendered).toContain(
      '<script defer src="/start-after-paint.js" data-entry="/assets/react-1.js /assets/libs-2.js /assets/app-abc123.js" data-preload="/assets/browse-3.js">',
    );
    expect(rendered).not.toContain('<script type="module"');
    expect(rendered).not.toContain("modulepreload");
    const shell = (await t.app.inject({ method: "GET", url: "/settings" })).body;
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('<script type="module" crossorigin src="/assets/app-abc123.js">');
    expect(shell).not.toContain("fetchpriority");
  });
});
