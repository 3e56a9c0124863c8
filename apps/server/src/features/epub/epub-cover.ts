import { THUMBNAIL_MEDIUM_PX, THUMBNAIL_SMALL_PX, type ThumbnailSize, thumbnailUrl } from "@quire/core";
import type { Logger } from "pino";
import type { Sharp } from "sharp";
import { sharp } from "../../infra/sharp";
import { assertSafeKey } from "../../infra/storage";

export interface StoredFile {
  key: string;
  bytes: Uint8Array;
  contentType: string;
}

export interface CoverImages {
  /** The key behind the book's imageUrl. */
  imageKey: string;
  /** The cover and whichever thumbnails could be made. */
  files: StoredFile[];
}

const THUMBNAILS: Record<ThumbnailSize, number> = { small: THUMBNAIL_SMALL_PX, medium: THUMBNAIL_MEDIUM_PX };
/** An SVG cover is rendered to a JPEG this big (longest side): plenty for a book page, light to serve. */
const RENDERED_COVER_PX = 1200;
const RASTER_FORMATS: Record<string, { extension: string; contentType: string }> = {
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  png: { extension: "png", contentType: "image/png" },
  webp: { extension: "webp", contentType: "image/webp" },
  gif: { extension: "gif", contentType: "image/gif" },
};

const jpeg = (image: Sharp, quality: number) => image.flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer();

function thumbnail(image: Sharp, px: number): Promise<Buffer> {
  return jpeg(image.resize(px, px, { fit: "inside", withoutEnlargement: true }), 82);
}

/** An SVG split into the raster painted first across its whole canvas and the vector drawing above it. */
interface FullBleedSvg {
  raster: Buffer;
  lettering: Buffer;
  width: number;
  height: number;
}

const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * Recognises the shape of Standard Ebooks covers: an SVG whose first drawing is an `<image>` with a
 * data: JPEG or PNG filling the whole viewBox, with vector lettering on top. librsvg decodes such an
 * embedded image slowly (most of a second here); libjpeg decodes it in a few milliseconds, so the
 * two layers are rendered apart and composited, which paints the same picture. Any other SVG
 * (or anything doubtful about this one) is rendered whole.
 */
