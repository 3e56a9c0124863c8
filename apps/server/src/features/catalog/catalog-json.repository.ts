import { type RawBuilder, sql } from "kysely";
import type { DialectName } from "../../db/dialect";

/**
 * The catalogue's hot reads (the book list and the book page) have the database write their answer's JSON:
 * turning rows into JavaScript values and serialising them again cost far more than the statements themselves.
 * The objects here have exactly the fields, order and types of `catalog.presenter.ts` (its test compares them).
 * Everything is raw SQL over snake_case names: the text is fixed, compiled once into each statement.
 */

/** How a field's SQL value becomes JSON. */
type Field =
  | { kind: "value"; sql: string }
  /** A 0/1 column, as false/true. */
  | { kind: "boolean"; sql: string }
  /** A REAL column: integral values as integers, as JavaScript prints them (SQLite would print `1.0`). */
  | { kind: "double"; sql: string }
  /** A JSON text column, or `fallback` when it is empty (as parseJson reads it). */
  | { kind: "jsonText"; sql: string; fallback: "[]" | "{}" }
  /** An expression that already is JSON (an object or array built here). */
  | { kind: "json"; sql: string };

export type JsonObject = readonly (readonly [key: string, field: Field])[];

const value = (column: string): Field => ({ kind: "value", sql: column });

function fieldSql(dialect: DialectName, field: Field): string {
  if (dialect === "sqlite") {
    switch (field.kind) {
      case "value":
        return field.sql;
      case "boolean":
        return `json(case when ${field.sql} = 1 then 'true' else 'false' end)`;
      case "double":
        return `(case when ${field.sql} = cast(${field.sql} as integer) then cast(${field.sql} as integer) else ${field.sql} end)`;
      case "jsonText":
        return `json(case when json_valid(${field.sql}) then ${field.sql} else '${field.fallback}' end)`;
      case "json":
        // A scalar subquery drops the JSON subtype: json() restores it, so the value is not quoted as text.
        return `json(${field.sql})`;
    }
  }
  switch (field.kind) {
    case "value":
    case "double":
      return field.sql;
    case "boolean":
      return `(${field.sql} = 1)`;
    case "jsonText":
      return `coalesce(nullif(${field.sql}, ''), '${field.fallback}')::json`;
    case "json":
      return field.sql;
  }
}

/**
 * A JSON object built from `fields`. PostgreSQL's row_to_json writes compact JSON (json_build_object would put
 * spaces around every colon); a row's column names keep their case when quoted.
 */
export function jsonObjectSql(dialect: DialectName, fields: JsonObject): string {
  if (dialect === "sqlite") {
    return `json_object(${fields.map(([key, field]) => `'${key}', ${fieldSql(dialect, field)}`).join(", ")})`;
  }
  const columns = fields.map(([key, field]) => `${fieldSql(dialect, field)} as "${key}"`).join(", ");
  return `(select row_to_json(o) from (select ${columns}) o)`;
}

type OrderTerm = readonly [column: string, type: "text" | "number"];

/**
 * A JSON array of `element` over the rows of `from` (a FROM … WHERE … clause) in `orderBy` order; `[]` when
 * there are none. Text compares by bytes, as JavaScript's `<` does on these ids and names (SQLite's default).
 */
function jsonArraySql(dialect: DialectName, element: string, from: string, orderBy: readonly OrderTerm[]): string {
  const order = orderBy
    .map(([column, type]) => (dialect === "postgres" && type === "text" ? `${column} collate "C"` : column))
    .join(", ");
  if (dialect === "sqlite") return `(select json_group_array(${element} order by ${order}) ${from})`;
  return `coalesce((select json_agg(${element} order by ${order}) ${from}), '[]'::json)`;
}

/** A book's genre ids by id, and its category ids in category order, as `bookRefs` lists them. */
function refsFields(dialect: DialectName): JsonObject {
  return [
    [
      "genreRefs",
      {
        kind: "json",
        sql: jsonArraySql(dialect, "bg.genre_id", "from book_genres bg where bg.book_id = books.id", [
          ["bg.genre_id", "text"],
        ]),
      },
    ],
    [
      "categoryRefs",
      {
        kind: "json",
        sql: jsonArraySql(
          dialect,
          "c.id",
          "from category_books cb join categories c on c.id = cb.category_id where cb.book_id = books.id",
          [
            ["c.position", "number"],
            ["c.id", "text"],
          ],
        ),
      },
    ],
  ];
}

