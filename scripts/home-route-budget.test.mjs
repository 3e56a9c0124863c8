// `node --test scripts/`: the guard that keeps zod's chunk off the screens a first visit opens.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { SCREENS_WITHOUT_SCHEMAS, screensLoadingSchemas } from "./home-route-budget.mjs";

const [BOOK, BROWSE, ...OTHERS] = SCREENS_WITHOUT_SCHEMAS;

function distWith(manifest) {
  const dist = mkdtempSync(join(tmpdir(), "quire-dist-"));
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
  return dist;
}

const chunk = (name, imports = []) => ({ file: `assets/${name}.js`, name, imports });
const others = Object.fromEntries(OTHERS.map((screen) => [screen, chunk(screen)]));

test("a screen that imports the core chunk, even through another chunk, is reported", () => {
  const dist = distWith({
    ...others,
    [BOOK]: chunk("book-screen", ["_libs.js"]),
    [BROWSE]: chunk("browse-screen", ["_select-field.js"]),
    "_select-field.js": chunk("select-field", ["_core.js"]),
    "_libs.js": chunk("libs"),
    "_core.js": chunk("core"),
  });
  assert.deepEqual(screensLoadingSchemas(dist), [BROWSE]);
});

test("screens without the core chunk pass; one the build lacks, or merged into a shared chunk, does not", () => {
  const dist = distWith({ ...others, "_browse-screen.js": chunk("browse-screen"), "_core.js": chunk("core") });
  assert.deepEqual(screensLoadingSchemas(dist), [BOOK, BROWSE]);
});
