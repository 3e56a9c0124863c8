import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * `book_json.display` copies `books.display`, so the book page reads `book_json` alone, its visibility and its JSON
 * under one key, instead of also looking the book up in `books`: that lookup was a quarter of PostgreSQL's CPU for a
 * batch of book pages. Its own trigger upserts it, as the counters' does, right whichever of a new book's triggers
 * runs first. It defaults to hidden, so a row a trigger missed would hide a book rather than show one. Filled here.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("book_json")
    .addColumn("display", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  const upsert = `insert into book_json (book_id, card, detail, display) values (new.id, '', '', new.display)
    on conflict (book_id) do update set display = excluded.display`;
  if (dialect === "sqlite") {
    await sql`create trigger book_json_display_insert after insert on books begin ${sql.raw(upsert)}; end`.execute(db);
    await sql`create trigger book_json_display_update after update of display on books
      when old.display is not new.display begin ${sql.raw(upsert)}; end`.execute(db);
  } else {
    await sql`create function book_json_of_display() returns trigger language plpgsql as ${sql.lit(
      `begin ${upsert}; return null; end`,
    )}`.execute(db);
    await sql`create trigger book_json_of_display_insert after insert on books
      for each row execute function book_json_of_display()`.execute(db);
    await sql`create trigger book_json_of_display_update after update of display on books for each row
      when (old.display is distinct from new.display) execute function book_json_of_display()`.execute(db);
  }
  const fill = "update book_json set display = (select display from books where books.id = book_json.book_id)";
  if (dialect === "postgres") {
    // For bulk loads that run with triggers off (bench/scale/fixture.ts).
    await sql`create function book_json_refresh_display(ids text[]) returns void language sql as ${sql.lit(
      `${fill} where book_json.book_id = any(ids)`,
    )}`.execute(db);
  }
  await sql.raw(fill).execute(db);
}
