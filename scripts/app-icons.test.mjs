// `node --test scripts/`: the committed app icons are what scripts/app-icons.mjs draws from the brand SVG.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { APP_ICONS, ICONS_DIR, writeAppIcons } from "./app-icons.mjs";

/** Decoded pixels, so a different PNG encoder setting alone never fails the comparison. */
async function decoded(path) {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  return { ...info, pixelHash: createHash("sha256").update(data).digest("hex"), pixels: data };
}

let outDir;
before(async () => {
  outDir = await mkdtemp(join(tmpdir(), "quire-app-icons-"));
  await writeAppIcons(outDir);
});
after(() => rm(outDir, { recursive: true, force: true }));

for (const { file, size, shape } of APP_ICONS) {
  test(`${file} is a ${size} px square PNG`, async () => {
    const metadata = await sharp(join(outDir, file)).metadata();
    assert.equal(metadata.format, "png");
    assert.equal(metadata.width, size);
    assert.equal(metadata.height, size);
    // Launchers fill a maskable icon's transparent pixels with their own colour (iOS with black).
    assert.equal(metadata.hasAlpha, shape === "tile");
  });

  test(`the committed ${file} matches the source (regenerate with node scripts/app-icons.mjs)`, async () => {
    const fresh = await decoded(join(outDir, file));
    const committed = await decoded(join(ICONS_DIR, file));
    assert.deepEqual(
      [committed.width, committed.height, committed.channels],
      [fresh.width, fresh.height, fresh.channels],
    );
    assert.equal(committed.pixelHash, fresh.pixelHash);
  });
}

test("a full-bleed icon keeps its artwork inside the maskable safe zone (a circle of 80% of the width)", async () => {
  const { width, channels, pixels } = await decoded(join(outDir, "maskable-512.png"));
  const background = [...pixels.subarray(0, channels)];
  const safeRadius = 0.4 * width;
  let artworkPixels = 0;
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      if (background.every((value, channel) => Math.abs(pixels[at + channel] - value) <= 2)) continue;
      artworkPixels++;
      assert.ok(Math.hypot(x + 0.5 - width / 2, y + 0.5 - width / 2) <= safeRadius, `artwork at ${x},${y}`);
    }
  }
  assert.ok(artworkPixels > 0, "the page glyph is drawn");
});
