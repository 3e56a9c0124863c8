import { THUMBNAIL_MEDIUM_PX, THUMBNAIL_SMALL_PX } from "../constants";

export type ThumbnailSize = "small" | "medium";
const SIZE_PX: Record<ThumbnailSize, number> = { small: THUMBNAIL_SMALL_PX, medium: THUMBNAIL_MEDIUM_PX };

/**
 * SPEC §7: `folder/name.ext` → `folder/thumbs/name_268x268.jpeg`. Query strings and fragments
 * are kept on the derived URL; a URL without a file name is returned unchanged.
 */
export function thumbnailUrl(originalUrl: string, size: ThumbnailSize): string {
  const match = /^([^?#]*\/)?([^/?#]+)([?#].*)?$/.exec(originalUrl);
  if (!match) return originalUrl;
  const [, folder = "", fileName = "", rest = ""] = match;
  const dot = fileName.lastIndexOf(".");
  const name = dot > 0 ? fileName.slice(0, dot) : fileName;
  const px = SIZE_PX[size];
  return `${folder}thumbs/${name}_${px}x${px}.jpeg${rest}`;
}

/**
 * The cover to show at a size: its SPEC thumbnail for a raster cover (imports and studio uploads write
 * both), the file itself for an SVG (it scales, and nothing makes thumbnails of it). A client falls back
 * to the original when the thumbnail is missing (SPEC §7: a failed thumbnail leaves only the original).
 */
export function coverImageUrl(imageUrl: string, size: ThumbnailSize): string {
  return /\.svg(?:[?#].*)?$/i.test(imageUrl) ? imageUrl : thumbnailUrl(imageUrl, size);
}
