import { createHash } from "node:crypto";

const SAMPLE_BYTES = 1024;

/**
 * KOReader's document id in "binary" matching (`util.partialMD5` in its frontend/util.lua): one MD5 over
 * 1024-byte samples at offsets 1024·4^i for i = -1…10, stopping at the first offset past the end.
 * LuaJIT's `bit.lshift(1024, -2)` masks the shift to 30 bits and overflows to 0, so the first sample
 * is the file's start: offsets 0, 1 KiB, 4 KiB, 16 KiB … 1 GiB. A sample near the end may be short.
 */
export function partialMd5(bytes: Uint8Array): string {
  const hash = createHash("md5");
  for (let i = -1; i <= 10; i += 1) {
    const offset = i < 0 ? 0 : SAMPLE_BYTES * 4 ** i;
    if (offset >= bytes.length) break;
    hash.update(bytes.subarray(offset, offset + SAMPLE_BYTES));
  }
  return hash.digest("hex");
}

/** KOReader's "filename" matching: the MD5 of the file's base name, extension included. */
export function fileNameMd5(fileName: string): string {
  return md5Hex(fileName);
}

export function md5Hex(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}
