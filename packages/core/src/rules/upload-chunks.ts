import { UPLOAD_CHUNK_MAX_BYTES, UPLOAD_CHUNK_START_BYTES, UPLOAD_SINGLE_REQUEST_MAX_BYTES } from "../constants";

/** SPEC §4: files of 256 KB or less go in one request; only larger ones are uploaded resumably. */
export function needsResumableUpload(sizeBytes: number): boolean {
  return sizeBytes > UPLOAD_SINGLE_REQUEST_MAX_BYTES;
}

/**
 * SPEC §9 "chunk 256 KB doubling to under 32 MB": after a chunk arrives the next one is twice as large
 * while that stays under 32 MB (so the largest is 16 MB); after a failed chunk the client starts
 * again at 256 KB, because a connection that just failed is better tried with little at stake.
 */
export function nextChunkSize(previous: number, succeeded: boolean): number {
  if (!succeeded) return UPLOAD_CHUNK_START_BYTES;
  const doubled = previous * 2;
  return doubled < UPLOAD_CHUNK_MAX_BYTES ? doubled : previous;
}

/** The bytes the next PATCH carries: the chunk size, or what is left of the file when that is less. */
export function chunkEnd(offset: number, chunkSize: number, totalBytes: number): number {
  return Math.min(offset + chunkSize, totalBytes);
}
