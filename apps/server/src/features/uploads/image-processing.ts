import { AppError, THUMBNAIL_MEDIUM_PX, THUMBNAIL_SMALL_PX, type ThumbnailSize } from "@quire/core";
import type { Metadata } from "sharp";
import { ConcurrencyLimit } from "../../infra/concurrency-limit";
import { sharp } from "../../infra/sharp";
import { type ProfileImageFormat, sniffImageFormat } from "./image-format";

export interface PreparedImage {
  format: ProfileImageFormat;
  /** The image re-encoded in its own format: upright, and without EXIF, GPS or any other metadata. */
  bytes: Buffer;
  width: number;
  height: number;
}

export const THUMBNAIL_PX: Record<ThumbnailSize, number> = { small: THUMBNAIL_SMALL_PX, medium: THUMBNAIL_MEDIUM_PX };

/**
 * Image jobs (checks, re-encodes, thumbnails) that run at once in this process; the rest queue. sharp
 * decodes on libuv's thread pool (4 threads by default), which file and DNS work share: a burst of large
 * images, a second of CPU each, would otherwise hold every thread. Two leave the others free.
 */
export const imageWork = new ConcurrencyLimit(2);

/**
 * Accepts a JPEG, PNG or WebP by its bytes and re-encodes it. The header is read first and its
 * width × height checked against `maxPixels` before anything is decoded, so a small file that
 * claims a huge canvas (a decompression bomb) costs nothing; sharp's own `limitInputPixels`
 * guards the decode as well.
 */
export function prepareProfileImage(input: Uint8Array, maxPixels: number): Promise<PreparedImage> {
  return imageWork.run(() => prepare(input, maxPixels));
}

async function prepare(input: Uint8Array, maxPixels: number): Promise<PreparedImage> {
  const format = sniffImageFormat(input);
  if (!format) throw AppError.of("imageFormatNotAllowed");
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw AppError.of("imageFormatNotAllowed", { cause });
  }
  if (header.format !== format || !header.width || !header.height) throw AppError.of("imageFormatNotAllowed");
  if (header.width * header.height > maxPixels) {
    throw AppError.of("imageTooManyPixels", { details: { maxPixels, width: header.width, height: header.height } });
  }
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif), so only the pixels survive; rotate()
    // applies the EXIF orientation first, since the tag that said how to turn the picture is dropped.
    const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
    const encoded =
      format === "jpeg"
        ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : format === "png"
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { format, bytes: data, width: info.width, height: info.height };
  } catch (cause) {
    // The header was fine but the pixels are not (truncated or corrupt data): still not an image we take.
    throw AppError.of("imageFormatNotAllowed", { cause });
  }
}

/** A JPEG that fits in a size × size box (aspect kept, never enlarged); transparency becomes white. */
export function renderThumbnail(image: Uint8Array, size: ThumbnailSize, maxPixels: number): Promise<Buffer> {
  const px = THUMBNAIL_PX[size];
  return imageWork.run(() =>
    sharp(image, { limitInputPixels: maxPixels })
      .resize(px, px, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  );
}
