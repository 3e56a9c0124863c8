import { STORAGE_BACKOFF_CAP_MS, STORAGE_UPLOAD_RETRY_MS } from "../constants";

const FIRST_RETRY_DELAY_MS = 1000;

/**
 * SPEC §9 storage backoff: wait 1 s before the first retry and twice as long before each next one,
 * never more than 64 s. `jitter` (0 to 1, usually random) adds up to a second, so clients that
 * failed together do not all come back in the same instant.
 */
export function uploadRetryDelayMs(attempt: number, jitter = 0): number {
  const base = FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempt);
  return Math.min(STORAGE_BACKOFF_CAP_MS, base + Math.min(1, Math.max(0, jitter)) * 1000);
}

/** Whether a retry after `nextDelayMs` still starts within `windowMs` of the first failure. */
export function isWithinRetryWindow(windowMs: number, firstFailureAt: number, now: number, nextDelayMs: number) {
  return now + nextDelayMs - firstFailureAt <= windowMs;
}

/** SPEC §9: an upload keeps retrying for 10 minutes after its first failure, then gives up. */
export function isWithinUploadRetryTime(firstFailureAt: number, now: number, nextDelayMs: number): boolean {
  return isWithinRetryWindow(STORAGE_UPLOAD_RETRY_MS, firstFailureAt, now, nextDelayMs);
}
