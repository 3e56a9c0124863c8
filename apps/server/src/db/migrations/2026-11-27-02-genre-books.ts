import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * `genre_books` is `book_genres` with each book's visibility and sort values copied in, indexed per genre in the
 * order of each catalogue sort, so a genre's page is a walk of exactly the page's entries (docs/catalog.md). Without
 * it a common genre walked the sort index and probed each book's genres (five books walked per book listed at a
 * fifth of the catalogue), and a rare one read and sorted all its rows; PostgreSQL could also plan a scan of all of
 * `book_genres`. Triggers keep it equal to `book_genres` joined with `books` in the writing transaction; a book's
 * score moves its rows here too (one or two rows per star, where a book has that many genres). Filled here.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const double = dialect === "postgres" ? "double precision" : "real";
  await db.schema
    .createTable("genre_books")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("genre_id", "text", (c) => c.notNull().references("genres.id").onDelete("cascade"))
    .addColumn("display", "integer", (c) => c.notNull())
    .addColumn("interaction_score", double, (c) => c.notNull())
    .addColumn("added_date", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("genre_books_pk", ["book_id", "genre_id"])
    .execute();
  for (const [name, column] of [
    ["popular", "interaction_score"],
    ["newest", "added_date"],
    ["title", "title"],
  ] as const)
    await db.schema
      .createIndex(`genre_books_${name}_idx`)
      .on("genre_books")
      .columns(["genre_id", "display", column, "book_id"])
      .execute();

  const copy = (genre: string, where: string) =>
    `insert into genre_books (book_id, genre_id, display, interaction_score, added_date, title)
      select books.id, ${genre}, books.display, books.interaction_score, books.added_date, books.title
      from books where ${where}`;
  const unlink = "delete from genre_books where book_id = old.book_id and genre_id = old.genre_id";
  const update = `update genre_books set display = new.display, interaction_score = new.interaction_score,
    added_date = new.added_date, title = new.title where book_id = new.id`;
  const COPIED = "display, interaction_score, added_date, title";
  const row = (prefix: string) =>
    `(${COPIED.split(", ")
      .map((column) => `${prefix}.${column}`)
      .join(", ")})`;

  if (dialect === "sqlite") {
    await sql`create trigger genre_books_link after insert on book_genres
      begin ${sql.raw(copy("new.genre_id", "books.id = new.book_id"))}; end`.execute(db);
    await sql`create trigger genre_books_unlink after delete on book_genres begin ${sql.raw(unlink)}; end`.execute(db);
    await sql`create trigger genre_books_relink after update on book_genres
      begin ${sql.raw(unlink)}; ${sql.raw(copy("new.genre_id", "books.id = new.book_id"))}; end`.execute(db);
    await sql`create trigger genre_books_book after update of ${sql.raw(COPIED)} on books
      when ${sql.raw(`${row("old")} is not ${row("new")}`)}
      begin ${sql.raw(update)}; end`.execute(db);
  } else {
    await sql`create function genre_books_of_link() returns trigger language plpgsql as ${sql.lit(
      `begin
        if tg_op <> 'INSERT' then ${unlink}; end if;
        if tg_op <> 'DELETE' then ${copy("new.genre_id", "books.id = new.book_id")}; end if;
        return null;
      end`,
    )}`.execute(db);
    await sql`create trigger genre_books_of_link after insert or update or delete on book_genres
      for each row execute function genre_books_of_link()`.execute(db);
    await sql`create function genre_books_of_book() returns trigger language plpgsql as ${sql.lit(
      `begin ${update}; return null; end`,
    )}`.execute(db);
    await sql`create trigger genre_books_of_book after update of ${sql.raw(COPIED)} on books for each row
      when (${sql.raw(`${row("old")} is distinct from ${row("new")}`)}) execute function genre_books_of_book()`.execute(
      db,
    );
  }
  await sql
    .raw(
      `insert into genre_books (book_id, genre_id, display, interaction_score, added_date, title)
      select books.id, book_genres.genre_id, books.display, books.interaction_score, books.added_date, books.title
      from book_genres join books on books.id = book_genres.book_id`,
    )
    .execute(db);
  // Without statistics PostgreSQL reads a whole genre and sorts it rather than walk its index (until autovacuum).
  if (dialect === "postgres") await sql`analyze genre_books, book_json`.execute(db);
}
