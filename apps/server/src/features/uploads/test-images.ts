import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** The shared corpus sits beside the repository (`../shared/corpus`); its files are read in place, never copied. */
const CORPUS = join(import.meta.dirname, "../../../../../../shared/corpus");

/** A real book cover of about 1.2 MB (1400 × 2100 JPEG). */
export const LARGE_CORPUS_COVER = join(
  CORPUS,
  "standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.cover.jpg",
);
/** About 450 KB: over the one-request limit. */
export const MEDIUM_CORPUS_COVER = join(CORPUS, "standard-ebooks/ambrose-bierce_the-devils-dictionary.cover.jpg");

export function corpusFile(path: string): Buffer {
  return readFileSync(path);
}

/** A gradient, so encoders have real pixels to work on (a flat colour compresses to nothing). */
function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A JPEG carrying EXIF with a camera owner and GPS position: everything the server must strip. */
export function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return gradient(width, height)
    .jpeg({ quality: 70 })
    .withExif({
      IFD0: { Artist: "Secret Photographer", Copyright: "Private" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

export function png(width = 640, height = 400): Promise<Buffer> {
  return gradient(width, height).png().toBuffer();
}

export function webp(width = 600, height = 900): Promise<Buffer> {
  return gradient(width, height).webp({ quality: 60 }).toBuffer();
}

export function gif(): Promise<Buffer> {
  return gradient(64, 64).gif().toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of exactly `totalBytes`, padded with a text comment (metadata the server drops). */
export async function pngOfExactly(totalBytes: number): Promise<Buffer> {
  const image = await png(32, 32);
  const iend = image.subarray(-12);
  const keyword = Buffer.from("Comment\0", "latin1");
  const filler = Buffer.alloc(totalBytes - image.length - 12 - keyword.length, "x");
  return Buffer.concat([image.subarray(0, -12), pngChunk("tEXt", Buffer.concat([keyword, filler])), iend]);
}

/**
 * A valid black 1-bit PNG of width × height pixels: 20000 × 20000 is 400 million pixels (over a
 * gigabyte once decoded) in about 50 KB — a decompression bomb small enough for one request.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 and zero bits on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
