// `node scripts/app-icons.mjs`: the installable app's PNG icons (apps/web/public/icons), all drawn from one
// source, apps/web/brand/app-icon.svg; with `--native`, the Android and iOS shells' launcher icons and splash
// screens (apps/mobile) from the same source. The PNGs are committed, so a build needs no image step.
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { ROOT } from "./lib.mjs";

export const ICON_SOURCE = join(ROOT, "apps/web/brand/app-icon.svg");
export const ICONS_DIR = join(ROOT, "apps/web/public/icons");
export const MOBILE_DIR = join(ROOT, "apps/mobile");
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

async function renderIcon(svg, { size, shape, width = size, height = size }) {
  if (shape === "tile") return renderSvg(svg, size);
  if (shape === "splash") return renderSplash(svg, width, height);
  if (shape === "round") return roundIcon(await renderIcon(svg, { size, shape: "full-bleed" }), size);
  const artworkSize = Math.round(size * MASKABLE_ARTWORK_SHARE);
  const inset = Math.round((size - artworkSize) / 2);
  const composed = await sharp({ create: { width: size, height: size, channels: 4, background: TILE_COLOUR } })
    .composite([{ input: await renderSvg(svg, artworkSize), left: inset, top: inset }])
    .png()
    .toBuffer();
  // sharp composites last in a pipeline, so dropping the (fully opaque) alpha needs a second pass.
  return sharp(composed).flatten({ background: TILE_COLOUR }).png().toBuffer();
}

const ANDROID_RES = "android/app/src/main/res";
const IOS_ASSETS = "ios/App/App/Assets.xcassets";
// Android's density buckets: a launcher icon is 48 dp, an adaptive icon's layers 108 dp.
const DENSITIES = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
// Capacitor's splash sizes per bucket (portrait; landscape swaps them), shown centre-cropped.
const SPLASH_SIZES = {
  mdpi: [320, 480],
  hdpi: [480, 800],
  xhdpi: [720, 1280],
  xxhdpi: [960, 1600],
  xxxhdpi: [1280, 1920],
};
// The splash's icon as a share of the image's short side: inside what a centre crop keeps on a tall phone.
const SPLASH_ICON_SHARE = 0.18;
// The splash is the app's paper, as in the web app's manifest, so the first page appears without a flash.
const SPLASH_COLOUR = JSON.parse(
  readFileSync(join(ROOT, "apps/web/public/manifest.webmanifest"), "utf8"),
).background_color;

/**
 * The native shells' images, paths relative to apps/mobile. Android's adaptive icon is a full-bleed foreground
 * (the page glyph well inside the 66 dp safe circle) on the tile colour; iOS wants one opaque 1024 px icon.
 */
export const NATIVE_ASSETS = [
  ...Object.entries(DENSITIES).flatMap(([bucket, scale]) => [
    { file: `${ANDROID_RES}/mipmap-${bucket}/ic_launcher.png`, size: 48 * scale, shape: "tile" },
    { file: `${ANDROID_RES}/mipmap-${bucket}/ic_launcher_round.png`, size: 48 * scale, shape: "round" },
    { file: `${ANDROID_RES}/mipmap-${bucket}/ic_launcher_foreground.png`, size: 108 * scale, shape: "full-bleed" },
  ]),
  { file: `${ANDROID_RES}/drawable/splash.png`, width: 480, height: 320, shape: "splash" },
  ...Object.entries(SPLASH_SIZES).flatMap(([bucket, [width, height]]) => [
    { file: `${ANDROID_RES}/drawable-port-${bucket}/splash.png`, width, height, shape: "splash" },
    { file: `${ANDROID_RES}/drawable-land-${bucket}/splash.png`, width: height, height: width, shape: "splash" },
  ]),
  { file: `${IOS_ASSETS}/AppIcon.appiconset/AppIcon-512@2x.png`, size: 1024, shape: "full-bleed" },
  // The storyboard's Splash image set names the same 2732 px square at 1x, 2x and 3x.
  ...["", "-1", "-2"].map((suffix) => ({
    file: `${IOS_ASSETS}/Splash.imageset/splash-2732x2732${suffix}.png`,
    width: 2732,
    height: 2732,
    shape: "splash",
  })),
];

/** Colours Android's resources name: the adaptive icon's background layer and the system splash (Android 12+). */
export const NATIVE_COLOURS = {
  file: `${ANDROID_RES}/values/quire_colors.xml`,
  colours: { ic_launcher_background: TILE_COLOUR, splash_background: SPLASH_COLOUR },
};

async function renderSplash(svg, width, height) {
  const iconSize = Math.round(Math.min(width, height) * SPLASH_ICON_SHARE);
  const composed = await sharp({ create: { width, height, channels: 3, background: SPLASH_COLOUR } })
    .composite([
      {
        input: await renderSvg(svg, iconSize),
        left: Math.round((width - iconSize) / 2),
        top: Math.round((height - iconSize) / 2),
      },
    ])
    .png()
    .toBuffer();
  return sharp(composed).flatten({ background: SPLASH_COLOUR }).png().toBuffer();
}

async function roundIcon(square, size) {
  const circle = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
  );
  return sharp(square)
    .ensureAlpha()
    .composite([{ input: circle, blend: "dest-in" }])
    .png()
    .toBuffer();
}

/** Writes every native image and the colours file under `root` (apps/mobile); returns the paths written. */
export async function writeNativeAssets(root = MOBILE_DIR) {
  const svg = await readFile(ICON_SOURCE);
  const written = [];
  for (const asset of NATIVE_ASSETS) {
    const path = join(root, asset.file);
    await mkdir(dirname(path), { recursive: true });
    // Mostly flat colour: the strongest deflate level makes iOS's 2732 px splash a quarter of the size.
    await writeFile(
      path,
      await sharp(await renderIcon(svg, asset))
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    written.push(path);
  }
  const colours = Object.entries(NATIVE_COLOURS.colours)
    .map(([name, value]) => `    <color name="${name}">${value}</color>`)
    .join("\n");
  const coloursPath = join(root, NATIVE_COLOURS.file);
  await mkdir(dirname(coloursPath), { recursive: true });
  await writeFile(coloursPath, `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${colours}\n</resources>\n`);
  return [...written, coloursPath];
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
  const native = process.argv.includes("--native");
  for (const path of native ? await writeNativeAssets() : await writeAppIcons()) console.log(`wrote ${path}`);
}
