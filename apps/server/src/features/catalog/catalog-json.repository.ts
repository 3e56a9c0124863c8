import { type RawBuilder, sql } from "kysely";

/**
 * The catalogue's hot reads (the book list and the book page) send JSON kept ready in `book_json`, written by
 * triggers on every write to what it is built from (migrations 2026-11-27-01-book-json and -03-book-json-counters):
 * a `Book` is its `card` (every field up to `addedDate`, left open) followed by its `counters`, which a star or a
 * read rewrites alone. Fields, order and types are `catalog.presenter.ts`'s (its test compares them).
 */

/** The `Book` of the current `book_json` row, as JSON text. */
export const bookJson: RawBuilder<string> = sql<string>`${sql.raw("book_json.card || book_json.counters")}`;

/** The `BookDetail` of the current `book_json` row, as JSON text. */
export const bookDetailJson: RawBuilder<string> = sql<string>`${sql.raw(
  `'{"book":' || book_json.card || book_json.counters || book_json.detail`,
)}`;
