import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The home route's initial JavaScript budget (DESIGN §7): what index.html loads or preloads, gzipped. */
export const HOME_ROUTE_BUDGET_BYTES = 150 * 1024;

/** Sums the gzip sizes of the scripts the built index.html loads before anything is lazy-loaded. */
export function homeRouteScriptBytes(distDir) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  return scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(distDir, path))).length, 0);
}

/**
 * Lazy screens a first visit opens (router.tsx) that must not load the `core` chunk (zod and every schema,
 * ~36 KB gzip, one long task to evaluate): they take values from @quire/core's zod-free subpaths.
 */
export const SCREENS_WITHOUT_SCHEMAS = [
  "src/features/book/screens/book-screen.tsx",
  "src/features/catalog/screens/browse-screen.tsx",
  "src/features/reader/reader-screen.tsx",
  "src/features/search/screens/search-screen.tsx",
  "src/features/users/screens/profile-screen.tsx",
];

/** Of SCREENS_WITHOUT_SCHEMAS, those whose chunks (with what they import) include `core`, or that are not their own chunk. */
export function screensLoadingSchemas(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  return SCREENS_WITHOUT_SCHEMAS.filter((screen) => {
    // A screen merged into a chunk shared with another is missing as a source key: the server's route preloads
    // (apps/server/src/features/web/route-preloads.ts) look screens up by source and would hint nothing for it.
    return !manifest[screen] || [...closure(screen)].some((chunk) => manifest[chunk].name === "core");
  });
}