/** `presentBook` of the current `books` row, with its genre and category refs. */
function bookFields(dialect: DialectName): JsonObject {
  const [genreRefs, categoryRefs] = refsFields(dialect) as [JsonObject[number], JsonObject[number]];
  return [
    ["id", value("books.id")],
    ["title", value("books.title")],
    ["authors", { kind: "jsonText", sql: "books.authors", fallback: "[]" }],
    ["authorIds", { kind: "jsonText", sql: "books.author_ids", fallback: "[]" }],
    ["imageUrl", value("books.image_url")],
    ["summary", value("books.summary")],
    genreRefs,
    categoryRefs,
    ["source", value("books.source")],
    ["display", { kind: "boolean", sql: "books.display" }],
    ["status", value("books.status")],
    ["publishingLabel", value("books.publishing_label")],
    ["completionStatus", value("books.completion_status")],
    ["launchedDate", value("books.launched_date")],
    ["addedDate", value("books.added_date")],
    ["nUserStarred", value("books.n_user_starred")],
    ["nCurrentReads", value("books.n_current_reads")],
    ["nFinishedReads", value("books.n_finished_reads")],
    ["interactionScore", { kind: "double", sql: "books.interaction_score" }],
    ["lastInteractedAt", value("books.last_interacted_at")],
  ];
}

/** The `Book` of the current `books` row, as JSON text. */
export function bookJson(dialect: DialectName): RawBuilder<string> {
  return sql<string>`${sql.raw(asText(dialect, jsonObjectSql(dialect, bookFields(dialect))))}`;
}

/**
 * The `BookDetail` of the current `books` row left-joined with `book_data`, as JSON text: the book, its book
 * data (null without), its genres by name and its categories by position then name.
 */
export function bookDetailJson(dialect: DialectName): RawBuilder<string> {
  const bookData = jsonObjectSql(dialect, [
    ["id", value("book_data.book_id")],
    ["bookTeaser", value("book_data.book_teaser")],
    ["characters", { kind: "jsonText", sql: "book_data.characters", fallback: "[]" }],
    ["css", value("book_data.css")],
    ["tocLength", value("book_data.toc_length")],
    ["moods", { kind: "jsonText", sql: "book_data.moods", fallback: "[]" }],
    ["timeToReadMinutes", value("book_data.time_to_read_minutes")],
    ["wordCount", value("book_data.word_count")],
    ["versionsMap", { kind: "jsonText", sql: "book_data.versions_map", fallback: "{}" }],
    ["latestVersion", value("book_data.latest_version")],
    ["epubToc", { kind: "jsonText", sql: "book_data.epub_toc", fallback: "[]" }],
    ["startAnchorId", value("book_data.start_anchor_id")],
    ["originalPublicationYear", value("book_data.original_publication_year")],
  ]);
  const genres = jsonArraySql(
    dialect,
    jsonObjectSql(dialect, [
      ["id", value("g.id")],
      ["displayName", value("g.display_name")],
    ]),
    "from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = books.id",
    [
      ["g.display_name", "text"],
      ["g.id", "text"],
    ],
  );
  const categories = jsonArraySql(
    dialect,
    jsonObjectSql(dialect, [
      ["id", value("c.id")],
      ["name", value("c.name")],
    ]),
    "from category_books cb join categories c on c.id = cb.category_id where cb.book_id = books.id",
    [
      ["c.position", "number"],
      ["c.name", "text"],
      ["c.id", "text"],
    ],
  );
  const detail = jsonObjectSql(dialect, [
    ["book", { kind: "json", sql: jsonObjectSql(dialect, bookFields(dialect)) }],
    ["bookData", { kind: "json", sql: `case when book_data.book_id is null then null else ${bookData} end` }],
    ["genres", { kind: "json", sql: genres }],
    ["categories", { kind: "json", sql: categories }],
  ]);
  return sql<string>`${sql.raw(asText(dialect, detail))}`;
}

/** PostgreSQL's json values are sent as text, not parsed by the driver into objects. */
function asText(dialect: DialectName, json: string): string {
  return dialect === "postgres" ? `(${json})::text` : json;
}
