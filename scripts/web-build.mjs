// Builds the web app only when its sources (or the shared core) changed since the last build.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { NPM, ROOT, run } from "./lib.mjs";

const SOURCES = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/core/src",
];
// The browser's build, then the server renderer's (`vite build --ssr`), written after it.
const OUTPUT = join(ROOT, "apps/web/dist/index.html");
const SERVER_ENTRY = join(ROOT, "apps/web/dist-ssr/entry-server.js");

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(OUTPUT) || !existsSync(SERVER_ENTRY)) return true;
  const built = statSync(OUTPUT).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log("Building the web app…");
  return run(NPM, ["run", "build", "-w", "@quire/web"]);
}

// `node scripts/web-build.mjs` builds when stale, as npm start and npm test do first (the benches use it too).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(await buildWebIfStale());
