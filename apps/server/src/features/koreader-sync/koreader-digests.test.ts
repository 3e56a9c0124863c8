import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileNameMd5, partialMd5 } from "./koreader-digests";

const CORPUS = join(import.meta.dirname, "../../../../../../shared/corpus");
const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash("md5");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};
const bytes = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 7 + 3) % 251);

describe("KOReader document ids", () => {
  it("gives a corpus EPUB the partial MD5 KOReader computes for it", () => {
    const epub = readFileSync(join(CORPUS, "standard-ebooks/p-g-wodehouse_love-among-the-chickens.epub"));
    // Worked out with a separate Python port of util.partialMD5 (offsets 0, 1 KiB, 4 KiB … of 618,655 bytes).
    expect(partialMd5(epub)).toBe("94da45918bc8053f935c43248953b485");
  });

  it("samples 1024 bytes at 0, 1 KiB, 4 KiB, 16 KiB…, stopping past the end, the last sample short", () => {
    const file = bytes(20_000);
    expect(partialMd5(file)).toBe(
      md5(file.subarray(0, 1024), file.subarray(1024, 2048), file.subarray(4096, 5120), file.subarray(16_384, 17_408)),
    );
    const short = bytes(5000);
    expect(partialMd5(short)).toBe(md5(short.subarray(0, 1024), short.subarray(1024, 2048), short.subarray(4096)));
    expect(partialMd5(bytes(1024))).toBe(md5(bytes(1024)));
    expect(partialMd5(new Uint8Array())).toBe(md5());
  });

  it("hashes a file name as KOReader's filename matching does", () => {
    expect(fileNameMd5("love-among-the-chickens.epub")).toBe(
      createHash("md5").update("love-among-the-chickens.epub").digest("hex"),
    );
  });
});
