import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { routePreloads } from "./route-preloads";

function distWith(manifest: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "quire-dist-"));
  mkdirSync(join(dir, ".vite"));
  writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  return dir;
}

describe("routePreloads", () => {
  const preloads = routePreloads(
    distWith({
      "index.html": { file: "assets/index-1.js", imports: ["_vendor.js"], isEntry: true },
      "_vendor.js": { file: "assets/vendor-2.js" },
      "_labels.js": { file: "assets/labels-3.js", imports: ["_vendor.js"] },
      "src/features/book/screens/book-screen.tsx": {
        file: "assets/book-screen-4.js",
        imports: ["_vendor.js", "_labels.js"],
        css: ["assets/book-screen-5.css"],
        isDynamicEntry: true,
      },
      "src/features/users/screens/profile-screen.tsx": {
        file: "assets/profile-screen-6.js",
        imports: ["_vendor.js", "_labels.js"],
        isDynamicEntry: true,
      },
    }),
  );

  it("hints a book page's lazy screen, what it imports and its CSS, but nothing the entry loads already", () => {
    expect(preloads("/books/the-salt-lantern")).toEqual([
      '<link rel="modulepreload" href="/assets/book-screen-4.js">',
      '<link rel="preload" as="style" href="/assets/book-screen-5.css">',
      '<link rel="modulepreload" href="/assets/labels-3.js">',
    ]);
  });

  it("hints a profile's screen, at its username or its user id, not its followers", () => {
    const profile = [
      '<link rel="modulepreload" href="/assets/profile-screen-6.js">',
      '<link rel="modulepreload" href="/assets/labels-3.js">',
    ];
    expect(preloads("/u/mara_okafor")).toEqual(profile);
    expect(preloads("/users/user-1")).toEqual(profile);
    expect(preloads("/u/mara_okafor/followers")).toEqual([]);
  });

  it("hints nothing for a page without a lazy screen it knows, or a screen missing from the build", () => {
    expect(preloads("/")).toEqual([]);
    expect(preloads("/books/a/b")).toEqual([]);
    expect(preloads("/read/book-1/chapter-1")).toEqual([]);
  });

  it("hints nothing without a manifest", () => {
    expect(routePreloads(mkdtempSync(join(tmpdir(), "quire-dist-")))("/books/x")).toEqual([]);
  });
});
