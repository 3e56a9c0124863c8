import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Search indexes rebuilt for speed.
 *
 * SQLite: prefix indexes up to six letters, so a word being typed ("quin") reads one list instead of merging
 * every word it begins, and `detail = none` (search asks only which rows match, never where), half the size.
 *
 * PostgreSQL: GIN indexes without the pending list. With `fastupdate` on, new entries wait in an unsorted list
 * that every search reads through until a vacuum merges it: with a few thousand recent books that list cost a
 * search 20 ms. Each write now updates the index directly, a little slower. Book words for spelling come
 * from titles and authors only, as on SQLite: a word found only in descriptions is still corrected, and the
 * list the trigram similarity ranks is far shorter.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") await rebuildFts5Indexes(db);
  else await speedUpPostgres(db);
}

async function rebuildFts5Indexes(db: Kysely<unknown>): Promise<void> {
  const options = sql.raw(`tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6', detail = none`);
  const indexes = [
    { name: "search_books", columns: "title, authors, summary", source: "search_book_source", key: "book_rowid" },
    { name: "search_book_titles", columns: "title, authors", source: "search_book_source", key: "book_rowid" },
    {
      name: "search_people",
      columns: "name, username, search_user_id unindexed",
      source: "search_person_source",
      key: "user_rowid",
    },
  ];
  // The triggers and the fts5vocab tables name these tables, and find the new ones by name.
  for (const index of indexes) {
    await sql`drop table ${sql.table(index.name)}`.execute(db);
    await sql`create virtual table ${sql.table(index.name)} using fts5(${sql.raw(index.columns)},
      content = ${sql.lit(index.source)}, content_rowid = ${sql.lit(index.key)}, ${options})`.execute(db);
    await sql`insert into ${sql.table(index.name)}(${sql.table(index.name)}) values ('rebuild')`.execute(db);
  }
}

async function speedUpPostgres(db: Kysely<unknown>): Promise<void> {
  for (const index of ["search_books_title_document_idx", "search_books_document_idx", "search_people_document_idx"]) {
    await sql`alter index ${sql.table(index)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
  await sql`create or replace function search_books_sync() returns trigger language plpgsql as $$
    declare titles tsvector;
    begin
      if new.display = 1 and new.status <> 'wip' then
        titles := search_title_document(new.title, new.authors);
        insert into search_books (book_id, title_document, document)
          values (new.id, titles, search_book_document(new.title, new.authors, new.summary))
          on conflict (book_id) do update set title_document = excluded.title_document, document = excluded.document;
        insert into search_words (kind, word) select 'book', w from unnest(tsvector_to_array(titles)) as w
          on conflict do nothing;
      else
        delete from search_books where book_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create or replace function search_reindex() returns void language plpgsql as $$
    begin
      delete from search_books;
      delete from search_people;
      delete from search_words;
      insert into search_books (book_id, title_document, document)
        select id, search_title_document(title, authors), search_book_document(title, authors, summary)
        from books where display = 1 and status <> 'wip';
      insert into search_people (search_user_id, user_id, document)
        select search_user_id, id, search_person_document(first_name, last_name, username) from users;
      insert into search_words (kind, word)
        select distinct 'book', w from search_books, unnest(tsvector_to_array(title_document)) as w;
      insert into search_words (kind, word)
        select distinct 'person', w from search_people, unnest(tsvector_to_array(document)) as w;
    end $$`.execute(db);
  await sql`delete from search_words where kind = 'book'`.execute(db);
  await sql`insert into search_words (kind, word)
    select distinct 'book', w from search_books, unnest(tsvector_to_array(title_document)) as w`.execute(db);
}
