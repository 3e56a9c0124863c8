// `node scripts/app-icons.mjs`: the installable app's PNG icons (apps/web/public/icons), all drawn from one
// source, apps/web/brand/app-icon.svg. The PNGs are committed, so a build needs no image step.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { ROOT } from "./lib.mjs";

export const ICON_SOURCE = join(ROOT, "apps/web/brand/app-icon.svg");
export const ICONS_DIR = join(ROOT, "apps/web/public/icons");
// The source's own tile colour: a full-bleed icon's background blends into the tile's rounded corners.
const TILE_COLOUR = "#9b3a1e";
// Maskable icons may be cropped to a circle of 80% of their width (the safe zone); drawn at this share of
// the canvas, the page glyph stays well inside it.
const MASKABLE_ARTWORK_SHARE = 0.8;

/** `full-bleed` fills the square (maskable, and Apple's touch icon, which the system rounds itself). */
export const APP_ICONS = [
  { file: "icon-192.png", size: 192, shape: "tile" },
  { file: "icon-512.png", size: 512, shape: "tile" },
  { file: "maskable-512.png", size: 512, shape: "full-bleed" },
  { file: "apple-touch-icon.png", size: 180, shape: "full-bleed" },
];

async function renderSvg(svg, size) {
  // librsvg draws at the SVG's own 64 px unless told a density: render at the target size for sharp edges.
  return sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();
}

async function renderIcon(svg, { size, shape }) {
  if (shape === "tile") return renderSvg(svg, size);
  const artworkSize = Math.round(size * MASKABLE_ARTWORK_SHARE);
  const inset = Math.round((size - artworkSize) / 2);
  const composed = await sharp({ create: { width: size, height: size, channels: 4, background: TILE_COLOUR } })
    .composite([{ input: await renderSvg(svg, artworkSize), left: inset, top: inset }])
    .png()
    .toBuffer();
  // sharp composites last in a pipeline, so dropping the (fully opaque) alpha needs a second pass.
  return sharp(composed).flatten({ background: TILE_COLOUR }).png().toBuffer();
}

/** Writes every icon into `outDir`; returns their paths. */
export async function writeAppIcons(outDir = ICONS_DIR) {
  const svg = await readFile(ICON_SOURCE);
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const icon of APP_ICONS) {
    const path = join(outDir, icon.file);
    await writeFile(path, await renderIcon(svg, icon));
    written.push(path);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const path of await writeAppIcons()) console.log(`wrote ${path}`);
}
