import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * `book_json` keeps each book's catalogue JSON ready-made, so the list and the book page read one short string
 * per book instead of building it per request (docs/catalog.md):
 * - `card`: the presenter's `Book` (`presentBook`) up to `addedDate`, without its closing brace and with a
 *   trailing comma; the counters that follow in `Book` (stars, reads, score, last interaction) change on every
 *   star and read and are appended from `books` when read, so those writes leave this table alone;
 * - `detail`: the rest of a `BookDetail` after its `book`: `,"bookData":…,"genres":[…],"categories":[…]}`.
 * Triggers rewrite a book's row in the writing transaction whenever a table it is built from changes (`books`'
 * listed columns, `book_genres`, `category_books`, `book_data`, a category's or genre's name, order or id), so
 * every writer keeps it true without knowing about it. Existing books are written here.
 *
 * The JSON has exactly the presenter's fields, order and types: `display` as a boolean, JSON text columns
 * embedded (`[]`/`{}` when empty), genre ids by id, categories by position then id, the page's genres by name
 * then id, categories by position, name, id; text compared by bytes (`collate "C"`), as JavaScript's `<` does.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("book_json")
    .addColumn("book_id", "text", (c) => c.primaryKey().notNull().references("books.id").onDelete("cascade"))
    .addColumn("card", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  if (dialect === "sqlite") await upSqlite(db);
  else await upPostgres(db);
  await sql.raw(refreshSql(dialect, "true")).execute(db);
}

/** How a field's SQL value becomes JSON. */
type Field =
  | { kind: "value"; sql: string }
  /** A 0/1 column, as false/true. */
  | { kind: "boolean"; sql: string }
  /** A JSON text column, or `fallback` when it is empty (as parseJson reads it). */
  | { kind: "jsonText"; sql: string; fallback: "[]" | "{}" }
  /** An expression that already is JSON (an object or array built here). */
  | { kind: "json"; sql: string };

type JsonObject = readonly (readonly [key: string, field: Field])[];

const value = (column: string): Field => ({ kind: "value", sql: column });

function fieldSql(dialect: DialectName, field: Field): string {
  if (dialect === "sqlite") {
    switch (field.kind) {
      case "value":
        return field.sql;
      case "boolean":
        return `json(case when ${field.sql} = 1 then 'true' else 'false' end)`;
      case "jsonText":
        return `json(case when json_valid(${field.sql}) then ${field.sql} else '${field.fallback}' end)`;
      case "json":
        // A scalar subquery drops the JSON subtype: json() restores it, so the value is not quoted as text.
        return `json(${field.sql})`;
    }
  }
  switch (field.kind) {
    case "value":
    case "json":
      return field.sql;
    case "boolean":
      return `(${field.sql} = 1)`;
    case "jsonText":
      return `coalesce(nullif(${field.sql}, ''), '${field.fallback}')::json`;
  }
}

/**
 * A JSON object built from `fields`. PostgreSQL's row_to_json writes compact JSON (json_build_object would put
 * spaces around every colon); a row's column names keep their case when quoted.
 */
function jsonObjectSql(dialect: DialectName, fields: JsonObject): string {
  if (dialect === "sqlite") {
    return `json_object(${fields.map(([key, field]) => `'${key}', ${fieldSql(dialect, field)}`).join(", ")})`;
  }
  const columns = fields.map(([key, field]) => `${fieldSql(dialect, field)} as "${key}"`).join(", ");
  return `(select row_to_json(o) from (select ${columns}) o)`;
}

type OrderTerm = readonly [column: string, type: "text" | "number"];

/** A JSON array of `element` over the rows of `from` (a FROM … WHERE … clause) in `orderBy` order; `[]` without. */
function jsonArraySql(dialect: DialectName, element: string, from: string, orderBy: readonly OrderTerm[]): string {
  const order = orderBy
    .map(([column, type]) => (dialect === "postgres" && type === "text" ? `${column} collate "C"` : column))
    .join(", ");
  if (dialect === "sqlite") return `(select json_group_array(${element} order by ${order}) ${from})`;
  return `coalesce((select json_agg(${element} order by ${order}) ${from}), '[]'::json)`;
}

/** `presentBook`'s fields of the current `books` row up to `addedDate` (the counters follow, read apart). */
function cardSql(dialect: DialectName): string {
  return jsonObjectSql(dialect, [
    ["id", value("books.id")],
    ["title", value("books.title")],
    ["authors", { kind: "jsonText", sql: "books.authors", fallback: "[]" }],
    ["authorIds", { kind: "jsonText", sql: "books.author_ids", fallback: "[]" }],
    ["imageUrl", value("books.image_url")],
    ["summary", value("books.summary")],
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
    ["source", value("books.source")],
    ["display", { kind: "boolean", sql: "books.display" }],
    ["status", value("books.status")],
    ["publishingLabel", value("books.publishing_label")],
    ["completionStatus", value("books.completion_status")],
    ["launchedDate", value("books.launched_date")],
    ["addedDate", value("books.added_date")],
  ]);
}

/** The parts of a `BookDetail` after its book, for the current `books` row left-joined with `book_data`. */
function detailSql(dialect: DialectName): string {
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
  return jsonObjectSql(dialect, [
    ["bookData", { kind: "json", sql: `case when book_data.book_id is null then null else ${bookData} end` }],
    ["genres", { kind: "json", sql: genres }],
    ["categories", { kind: "json", sql: categories }],
  ]);
}

