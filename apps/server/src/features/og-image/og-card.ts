import { sharp } from "../../infra/sharp";

/** Facebook's and X's large summary card: 1.91:1, the size both recommend. */
export const OG_CARD = { width: 1200, height: 630, type: "image/png" } as const;

const MARGIN = 40;
const SHADOW_PAD = 30;

/**
 * A book's link-preview card: the cover, whole and centred, on a blurred and darkened copy of itself, so
 * every card has its own colours and no cover is cropped. `cover` is a JPEG, PNG, WebP or SVG; an SVG is
 * drawn at the size it is shown rather than scaled from a small raster.
 */
export async function renderOgCard(cover: Uint8Array, maxPixels: number): Promise<Buffer> {
  const box = { width: OG_CARD.width - 2 * MARGIN, height: OG_CARD.height - 2 * MARGIN };
  const header = await sharp(cover, { limitInputPixels: maxPixels }).metadata();
  // librsvg's size is the SVG's at 72 dpi; a density scales its drawing, not a raster of it.
  const density =
    header.format === "svg" && header.width && header.height
      ? 72 * Math.min(box.width / header.width, box.height / header.height)
      : undefined;
  const { data: front, info } = await sharp(cover, { limitInputPixels: maxPixels, ...(density ? { density } : {}) })
    .flatten({ background: "#ffffff" })
    .resize(box.width, box.height, { fit: "inside" })
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });

  // Blurred at a tenth of the size and scaled up: the same soft background for a fraction of the work.
  const small = await sharp(front)
    .resize(OG_CARD.width / 10, Math.round(OG_CARD.height / 10), { fit: "cover" })
    .blur(6)
    .modulate({ brightness: 0.5 })
    .toBuffer();
  // Extended before the blur, which sharp applies after any extend (a composite would come after it).
  const shadow = await sharp({
    create: { width: info.width, height: info.height, channels: 4, background: "#00000099" },
  })
    .extend({ top: SHADOW_PAD, bottom: SHADOW_PAD, left: SHADOW_PAD, right: SHADOW_PAD, background: "#00000000" })
    .blur(10)
    .png({ compressionLevel: 0 })
    .toBuffer();

  const left = Math.round((OG_CARD.width - info.width) / 2);
  const top = Math.round((OG_CARD.height - info.height) / 2);
  return (
    sharp(small)
      .resize(OG_CARD.width, OG_CARD.height, { kernel: "cubic" })
      .composite([
        { input: shadow, left: left - SHADOW_PAD, top: top - SHADOW_PAD + 6 },
        { input: front, left, top },
      ])
      // A 256-colour palette keeps a painted cover's card at 50–225 KB rather than 0.5–1.2 MB in full
      // colour, for previewers with tight size limits (WhatsApp). Half dithering and effort 4 take a
      // third of the defaults' time and make smaller files that look the same at preview sizes.
      .png({ palette: true, quality: 90, effort: 4, dither: 0.5, compressionLevel: 9 })
      .toBuffer()
  );
}
