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
