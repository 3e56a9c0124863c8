import { crc32, deflateRawSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { EPUB_LIMITS, EpubArchive } from "./epub-archive";
import { refusalOf, storedEntry, testEpub, writeZip } from "./test-epubs";

const zeros = (bytes: number) => new Uint8Array(bytes);

function deflatedEntry(name: string, content: Uint8Array, declared: Partial<{ size: number; crc: number }> = {}) {
  return {
    name,
    data: deflateRawSync(content),
    method: 8 as const,
    size: declared.size ?? content.byteLength,
    crc: declared.crc ?? crc32(content),
  };
}

describe("EpubArchive", () => {
  it("lists files (not folders) and reads stored and deflated entries", () => {
    const archive = EpubArchive.open(
      zipSync({ mimetype: [strToU8("application/epub+zip"), { level: 0 }], "a/": {}, "a/b.txt": strToU8("hello") }),
    );
    expect(archive.paths.sort()).toEqual(["a/b.txt", "mimetype"]);
    expect(new TextDecoder().decode(archive.read("mimetype"))).toBe("application/epub+zip");
    expect(new TextDecoder().decode(archive.read("a/b.txt"))).toBe("hello");
    expect(archive.has("a/missing.txt")).toBe(false);
  });

  it("refuses files that are not zip archives", async () => {
    for (const bytes of [
      strToU8("%PDF-1.7 not a book at all, just text"),
      new Uint8Array(),
      strToU8("PK\u0003\u0004xx"),
    ]) {
      const error = await refusalOf(() => EpubArchive.open(bytes));
      expect(error.message).toBe("This file is not an EPUB (not a zip archive).");
      expect(error.code).toBe("invalid-argument");
      expect(error.reason).toBe("epub/not-zip");
    }
  });

  it("refuses a file larger than the limit before looking inside", async () => {
    const error = await refusalOf(() => EpubArchive.open(testEpub(), { ...EPUB_LIMITS, maxFileBytes: 100 }));
    expect(error.reason).toBe("epub/file-too-large");
  });

  it("refuses more entries than the limit", async () => {
    const entries = Array.from({ length: 6 }, (_, index) => storedEntry(`f${index}.txt`, "x"));
    const error = await refusalOf(() => EpubArchive.open(writeZip(entries), { ...EPUB_LIMITS, maxEntries: 5 }));
    expect(error.reason).toBe("epub/too-large");
    expect(error.details).toEqual({ entries: 6, maxEntries: 5 });
  });

  it("refuses by declared sizes alone, before inflating anything", async () => {
    // The data is a few bytes; only the declared size is huge. Reading would fail on CRC, but it never gets that far.
    const lie = { ...deflatedEntry("big.xhtml", zeros(10)), size: 400 * 1024 * 1024 };
    const error = await refusalOf(() => EpubArchive.open(writeZip([storedEntry("mimetype", "x"), lie])));
    expect(error.message).toBe(
      "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
    );
    expect(error.details).toEqual({ path: "big.xhtml", maxUnpackedBytes: EPUB_LIMITS.maxUnpackedBytes });
  });

  it("refuses an entry that compresses better than any real file", async () => {
    const bomb = deflatedEntry("bomb.xhtml", zeros(8 * 1024 * 1024)); // ~1000:1
    const error = await refusalOf(() => EpubArchive.open(writeZip([bomb])));
    expect(error.reason).toBe("epub/too-large");
    expect(error.details).toMatchObject({ path: "bomb.xhtml", size: 8 * 1024 * 1024 });
  });

  it("stops inflating an entry as soon as it passes its declared size", async () => {
    // Declares 1 KB (so the open-time checks pass) but inflates to 8 MB.
    const liar = deflatedEntry("liar.xhtml", zeros(8 * 1024 * 1024), { size: 1024 });
    const archive = EpubArchive.open(writeZip([liar]));
    const error = await refusalOf(() => archive.read("liar.xhtml"));
    expect(error.reason).toBe("epub/too-large");
  });

  it("refuses an entry whose content does not match its checksum", async () => {
    const entry = storedEntry("a.txt", "the real text");
    const archive = EpubArchive.open(writeZip([{ ...entry, crc: entry.crc ^ 1 }]));
    expect((await refusalOf(() => archive.read("a.txt"))).reason).toBe("epub/damaged");
  });

  it("refuses paths that point outside the book", async () => {
    for (const name of ["../evil.xhtml", "OEBPS/../../evil.xhtml", "/etc/passwd", "C:/evil.xhtml", "..\\evil.xhtml"]) {
      const error = await refusalOf(() => EpubArchive.open(writeZip([storedEntry(name, "x")])));
      expect(error.message).toBe("This EPUB contains a file path that points outside the book.");
      expect(error.details).toEqual({ path: name });
    }
  });

  it("refuses encrypted entries and unknown compression methods", async () => {
    const encrypted = writeZip([storedEntry("a.txt", "x")]);
    // General-purpose flag bit 0 in the central directory header (after the 30 + 5 + 1 bytes of the local entry).
    new DataView(encrypted.buffer, encrypted.byteOffset).setUint16(36 + 8, 1, true);
    expect((await refusalOf(() => EpubArchive.open(encrypted))).reason).toBe("epub/encrypted");

    const lzma = writeZip([{ ...storedEntry("a.txt", "x"), method: 14 as 0 }]);
    expect((await refusalOf(() => EpubArchive.open(lzma))).reason).toBe("epub/damaged");
  });

  it("says which file is missing", async () => {
    const archive = EpubArchive.open(testEpub());
    const error = await refusalOf(() => archive.read("OEBPS/text/nowhere.xhtml"));
    expect(error.message).toBe("This EPUB refers to a file it does not contain.");
    expect(error.details).toEqual({ path: "OEBPS/text/nowhere.xhtml" });
  });
});
