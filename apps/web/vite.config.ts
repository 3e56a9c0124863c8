/// <reference types="vitest/config" />
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type ConfigEnv, defineConfig, type Plugin } from "vite";
import { shellUrls, withPrecache } from "./src/features/offline/precache";

/** Where `npx vite` forwards API and file requests during development. */
const API_TARGET = "http://localhost:3000";

/**
 * The app's modules run nothing when imported, except the entry, stylesheets and the captcha setup: saying
 * so lets a chunk take from a feature's index.ts only what it uses, so the eager home route stays small.
 */
const OWN_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const IMPORTED_FOR_EFFECT = /\.css$|[\\/]src[\\/]main\.tsx$|altcha-setup\.ts$/;

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The browser's build, not the server renderer's (`vite build --ssr`, which writes dist-ssr/). */
const clientBuild = (_config: unknown, env: ConfigEnv) => env.command === "build" && !env.isSsrBuild;

/**
 * Writes this build's shell (its files and a version from their bytes) into dist/sw.js, so the service worker
 * precaches exactly these files and browsers see a new worker, and offer the update, after each deploy.
 * In writeBundle: after the public folder is copied, before precompress() compresses sw.js.
 */
function precacheShell(): Plugin {
  let outDir = "";
  return {
    name: "quire-precache-shell",
    apply: clientBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const urls = shellUrls(walk(outDir).map((path) => relative(outDir, path).split(sep).join("/")));
      const hash = createHash("sha256");
      for (const url of urls) hash.update(url).update(readFileSync(join(outDir, url === "/" ? "index.html" : url)));
      const worker = join(outDir, "sw.js");
      const precache = { version: hash.digest("hex").slice(0, 16), urls };
      writeFileSync(worker, withPrecache(readFileSync(worker, "utf8"), precache));
    },
  };
}

/**
 * Writes `.br` and `.gz` beside each text file of the build, once, at maximum compression: the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`) without compressing per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "quire-precompress",
    apply: clientBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of walk(outDir).filter((file) => COMPRESSIBLE.test(file))) {
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Vite writes the stylesheet after the entry's module preloads. Over HTTP/1.1 a browser opens six connections
 * to a host, so the CSS, which the first paint waits for, queued behind the scripts: it goes first instead.
 */
function stylesheetFirst(): Plugin {
  return {
    name: "quire-stylesheet-first",
    apply: clientBuild,
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const rest = stylesheets.reduce((page, link) => page.replace(link, ""), html);
        const firstScript = rest.indexOf("<script");
        return `${rest.slice(0, firstScript)}${stylesheets.map((link) => link.trim()).join("\n    ")}\n    ${rest.slice(firstScript)}`;
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), stylesheetFirst(), precacheShell(), precompress()],
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/files": { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/files": { target: API_TARGET, changeOrigin: false },
    },
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    restoreMocks: true,
  },
  // The server renderer (src/entry-server.tsx), loaded by the server at start (features/web/server-render.ts).
  // Libraries stay in node_modules; @quire/core, a workspace link, is bundled as the app's own source.
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, target: "node20", sourcemap: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        // dist/.vite/manifest.json: the server reads it to hint a page's lazy screen chunks (route-preloads.ts).
        manifest: true,
        target: "es2022",
        sourcemap: false,
        rolldownOptions: {
          treeshake: {
            moduleSideEffects: (id) => (OWN_MODULE.test(id) && !IMPORTED_FOR_EFFECT.test(id) ? false : undefined),
          },
          output: {
            codeSplitting: {
              groups: [
                // Everything the entry loads in three files (React; the other libraries; the app) rather than
                // ~25 small shared ones: each file is a request, and a slow phone network pays a round trip for
                // every six. Not one file: a server-rendered page runs them one after another
                // (public/start-after-paint.js), three shorter tasks instead of one that blocks for ~200 ms on a
                // slow phone.
                {
                  name: "react",
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  tags: ["$initial"],
                  priority: 4,
                },
                { name: "libs", test: /node_modules[\\/]/, tags: ["$initial"], priority: 3 },
                { name: "app", tags: ["$initial"], priority: 2 },
                // @quire/core's rules need no zod: apart, so a lazy feature that uses one (the region detection
                // that runs on every page) does not load and evaluate every schema.
                { name: "core-rules", test: /packages[\\/]core[\\/]src[\\/]rules[\\/]/, priority: 1 },
                // zod and the schema side of @quire/core: only the lazily loaded screens need them. The zod-free
                // subpaths (@quire/core/constants, /errors, /api-paths, /onboarding) stay with the code that imports them.
                {
                  name: "core",
                  test: /node_modules[\\/]zod[\\/]|packages[\\/]core[\\/]src[\\/](index|domain|contracts|rules|pagination)/,
                },
              ],
            },
          },
        },
      },
}));
