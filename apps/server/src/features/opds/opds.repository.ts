import { encodeCursor } from "@quire/core";
import { keysetPage } from "../../db/keyset";
import type { BookRow } from "../../db/schema";
import type { BookFilters, CatalogRepository } from "../catalog";

export type OpdsSort = "popular" | "newest" | "title";

const SORTS = {
  popular: { column: "interactionScore", direction: "desc", type: "number" },
  newest: { column: "addedDate", direction: "desc", type: "string" },
  title: { column: "title", direction: "asc", type: "string" },
} as const satisfies Record<OpdsSort, { column: keyof BookRow; direction: "asc" | "desc"; type: "string" | "number" }>;

export interface BookWindow {
  /** In the sort's order, whichever way the page was read. */
  items: BookRow[];
  /** More books lie beyond the window's far end in the direction it was read. */
  more: boolean;
  /** Cursors that read on before the first book and after the last (null for an empty window). */
  first: string | null;
  last: string | null;
}

/**
 * Catalogue books a page at a time in either direction: OPDS clients follow `previous` links as well as
 * `next`, so a page is read after a (sort, id) key or, with the direction flipped, before one.
 */
export class OpdsRepository {
  constructor(private readonly catalog: CatalogRepository) {}

  async window(
    filters: BookFilters,
    sort: OpdsSort,
    limit: number,
    from: { after?: string; before?: string },
  ): Promise<BookWindow> {
    const { column, direction, type } = SORTS[sort];
    const backwards = from.before !== undefined;
    const page = await keysetPage(this.catalog.filtered(filters), {
      cursor: backwards ? from.before : from.after,
      foreign: "refuse",
      sort: `books.${column}`,
      sortType: type,
      id: "books.id",
      direction: backwards ? (direction === "asc" ? "desc" : "asc") : direction,
      limit,
      keyOf: (row) => [row[column], row.id],
    });
    const items = backwards ? page.items.reverse() : page.items;
    const cursorOf = (row: BookRow | undefined) => (row ? encodeCursor([row[column], row.id]) : null);
    return { items, more: page.nextCursor !== null, first: cursorOf(items[0]), last: cursorOf(items.at(-1)) };
  }
}
