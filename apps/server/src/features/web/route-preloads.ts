import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * Pages whose screen is a lazy chunk, by path → the screen's source module (apps/web/src/router.tsx).
 * Without a hint the browser learns of that chunk only once the app has started and matched the route.
 */
const LAZY_SCREENS: [RegExp, string][] = [
  [/^\/books\/[^/]+\/?$/, "src/features/book/screens/book-screen.tsx"],
  [/^\/(u|users)\/[^/]+\/?$/, "src/features/users/screens/profile-screen.tsx"],
  [/^\/browse\/?$/, "src/features/catalog/screens/browse-screen.tsx"],
  [/^\/search\/?$/, "src/features/search/screens/search-screen.tsx"],
  [/^\/read\/[^/]+(\/[^/]+)?\/?$/, "src/features/reader/reader-screen.tsx"],
];

/**
 * `<link>` tags that start a page's lazy screen (its chunk, the chunks it imports and their CSS)
 * together with the entry, instead of one round trip after it. Chunks index.html already loads are
 * left out. Without a manifest (a build that has none) pages simply get no hints.
 */
export function routePreloads(distDir: string): (path: string) => string[] {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const loadedByEntry = closure("index.html");
  const tagsByScreen = new Map(
    LAZY_SCREENS.map(([, screen]) => {
      const chunks = [...closure(screen)].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key]);
      const tags = chunks.flatMap((chunk) => [
        `<link rel="modulepreload" href="/${chunk?.file}">`,
        ...(chunk?.css ?? []).map((css) => `<link rel="preload" as="style" href="/${css}">`),
      ]);
      return [screen, tags] as const;
    }),
  );
  return (path) => {
    const screen = LAZY_SCREENS.find(([pattern]) => pattern.test(path))?.[1];
    return screen ? (tagsByScreen.get(screen) ?? []) : [];
  };
}
