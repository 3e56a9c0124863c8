import { THUMBNAIL_MEDIUM_PX, THUMBNAIL_SMALL_PX, type ThumbnailSize, thumbnailUrl } from "@quire/core";
import type { Logger } from "pino";
import sharp from "sharp";
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

function thumbnail(image: Uint8Array, px: number, maxPixels: number): Promise<Buffer> {
  return sharp(image, { limitInputPixels: maxPixels })
    .resize(px, px, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * The cover as Quire serves it, plus its 268 and 556 px JPEG thumbnails (`thumbs/cover_268x268.jpeg`,
 * SPEC §7). A raster cover is kept as it is; an SVG cover (Standard Ebooks) is rendered to a JPEG,
 * since SVG covers can be megabytes of embedded image data. sharp decodes nothing over `maxPixels`.
 * A cover that cannot be processed is logged and kept as the original file without thumbnails
 * (SPEC: on failure the original URL is used); a book never fails to import over its cover.
 */
export async function prepareCover(
  bytes: Uint8Array,
  mediaType: string,
  keyPrefix: string,
  maxPixels: number,
  logger: Logger,
): Promise<CoverImages> {
  const svg = mediaType === "image/svg+xml";
  let image: StoredFile;
  try {
    if (svg) {
      const rendered = await sharp(bytes, { limitInputPixels: maxPixels })
        .resize(RENDERED_COVER_PX, RENDERED_COVER_PX, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
      image = { key: assertSafeKey(`${keyPrefix}/cover.jpg`), bytes: rendered, contentType: "image/jpeg" };
    } else {
      const { format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
      const type = RASTER_FORMATS[format ?? ""];
      if (!type) throw new Error(`unsupported cover format ${format}`);
      if (width * height > maxPixels) throw new Error(`cover has ${width}×${height} pixels, over ${maxPixels}`);
      image = { key: assertSafeKey(`${keyPrefix}/cover.${type.extension}`), bytes, contentType: type.contentType };
    }
  } catch (err) {
    logger.error({ err, mediaType }, "cover could not be processed; the original file is used instead");
    const extension = svg ? "svg" : (RASTER_FORMATS[mediaType.replace("image/", "")]?.extension ?? "img");
    const key = assertSafeKey(`${keyPrefix}/cover.${extension}`);
    return { imageKey: key, files: [{ key, bytes, contentType: mediaType }] };
  }

  const files: StoredFile[] = [image];
  const results = await Promise.allSettled(
    (Object.entries(THUMBNAILS) as [ThumbnailSize, number][]).map(async ([size, px]) => ({
      key: assertSafeKey(thumbnailUrl(image.key, size)),
      bytes: await thumbnail(image.bytes, px, maxPixels),
      contentType: "image/jpeg",
      size,
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
