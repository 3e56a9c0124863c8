import type { Book } from "@quire/core";
import type { Kysely } from "kysely";
import type { Database } from "../src/db/schema";
import { presentBook } from "../src/features/catalog/catalog.presenter";
import type { CatalogRepository } from "../src/features/catalog/catalog.repository";

/** The list sorts as the catalogue orders them: the column and direction a test orders the same rows by. */
export const SORTS = {
  popular: { column: "interactionScore", direction: "desc", type: "number" },
  newest: { column: "addedDate", direction: "desc", type: "string" },
  title: { column: "title", direction: "asc", type: "string" },
} as const;

/** The books of a list page's `items` (their JSON joined by commas). */
export const booksIn = (items: string) => JSON.parse(`[${items}]`) as Book[];

// Compared as re-serialised text, so a field out of order, a number written as a string or a missing null fails.
export const canonical = (json: string) => JSON.stringify(JSON.parse(json));

/** The presenter's answer for a book, from its row and its refs read apart: what the database's JSON must equal. */
export async function presentedBook(db: Kysely<Database>, repository: CatalogRepository, id: string) {
  const row = await db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const refs = await repository.bookRefs([id]);
  return presentBook(row, { genreRefs: refs.genres.get(id) ?? [], categoryRefs: refs.categories.get(id) ?? [] });
}
