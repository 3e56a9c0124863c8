import { createHash } from "node:crypto";

/**
 * Pictures written into a book's markup or CSS as data: URLs. A raster one is as much a possible
 * decompression bomb as a file, so it stays only once its pixels have been counted
 * (epub-pictures.ts): the worker finds them in the raw text, the main thread counts, and the
 * sanitiser keeps those it was told are within the limit. One it never heard of (written in a way
 * the search missed) is dropped.
 */

export const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|jpg|gif|webp|avif|bmp|svg\+xml)[;,]/i;
const SVG_DATA_URL = /^data:image\/svg\+xml[;,]/i;
const BASE64_RASTER = /data:image\/(?:png|jpeg|jpg|gif|webp|avif|bmp);base64,([A-Za-z0-9+/=\s]+)/gi;

/** The payload's SHA-256: the same picture has the same key wherever and however it is written. */
function keyOfPayload(base64: string): string {
  return createHash("sha256").update(base64.replace(/\s+/g, "")).digest("base64url");
}

/** A raster data: URL's key for the pixel check, or undefined if it is no base64 raster image. */
export function dataImageKey(url: string): string | undefined {
  BASE64_RASTER.lastIndex = 0;
  const match = BASE64_RASTER.exec(url);
  return match?.index === 0 ? keyOfPayload(match[1] as string) : undefined;
}

/** Every base64 raster data: image in a text, keyed, with its bytes. */
export function findDataImages(text: string): { key: string; bytes: Uint8Array }[] {
  return [...text.matchAll(BASE64_RASTER)].map((match) => ({
    key: keyOfPayload(match[1] as string),
    bytes: Buffer.from((match[1] as string).replace(/\s+/g, ""), "base64"),
  }));
}

/**
 * Whether a data: image may stay: SVG (drawn at the size it is shown, no pixels to inflate), or a
 * raster one whose key is among those counted and found within the limit.
 */
export function dataImageAllowed(url: string, withinLimit: ReadonlySet<string>): boolean {
  if (!IMAGE_DATA_URL.test(url)) return false;
  if (SVG_DATA_URL.test(url)) return true;
  const key = dataImageKey(url);
  return key !== undefined && withinLimit.has(key);
}
