import { crc32, inflateRawSync } from "node:zlib";
import { AppError } from "@quire/core/errors";
import { normalizeArchivePath } from "./epub-paths";

/** What an EPUB may cost to open. Real books stay far inside every one of them. */
export const EPUB_LIMITS = {
  /** The .epub file itself. */
  maxFileBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  /** Sum of every entry's declared uncompressed size. */
  maxUnpackedBytes: 300 * 1024 * 1024,
  /**
   * Deflate reaches ~1000:1 on runs of one byte; text compresses 3–10:1 and images barely at all.
   * Judged only on entries of at least `ratioCheckFromBytes`, since tiny files compress oddly.
   */
  maxCompressionRatio: 100,
  ratioCheckFromBytes: 1024 * 1024,
  /**
   * The same judgement on the archive as a whole (every entry's size over every entry's compressed
   * size), so many small entries cannot add up to a bomb: real books come to 1.3–4.2:1.
   */
  maxArchiveCompressionRatio: 20,
  /** One chapter's XHTML, and all chapters' together: what sanitising may be asked to read. */
  maxChapterTextBytes: 10 * 1024 * 1024,
  maxBookTextBytes: 40 * 1024 * 1024,
  /** Reading and sanitising the whole book (in a worker thread); past this the import is stopped. */
  maxImportMs: 30_000,
} as const;

export type EpubLimits = { [K in keyof typeof EPUB_LIMITS]: number };

interface ArchiveEntry {
  path: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** Zip64 marks sizes, counts and offsets it could not fit with all-ones; nothing that large is an EPUB we take. */
const ZIP64_MARK_32 = 0xffffffff;
const ZIP64_MARK_16 = 0xffff;

const STORED = 0;
const DEFLATED = 8;

const names = new TextDecoder("utf-8");

/**
 * An EPUB's zip, read from its central directory. Every entry is checked when the archive is
 * opened (count, declared sizes, compression ratio, paths), before a single byte is inflated;
 * `read` then enforces each entry's declared size *during* inflation (zlib stops as soon as the
 * output passes it), so an archive that lies about its sizes is caught too.
 */
export class EpubArchive {
  private constructor(
    private readonly bytes: Uint8Array,
    private readonly entries: ReadonlyMap<string, ArchiveEntry>,
  ) {}

  static open(bytes: Uint8Array, limits: EpubLimits = EPUB_LIMITS): EpubArchive {
    if (bytes.byteLength > limits.maxFileBytes) {
      throw AppError.of("epubFileTooLarge", { details: { maxBytes: limits.maxFileBytes } });
    }
    return new EpubArchive(bytes, readCentralDirectory(bytes, limits));
  }

  /** Paths of every file (not folder) in the archive. */
  get paths(): string[] {
    return [...this.entries.keys()];
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** The uncompressed size the archive declares for a file (`read` holds it to that), 0 for a missing one. */
  sizeOf(path: string): number {
    return this.entries.get(path)?.size ?? 0;
  }

  /** The file's uncompressed bytes. Throws `epubMissingFile` for a path the archive does not hold. */
  read(path: string): Uint8Array {
    const entry = this.entries.get(path);
    if (!entry) throw AppError.of("epubMissingFile", { details: { path } });
    const raw = this.bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    let data: Uint8Array;
    if (entry.method === STORED) {
      data = raw;
    } else {
      try {
        // maxOutputLength makes zlib give up the moment the output passes the declared size.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
      } catch (cause) {
        if ((cause as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          throw AppError.of("epubTooLarge", { details: { path }, cause });
        }
        throw AppError.of("epubDamaged", { details: { path }, cause });
      }
    }
    if (data.byteLength !== entry.size || crc32(data) !== entry.crc) {
      throw AppError.of("epubDamaged", { details: { path } });
    }
    return data;
  }
}

function notZip(): AppError {
  return AppError.of("epubNotZip");
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535; it is the last thing in the file.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function readCentralDirectory(bytes: Uint8Array, limits: EpubLimits): Map<string, ArchiveEntry> {
  if (bytes.byteLength < 22) throw notZip();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Every zip (and so every EPUB, whose first entry is `mimetype`) starts with a local file header.
  if (view.getUint32(0, true) !== LOCAL_SIGNATURE) throw notZip();
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) throw notZip();

  const entryCount = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entryCount === ZIP64_MARK_16 || directoryOffset === ZIP64_MARK_32 || directorySize === ZIP64_MARK_32) {
    throw AppError.of("epubTooLarge", { details: { reason: "zip64" } });
  }
  if (entryCount > limits.maxEntries) {
    throw AppError.of("epubTooLarge", { details: { entries: entryCount, maxEntries: limits.maxEntries } });
  }
  if (directoryOffset + directorySize > eocd) throw notZip();

  const entries = new Map<string, ArchiveEntry>();
  let unpacked = 0;
  let packed = 0;
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw notZip();
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const rawName = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    const path = normalizeArchivePath(rawName);
    if (path === undefined) throw AppError.of("epubUnsafePath", { details: { path: rawName } });
    if (path === "" || rawName.endsWith("/")) continue; // a folder: no data
    if (flags & 1) throw AppError.of("epubEncrypted", { details: { path } });
    if (size === ZIP64_MARK_32 || compressedSize === ZIP64_MARK_32 || localOffset === ZIP64_MARK_32) {
      throw AppError.of("epubTooLarge", { details: { path, reason: "zip64" } });
    }
    if (method !== STORED && method !== DEFLATED) {
      throw AppError.of("epubDamaged", { details: { path, reason: `compression method ${method}` } });
    }
    if (method === STORED && size !== compressedSize) throw AppError.of("epubDamaged", { details: { path } });
    unpacked += size;
    packed += compressedSize;
    if (unpacked > limits.maxUnpackedBytes) {
      throw AppError.of("epubTooLarge", { details: { path, maxUnpackedBytes: limits.maxUnpackedBytes } });
    }
    if (size >= limits.ratioCheckFromBytes && size / Math.max(1, compressedSize) > limits.maxCompressionRatio) {
      throw AppError.of("epubTooLarge", { details: { path, size, compressedSize } });
    }
    if (entries.has(path)) throw AppError.of("epubDamaged", { details: { path, reason: "duplicate entry" } });

    if (localOffset + 30 > bytes.byteLength || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) {
      throw AppError.of("epubDamaged", { details: { path } });
    }
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > bytes.byteLength) throw AppError.of("epubDamaged", { details: { path } });
    entries.set(path, { path, method, crc, compressedSize, size, dataStart });
  }
  if (unpacked >= limits.ratioCheckFromBytes && unpacked / Math.max(1, packed) > limits.maxArchiveCompressionRatio) {
    throw AppError.of("epubTooLarge", { details: { size: unpacked, compressedSize: packed } });
  }
  return entries;
}
