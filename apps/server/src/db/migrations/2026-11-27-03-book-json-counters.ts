import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * `book_json.counters` ends each card with the book's counters (`nUserStarred` … `lastInteractedAt` and the
 * closing brace), so a list reads `card || counters` from `book_json` alone after its index walk, instead of also
 * reading every listed book's `books` row (a third of the list statement on SQLite). A trigger rewrites this one
 * short column when a counter changes (a star, a reading counter, an account deletion); it upserts, so it is right
 * whichever of a new book's triggers runs first. Filled here.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("book_json")
    .addColumn("counters", "text", (c) => c.notNull().defaultTo("}"))
    .execute();
  const columns = "n_user_starred, n_current_reads, n_finished_reads, interaction_score, last_interacted_at";
  const upsert = `insert into book_json (book_id, card, detail, counters) values (new.id, '', '', ${countersSql(dialect, "new")})
    on conflict (book_id) do update set counters = excluded.counters`;
  if (dialect === "sqlite") {
    const names = columns.split(", ");
    const changed = names.map((name) => `old.${name} is not new.${name}`).join(" or ");
    await sql`create trigger book_json_counters_insert after insert on books begin ${sql.raw(upsert)}; end`.execute(db);
    await sql`create trigger book_json_counters_update after update of ${sql.raw(columns)} on books
      when ${sql.raw(changed)} begin ${sql.raw(upsert)}; end`.execute(db);
  } else {
    const row = (prefix: string) => `(${columns.replace(/(\w+)/g, `${prefix}.$1`)})`;
    await sql`create function book_json_of_counters() returns trigger language plpgsql as ${sql.lit(
      `begin ${upsert}; return null; end`,
    )}`.execute(db);
    await sql`create trigger book_json_of_counters_insert after insert on books
      for each row execute function book_json_of_counters()`.execute(db);
    await sql`create trigger book_json_of_counters_update after update of ${sql.raw(columns)} on books for each row
      when (${sql.raw(`${row("old")} is distinct from ${row("new")}`)}) execute function book_json_of_counters()`.execute(
      db,
    );
  }
  const fill = `update book_json set counters = (select ${countersSql(dialect, "books")} from books where books.id = book_json.book_id)`;
  if (dialect === "postgres") {
    // For bulk loads that run with triggers off (bench/scale/fixture.ts).
    await sql`create function book_json_refresh_counters(ids text[]) returns void language sql as ${sql.lit(
      `${fill} where book_json.book_id = any(ids)`,
    )}`.execute(db);
  }
  await sql.raw(fill).execute(db);
}

/**
 * The counters of `row` as JSON members and the closing brace. SQLite's json_object prints a REAL as JavaScript does
 * except whole numbers (`12.0`); PostgreSQL prints a double as JavaScript does.
 */
function countersSql(dialect: DialectName, row: string): string {
  if (dialect === "sqlite") {
    const score = `case when ${row}.interaction_score = cast(${row}.interaction_score as integer) then cast(${row}.interaction_score as integer) else ${row}.interaction_score end`;
    return `substr(json_object('nUserStarred', ${row}.n_user_starred, 'nCurrentReads', ${row}.n_current_reads, 'nFinishedReads', ${row}.n_finished_reads, 'interactionScore', ${score}, 'lastInteractedAt', ${row}.last_interacted_at), 2)`;
  }
  return `'"nUserStarred":' || ${row}.n_user_starred || ',"nCurrentReads":' || ${row}.n_current_reads || ',"nFinishedReads":' || ${row}.n_finished_reads || ',"interactionScore":' || ${row}.interaction_score || ',"lastInteractedAt":' || coalesce(to_json(${row}.last_interacted_at)::text, 'null') || '}'`;
}
