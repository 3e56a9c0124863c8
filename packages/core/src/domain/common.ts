import { z } from "zod";

/** Opaque string ids (UUIDs for new rows; seeded demo rows may use readable slugs). */
export const IdSchema = z.string().min(1).max(128);
/** ISO-8601 UTC timestamp, as every API field and column stores it. */
export const TimestampSchema = z.iso.datetime({ offset: true });
export const UrlOrPathSchema = z.string().max(2048);

export function newId(): string {
  return crypto.randomUUID();
}

export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}
