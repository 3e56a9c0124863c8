import { sharp } from "../../infra/sharp";

/**
 * The images with more pixels than `maxPixels`, judged from their headers. Such a picture (a few KB
 * that a browser inflates to gigabytes) is left out of the book like a missing one, as an upload
 * over the limit is refused.
 */
export async function oversizePictures(images: { path: string; bytes: Uint8Array }[], maxPixels: number) {
  const oversize: string[] = [];
  for (const { path, bytes } of images) {
    try {
      const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
      if (width * height > maxPixels) oversize.push(path);
    } catch {
      // Not an image sharp can read: no pixels to count, and a browser shows it as the broken file it is.
    }
  }
  return oversize;
}
