import { z } from "zod";

/** One page of a list; `nextCursor` is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A keyset position: the sort value of the last row and its id (the tie-breaker). */
export type CursorKey = readonly [string | number | null, string];

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c: string) => c.charCodeAt(0)));
}

export function encodeCursor(key: CursorKey): string {
  return toBase64Url(JSON.stringify(key));
}

const CursorKeySchema = z.tuple([z.union([z.string(), z.number(), z.null()]), z.string()]);

/** Returns undefined for anything that is not a cursor this server made. */
export function decodeCursor(cursor: string): CursorKey | undefined {
  try {
    const parsed = CursorKeySchema.safeParse(JSON.parse(fromBase64Url(cursor)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