/** Writes the `book_json` rows of the books matching `where` (a condition on `books`); a deleted book has none. */
function refreshSql(dialect: DialectName, where: string): string {
  const text = dialect === "postgres" ? "::text" : "";
  // The objects are cut open as text: the card loses its closing brace, the detail its opening one.
  return `insert into book_json (book_id, card, detail)
    select id, substr(card, 1, length(card) - 1) || ',', ',' || substr(detail, 2)
    from (
      select books.id, (${cardSql(dialect)})${text} as card, (${detailSql(dialect)})${text} as detail
      from books left join book_data on book_data.book_id = books.id
      where ${where}
    ) built
    where true
    on conflict (book_id) do update set card = excluded.card, detail = excluded.detail`;
}

/** The columns of `books` the card is built from (its counters are read from `books` itself). */
const CARD_COLUMNS =
  "id, title, authors, author_ids, image_url, summary, source, display, status, publishing_label, completion_status, launched_date, added_date";
const DETAIL_DATA_COLUMNS =
  "book_id, book_teaser, characters, css, toc_length, moods, time_to_read_minutes, word_count, versions_map, latest_version, epub_toc, start_anchor_id, original_publication_year";

/**
 * Whether an update changed one of `columns` (a comma-separated list): a write that leaves them as they were, such as
 * the studio's row lock (`set title = title`), rewrites nothing.
 */
function changed(dialect: DialectName, columns: string): string {
  const names = columns.split(", ");
  if (dialect === "sqlite") return names.map((name) => `old.${name} is not new.${name}`).join(" or ");
  const row = (prefix: string) => `(${names.map((name) => `${prefix}.${name}`).join(", ")})`;
  return `${row("old")} is distinct from ${row("new")}`;
}

/** Books of a row of a link table (`old` or `new`), or of a category or genre through its links. */
const ofBooks = (ids: string) => `books.id in (${ids})`;
const inCategory = (row: string) => `select book_id from category_books where category_id = ${row}.id`;
const inGenre = (row: string) => `select book_id from book_genres where genre_id = ${row}.id`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const trigger = async (name: string, event: string, where: string, when = "true") =>
    sql`create trigger ${sql.table(name)} after ${sql.raw(event)} for each row when ${sql.raw(when)}
      begin ${sql.raw(refreshSql("sqlite", where))}; end`.execute(db);
  await trigger("book_json_books_insert", "insert on books", "books.id = new.id");
  await trigger(
    "book_json_books_update",
    `update of ${CARD_COLUMNS} on books`,
    "books.id = new.id",
    changed("sqlite", CARD_COLUMNS),
  );
  for (const table of ["book_genres", "category_books", "book_data"]) {
    const columns = table === "book_data" ? DETAIL_DATA_COLUMNS : undefined;
    await trigger(`book_json_${table}_insert`, `insert on ${table}`, "books.id = new.book_id");
    await trigger(
      `book_json_${table}_update`,
      `update${columns ? ` of ${columns}` : ""} on ${table}`,
      ofBooks("old.book_id, new.book_id"),
      columns && changed("sqlite", columns),
    );
    await trigger(`book_json_${table}_delete`, `delete on ${table}`, "books.id = old.book_id");
  }
  // A renamed or reordered category's or genre's books, linked under its old id or its new one.
  await trigger(
    "book_json_categories_update",
    "update of id, name, position on categories",
    ofBooks(`${inCategory("old")} union ${inCategory("new")}`),
    changed("sqlite", "id, name, position"),
  );
  await trigger(
    "book_json_genres_update",
    "update of id, display_name on genres",
    ofBooks(`${inGenre("old")} union ${inGenre("new")}`),
    changed("sqlite", "id, display_name"),
  );
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function book_json_refresh(ids text[]) returns void language sql as ${sql.lit(
    refreshSql("postgres", "books.id = any(ids)"),
  )}`.execute(db);
  /** A trigger function per table; `triggers` are [name suffix, events, WHEN condition] of the triggers calling it. */
  const trigger = async (table: string, ids: string, triggers: [string, string, string?][]) => {
    const fn = `book_json_of_${table}`;
    await sql`create function ${sql.raw(fn)}() returns trigger language plpgsql as ${sql.lit(
      `begin perform book_json_refresh(${ids}); return null; end`,
    )}`.execute(db);
    for (const [suffix, events, when] of triggers)
      await sql`create trigger ${sql.raw(`${fn}_${suffix}`)} after ${sql.raw(events)} on ${sql.table(table)}
        for each row ${sql.raw(when ? `when (${when})` : "")} execute function ${sql.raw(fn)}()`.execute(db);
  };
  const linked =
    "case tg_op when 'INSERT' then array[new.book_id] when 'DELETE' then array[old.book_id] else array[old.book_id, new.book_id] end";
  await trigger("books", "array[new.id]", [
    ["insert", "insert", undefined],
    ["update", `update of ${CARD_COLUMNS}`, changed("postgres", CARD_COLUMNS)],
  ]);
  await trigger("book_genres", linked, [["write", "insert or update or delete"]]);
  await trigger("category_books", linked, [["write", "insert or update or delete"]]);
  await trigger("book_data", linked, [
    ["insert_delete", "insert or delete"],
    ["update", `update of ${DETAIL_DATA_COLUMNS}`, changed("postgres", DETAIL_DATA_COLUMNS)],
  ]);
  await trigger("categories", `array(${inCategory("old")} union ${inCategory("new")})`, [
    ["update", "update of id, name, position", changed("postgres", "id, name, position")],
  ]);
  await trigger("genres", `array(${inGenre("old")} union ${inGenre("new")})`, [
    ["update", "update of id, display_name", changed("postgres", "id, display_name")],
  ]);
}
