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

export interface KeysetOrder<DB, TB extends keyof DB> {
  /** The sort column; NOT NULL, so a cursor never holds a null. */
  sort: StringReference<DB, TB>;
  /** The tie-breaker, unique among the rows; it runs in the sort's direction so one index serves both. */
  id: StringReference<DB, TB>;
  direction: "asc" | "desc";
}

/**
 * `query` in (sort, id) order from just after the key `after`, written as
 * `sort < v OR (sort = v AND id < i)` (`>` ascending), which both dialects serve from an index on
 * (…, sort, id). For a cursor that is more than a key (author books carry their phase); else keysetPage.
 */
export function keysetAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { sort, id, direction }: KeysetOrder<DB, TB>,
  after: CursorKey | undefined,
): SelectQueryBuilder<DB, TB, O> {
  let ordered = query;
  if (after) {
    const [value, afterId] = after as [never, never];
    const beyond = direction === "desc" ? "<" : ">";
    ordered = ordered.where((eb) =>
      eb.or([eb(sort, beyond, value), eb.and([eb(sort, "=", value), eb(id, beyond, afterId)])]),
    );
  }
  return ordered.orderBy(sort, direction).orderBy(id, direction);
}

export interface Keyset<DB, TB extends keyof DB, O> extends KeysetOrder<DB, TB>, CursorRules {
  cursor: string | undefined;
  limit: number;
  keyOf: (row: O) => CursorKey;
}

/** One keyset page of `query` after the client's cursor, and the cursor of the page after it. */
export async function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { cursor, sort, id, direction, limit, keyOf, ...rules }: Keyset<DB, TB, O>,
): Promise<Page<O>> {
  const after = readCursor(cursor, rules);
  const rows = await keysetAfter(query, { sort, id, direction }, after)
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, keyOf);
}