export function splitFullBleedSvg(svg: string): FullBleedSvg | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg);
  if (!root) return undefined;
  const box = /\bviewBox\s*=\s*["']\s*0[\s,]+0[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/.exec(root[0]);
  const width = number(box?.[1]);
  const height = number(box?.[2]);
  if (
    !width ||
    !height ||
    /\b(width|height|preserveAspectRatio)\s*=/.test(root[0].replace(/viewBox\s*=\s*["'][^"']*["']/, ""))
  ) {
    return undefined;
  }
  const bodyStart = root.index + root[0].length;
  const image = /<image\b([^>]*?)\/?>(?:\s*<\/image>)?/.exec(svg.slice(bodyStart));
  if (!image) return undefined;
  // Nothing may be drawn before the image, and no style may apply to it.
  const before = svg
    .slice(bodyStart, bodyStart + image.index)
    .replace(/<(title|desc|metadata)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/g, "");
  const styles = [...before.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/g)].map((match) => match[1] as string);
  if (before.replace(/<style\b[\s\S]*?<\/style\s*>/g, "").trim() !== "" || styles.some((css) => /image|\*/.test(css))) {
    return undefined;
  }
  const attributes = Object.fromEntries(
    [...(image[1] as string).matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
  const href = attributes["xlink:href"] ?? attributes.href ?? "";
  const data = /^data:image\/(?:jpeg|png);base64,([A-Za-z0-9+/=\s]+)$/.exec(href)?.[1];
  const known = Object.keys(attributes).every((name) =>
    ["x", "y", "width", "height", "href", "xlink:href"].includes(name),
  );
  if (
    !data ||
    !known ||
    (number(attributes.x) ?? 0) !== 0 ||
    (number(attributes.y) ?? 0) !== 0 ||
    number(attributes.width) !== width ||
    number(attributes.height) !== height
  ) {
    return undefined;
  }
  const imageStart = bodyStart + image.index;
  return {
    raster: Buffer.from(data, "base64"),
    lettering: Buffer.from(svg.slice(0, imageStart) + svg.slice(imageStart + image[0].length)),
    width,
    height,
  };
}

/** The SVG as one picture, at most RENDERED_COVER_PX on its longest side. */
async function renderSvg(bytes: Uint8Array, maxPixels: number): Promise<Sharp> {
  const split = splitFullBleedSvg(Buffer.from(bytes).toString("utf8"));
  if (split) {
    const { format, width = 0, height = 0 } = await sharp(split.raster, { limitInputPixels: false }).metadata();
    const sameShape = Math.abs(width / height - split.width / split.height) < 0.01;
    if ((format === "jpeg" || format === "png") && sameShape && width * height <= maxPixels) {
      const scale = Math.min(1, RENDERED_COVER_PX / Math.max(split.width, split.height));
      const size = { width: Math.round(split.width * scale), height: Math.round(split.height * scale) };
      const [background, lettering] = await Promise.all([
        sharp(split.raster, { limitInputPixels: maxPixels })
          .resize(size.width, size.height, { fit: "fill" })
          .raw()
          .toBuffer({ resolveWithObject: true }),
        sharp(split.lettering, { density: 72 * scale, limitInputPixels: maxPixels })
          .resize(size.width, size.height, { fit: "fill" })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      ]);
      return pixels(sharp(background.data, { raw: background.info }).composite([{ input: lettering }]));
    }
  }
  return pixels(
    sharp(bytes, { limitInputPixels: maxPixels }).resize(RENDERED_COVER_PX, RENDERED_COVER_PX, {
      fit: "inside",
      withoutEnlargement: true,
    }),
  );
}

/** Runs a pipeline into raw pixels, so the cover and each thumbnail start from the finished picture. */
async function pixels(pipeline: Sharp): Promise<Sharp> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * The cover as Quire serves it, plus its 268 and 556 px JPEG thumbnails (`thumbs/cover_268x268.jpeg`,
 * SPEC §7). A raster cover is kept as it is; an SVG cover (Standard Ebooks) is rendered to a JPEG,
 * since SVG covers can be megabytes of embedded image data. sharp decodes nothing over `maxPixels`.
 * A cover that cannot be decoded (over the pixel limit, a decompression bomb, or no image at all) is
 * logged and left out: the book gets the cloth cover, since serving such a file as it is would hand
 * the bomb to every browser that opens the book. A thumbnail that fails leaves the decoded cover
 * without it (SPEC: on failure the original URL is used); a book never fails to import over its cover.
 */
export async function prepareCover(
  bytes: Uint8Array,
  mediaType: string,
  keyPrefix: string,
  maxPixels: number,
  logger: Logger,
): Promise<CoverImages | undefined> {
  const svg = mediaType === "image/svg+xml";
  let image: StoredFile;
  let picture: Sharp;
  try {
    if (svg) {
      picture = await renderSvg(bytes, maxPixels);
      const rendered = await jpeg(picture.clone(), 85);
      image = { key: assertSafeKey(`${keyPrefix}/cover.jpg`), bytes: rendered, contentType: "image/jpeg" };
    } else {
      const { format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
      const type = RASTER_FORMATS[format ?? ""];
      if (!type) throw new Error(`unsupported cover format ${format}`);
      if (width * height > maxPixels) throw new Error(`cover has ${width}×${height} pixels, over ${maxPixels}`);
      picture = sharp(bytes, { limitInputPixels: maxPixels });
      image = { key: assertSafeKey(`${keyPrefix}/cover.${type.extension}`), bytes, contentType: type.contentType };
    }
  } catch (err) {
    logger.warn({ err, mediaType }, "cover could not be decoded; the book gets the cloth cover");
    return undefined;
  }

  const files: StoredFile[] = [image];
  const results = await Promise.allSettled(
    (Object.entries(THUMBNAILS) as [ThumbnailSize, number][]).map(async ([size, px]) => ({
      key: assertSafeKey(thumbnailUrl(image.key, size)),
      bytes: await thumbnail(picture.clone(), px),
      contentType: "image/jpeg",
    })),
  );
  for (const result of results) {
    if (result.status === "fulfilled") files.push(result.value);
    else
      logger.error(
        { err: result.reason, key: image.key },
        "cover thumbnail failed; the original image is used instead",
      );
  }
  return { imageKey: image.key, files };
}
