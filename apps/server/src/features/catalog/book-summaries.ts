import type { Book } from "@quire/core";
import type { BookRow } from "../../db/schema";
import { presentBook } from "./catalog.presenter";
import type { CatalogRepository } from "./catalog.repository";

/** Book rows as the catalogue shows them, with genre and category ids fetched for all of them at once. */
export async function presentBookSummaries(catalog: CatalogRepository, rows: BookRow[]): Promise<Book[]> {
  const refs = await catalog.bookRefs(rows.map((row) => row.id));
  return rows.map((row) =>
    presentBook(row, { genreRefs: refs.genres.get(row.id) ?? [], categoryRefs: refs.categories.get(row.id) ?? [] }),
  );
}
