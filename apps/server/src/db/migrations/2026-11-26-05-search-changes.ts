import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Search moves into each server process's memory (features/search/memory-index.ts), kept current from
 * `search_changes`: triggers note, in the writing transaction, every book and person whose searchable text,
 * visibility or interaction score changed (`book`/`person`, or `book-score`/`person-score` when only the
 * score did, which costs the index no word lists; a person becoming or ceasing to be an author, for suggestions;
 * `genre` for any change of the genre list), and each process applies the notes before it answers.
 * The database full-text indexes, their triggers and word lists go: nothing reads them any more, and every
 * write paid for them.
 *
 * PostgreSQL notes carry the writing transaction's id: sequence numbers are handed out before commit, so a
 * later number can become visible first, while transaction ids below the snapshot's `xmin` are all settled.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") await upSqlite(db);
  else await upPostgres(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    "search_books_insert",
    "search_books_update",
    "search_books_delete",
    "search_people_insert",
    "search_people_update",
    "search_people_delete",
  ])
    await sql`drop trigger if exists ${sql.table(trigger)}`.execute(db);
  for (const table of [
    "search_book_titles_vocab",
    "search_person_names_vocab",
    "search_books",
    "search_book_titles",
    "search_people",
    "search_person_names",
  ])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  await sql`drop view if exists search_book_source`.execute(db);
  await sql`drop view if exists search_person_source`.execute(db);

  await sql`create table search_changes (
    seq integer primary key autoincrement,
    kind text not null,
    ref_id text not null,
    changed_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`.execute(db);
  const searchable = (row: "new" | "old") => `${row}.display = 1 and ${row}.status <> 'wip'`;
  /** `kind` is an SQL expression: a quoted kind, or a case choosing one. */
  const note = (kind: string, row: "new" | "old") =>
    sql.raw(`insert into search_changes (kind, ref_id) values (${kind}, ${row}.id);`);
  const unchanged = (columns: string[]) => columns.map((column) => `old.${column} is new.${column}`).join(" and ");
  const bookKind = `case when ${unchanged(["title", "authors", "summary", "display", "status"])} then 'book-score' else 'book' end`;
  const personKind = `case when ${unchanged(["first_name", "last_name", "username"])} then 'person-score' else 'person' end`;
  await sql`create trigger search_books_insert after insert on books when ${sql.raw(searchable("new"))}
    begin ${note("'book'", "new")} end`.execute(db);
  await sql`create trigger search_books_update
    after update of title, authors, summary, display, status, interaction_score on books
    when ${sql.raw(`(${searchable("old")}) or (${searchable("new")})`)}
    begin ${note(bookKind, "new")} end`.execute(db);
  await sql`create trigger search_books_delete after delete on books when ${sql.raw(searchable("old"))}
    begin ${note("'book'", "old")} end`.execute(db);
  await sql`create trigger search_people_insert after insert on users begin ${note("'person'", "new")} end`.execute(db);
  await sql`create trigger search_people_update
    after update of first_name, last_name, username, interaction_score on users
    begin ${note(personKind, "new")} end`.execute(db);
  await sql`create trigger search_people_delete after delete on users begin ${note("'person'", "old")} end`.execute(db);
  await sql`create trigger search_authors_insert after insert on authors begin ${note("'person'", "new")} end`.execute(
    db,
  );
  await sql`create trigger search_authors_delete after delete on authors begin ${note("'person'", "old")} end`.execute(
    db,
  );
  for (const event of ["insert", "update", "delete"])
    await sql`create trigger ${sql.table(`search_genres_${event}`)} after ${sql.raw(event)} on genres
      begin insert into search_changes (kind, ref_id) values ('genre', '*'); end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists search_books_sync on books`.execute(db);
  await sql`drop trigger if exists search_people_sync on users`.execute(db);
  await sql`drop table if exists search_books, search_people, search_words`.execute(db);
  await sql`drop function if exists search_books_sync(), search_people_sync(), search_reindex(),
    search_book_document(text, text, text), search_title_document(text, text),
    search_person_document(text, text, text), search_fold(text)`.execute(db);

  await sql`create table search_changes (
    seq bigserial primary key,
    kind text not null,
    ref_id text not null,
    xid xid8 not null default pg_current_xact_id(),
    changed_at timestamptz not null default now())`.execute(db);
  await sql`create index search_changes_xid_idx on search_changes (xid)`.execute(db);
  await sql`create function search_note_book() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.display = 1 and old.status <> 'wip' then
          insert into search_changes (kind, ref_id) values ('book', old.id);
        end if;
      elsif tg_op = 'INSERT' then
        if new.display = 1 and new.status <> 'wip' then
          insert into search_changes (kind, ref_id) values ('book', new.id);
        end if;
      elsif (new.display = 1 and new.status <> 'wip') or (old.display = 1 and old.status <> 'wip') then
        insert into search_changes (kind, ref_id) values (
          case when (old.title, old.authors, old.summary, old.display, old.status)
            is not distinct from (new.title, new.authors, new.summary, new.display, new.status)
          then 'book-score' else 'book' end,
          new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_note_book
    after insert or update of title, authors, summary, display, status, interaction_score or delete on books
    for each row execute function search_note_book()`.execute(db);
  await sql`create function search_note_person() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into search_changes (kind, ref_id) values ('person', old.id);
      elsif tg_op = 'INSERT' then
        insert into search_changes (kind, ref_id) values ('person', new.id);
      else
        insert into search_changes (kind, ref_id) values (
          case when (old.first_name, old.last_name, old.username) is not distinct from (new.first_name, new.last_name, new.username)
          then 'person-score' else 'person' end,
          new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_note_person
    after insert or update of first_name, last_name, username, interaction_score or delete on users
    for each row execute function search_note_person()`.execute(db);
  await sql`create function search_note_author() returns trigger language plpgsql as $$
    begin
      insert into search_changes (kind, ref_id) values ('person', case when tg_op = 'DELETE' then old.id else new.id end);
      return null;
    end $$`.execute(db);
  await sql`create trigger search_note_author after insert or delete on authors
    for each row execute function search_note_author()`.execute(db);
  await sql`create function search_note_genres() returns trigger language plpgsql as $$
    begin
      insert into search_changes (kind, ref_id) values ('genre', '*');
      return null;
    end $$`.execute(db);
  await sql`create trigger search_note_genres after insert or update or delete on genres
    for each statement execute function search_note_genres()`.execute(db);
}
