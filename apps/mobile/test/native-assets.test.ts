// The committed launcher icons and splash screens are what scripts/app-icons.mjs draws from the brand SVG.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_DIR, NATIVE_ASSETS, NATIVE_COLOURS, writeNativeAssets } from "../../../scripts/app-icons.mjs";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

// By file bytes: iOS's three splash files are one image, decoded once.
const decodedByBytes = new Map<string, Promise<{ width: number; height: number; channels: number; pixels: string }>>();

/** Decoded pixels, so a different PNG encoder setting alone never fails the comparison. */
function decoded(path: string) {
  const bytes = readFileSync(path);
  const key = sha256(bytes);
  let result = decodedByBytes.get(key);
  if (!result) {
    result = sharp(bytes)
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({
        width: info.width,
        height: info.height,
        channels: info.channels,
        pixels: sha256(data),
      }));
    decodedByBytes.set(key, result);
  }
  return result;
}

describe("native icons and splash screens (regenerate with npm run mobile:assets)", () => {
  let fresh = "";
  beforeAll(async () => {
    fresh = mkdtempSync(join(tmpdir(), "quire-native-assets-"));
    await writeNativeAssets(fresh);
  });
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it.each(NATIVE_ASSETS.map((asset) => [asset.file, asset] as const))(
    "%s is committed as drawn",
    async (file, asset) => {
      const committed = await decoded(join(MOBILE_DIR, file));
      expect(committed).toEqual(await decoded(join(fresh, file)));
      const width = "size" in asset ? asset.size : asset.width;
      expect([committed.width, committed.height]).toEqual([width, "size" in asset ? asset.size : asset.height]);
    },
  );

  // The App Store refuses an icon with transparency; a splash shows whatever is behind the window through it.
  it.each(
    NATIVE_ASSETS.filter((asset) => asset.file.startsWith("ios/") || asset.shape === "splash").map((a) => a.file),
  )("%s is opaque", async (file) => {
    expect((await sharp(join(MOBILE_DIR, file)).metadata()).hasAlpha).toBe(false);
  });

  it("names the icon and splash colours Android's resources use", () => {
    expect(readFileSync(join(MOBILE_DIR, NATIVE_COLOURS.file), "utf8")).toBe(
      readFileSync(join(fresh, NATIVE_COLOURS.file), "utf8"),
    );
  });
});
