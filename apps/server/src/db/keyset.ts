import { AppError, type CursorKey, decodeCursor, encodeCursor, type Page } from "@quire/core";
import type { SelectQueryBuilder, StringReference } from "kysely";

/**
 * What a cursor this server did not make means: "refuse" answers 400 "Invalid cursor" (the catalogue,
 * profiles); "first-page" reads it as no cursor (the feed, notifications, follow lists).
 */
export type ForeignCursor = "refuse" | "first-page";

export interface CursorRules {
  foreign: ForeignCursor;
  /** The sort value's type in cursors this server makes; any other is foreign. */
  sortType?: "string" | "number";
}

/** The cursor the client sent as a keyset position, or undefined for the first page. */
export function readCursor(cursor: string | undefined, { foreign, sortType = "string" }: CursorRules) {
  if (!cursor) return undefined;
  const key = decodeCursor(cursor);
  if (key && typeof key[0] === sortType) return key;
  if (foreign === "refuse") throw AppError.of("invalidCursor");
  return undefined;
}

/** A page from `limit + 1` fetched rows: the extra row only tells that more follow. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

export interface Keyset<DB, TB extends keyof DB, O> extends CursorRules {
  cursor: string | undefined;
  /** The sort column; NOT NULL, so a cursor never holds a null. */
  sort: StringReference<DB, TB>;
  /** The tie-breaker, unique among the rows; it runs in the sort's direction so one index serves both. */
  id: StringReference<DB, TB>;
  direction: "asc" | "desc";
  limit: number;
  keyOf: (row: O) => CursorKey;
}

/**
 * One keyset page of `query`: the rows after the cursor's (sort, id) in the given direction, ordered and
 * cut there, and the cursor of the next page. Written as `sort < v OR (sort = v AND id < i)`, which both
 * dialects serve from an index on (…, sort, id).
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { cursor, sort, id, direction, limit, keyOf, ...rules }: Keyset<DB, TB, O>,
): Promise<Page<O>> {
  const after = readCursor(cursor, rules);
  let paged = query;
  if (after) {
    const [value, afterId] = after as [never, never];
    const beyond = direction === "desc" ? "<" : ">";
    paged = paged.where((eb) =>
      eb.or([eb(sort, beyond, value), eb.and([eb(sort, "=", value), eb(id, beyond, afterId)])]),
    );
  }
  const rows = await paged
    .orderBy(sort, direction)
    .orderBy(id, direction)
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, keyOf);
}
