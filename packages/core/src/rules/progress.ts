import { PROGRESS_MAX, PROGRESS_MIN } from "../constants";

/** SPEC §4: progress is clamped to 0–100 and rounded; anything not a finite number counts as 0. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return PROGRESS_MIN;
  return Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, Math.round(value)));
}

export function isFinished(progress: number): boolean {
  return clampProgress(progress) === PROGRESS_MAX;
}
