import { type RawBuilder, sql } from "kysely";
import type { DialectName } from "../../db/dialect";

/**
 * The catalogue's hot reads (the book list and the book page) send JSON kept ready in `book_json`, written by
 * triggers on every write to what it is built from (migration 2026-11-27-01-book-json). A `Book` is its `card`
 * (every field up to `addedDate`, left open) followed by the counters read from `books` here: they change on every
 * star and read, which then write `books` only. Fields, order and types are `catalog.presenter.ts`'s (its test
 * compares them).
 */

/**
 * The counters that end a `Book`, as JSON members and the closing brace. SQLite's json_object prints a REAL as
 * JavaScript does except whole numbers (`12.0`); PostgreSQL prints a double as JavaScript does.
 */
function countersSql(dialect: DialectName): string {
  if (dialect === "sqlite") {
    const score =
      "case when books.interaction_score = cast(books.interaction_score as integer) then cast(books.interaction_score as integer) else books.interaction_score end";
    return `substr(json_object('nUserStarred', books.n_user_starred, 'nCurrentReads', books.n_current_reads, 'nFinishedReads', books.n_finished_reads, 'interactionScore', ${score}, 'lastInteractedAt', books.last_interacted_at), 2)`;
  }
  return `'"nUserStarred":' || books.n_user_starred || ',"nCurrentReads":' || books.n_current_reads || ',"nFinishedReads":' || books.n_finished_reads || ',"interactionScore":' || books.interaction_score || ',"lastInteractedAt":' || coalesce(to_json(books.last_interacted_at)::text, 'null') || '}'`;
}

/** The `Book` of the current `books` row joined with its `book_json` row, as JSON text. */
export function bookJson(dialect: DialectName): RawBuilder<string> {
  return sql<string>`${sql.raw(`book_json.card || ${countersSql(dialect)}`)}`;
}

/** The `BookDetail` of the current `books` row joined with its `book_json` row, as JSON text. */
export function bookDetailJson(dialect: DialectName): RawBuilder<string> {
  return sql<string>`${sql.raw(`'{"book":' || book_json.card || ${countersSql(dialect)} || book_json.detail`)}`;
}
