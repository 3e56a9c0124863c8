/*
 * The build side of the shell precache: vite.config.ts lists the built files with these functions and writes
 * the list into dist/sw.js, so the worker's bytes (and the browser's update check) change with every build.
 * Pure string work, no Node or DOM: the build and the tests both import it.
 */

/** The line of public/sw.js that the build replaces; without a build the worker precaches nothing. */
export const PRECACHE_PLACEHOLDER = 'const PRECACHE = { version: "development", urls: [] };';

export interface ShellPrecache {
  version: string;
  urls: string[];
}

/** Built files the shell does not need offline: the worker itself, compressed twins, Vite's own manifest. */
const NOT_SHELL = /^(sw\.js|\.vite\/.*)$|\.(br|gz)$/;

/**
 * The addresses to precache, from the build's file paths (relative, "/"-separated): index.html is the shell
 * page at "/" (what the server answers for any client route), everything else at its own path.
 */
export function shellUrls(files: readonly string[]): string[] {
  return files
    .filter((file) => !NOT_SHELL.test(file))
    .map((file) => (file === "index.html" ? "/" : `/${file}`))
    .sort();
}

/** The worker's source with this build's precache in place of the placeholder. */
export function withPrecache(workerSource: string, precache: ShellPrecache): string {
  if (!workerSource.includes(PRECACHE_PLACEHOLDER)) throw new Error("sw.js has no PRECACHE placeholder line");
  const line = `const PRECACHE = ${JSON.stringify({ version: precache.version, urls: precache.urls })};`;
  return workerSource.replace(PRECACHE_PLACEHOLDER, () => line);
}
