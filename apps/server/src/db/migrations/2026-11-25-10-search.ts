import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * The search index of books and people, kept by triggers so it changes in the same transaction as the
 * rows it describes, whichever feature writes them. Only searchable books are indexed: shown
 * (`display = 1`) and launched or scheduled, never an unscheduled work in progress. People are indexed
 * by name and username (never email), keyed by `search_user_id`. Each dialect also keeps the index's
 * vocabulary so the search service can correct typos against real words.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Both keep one person per search id.
  await db.schema.createIndex("users_search_user_id_idx").on("users").column("search_user_id").unique().execute();
  if (dialect === "sqlite") await upSqlite(db);
  else await upPostgres(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // FTS5 over views of what may be found (external content: the text lives once, in books and users).
  // The index's rowid is the row's rowid; `rebuild` re-reads the views, which is `quire search reindex`.
  await sql`create view search_book_source as
    select rowid as book_rowid, title, authors, summary from books where display = 1 and status <> 'wip'`.execute(db);
  await sql`create virtual table search_books using fts5(
    title, authors, summary,
    content = 'search_book_source', content_rowid = 'book_rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', detail = column)`.execute(db);
  // Title and authors again, on their own: the first ranking tier, and a vocabulary small enough for
  // fts5vocab to scan for spelling corrections (it counts each word's documents as it goes).
  await sql`create virtual table search_book_titles using fts5(
    title, authors,
    content = 'search_book_source', content_rowid = 'book_rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', detail = column)`.execute(db);
  await sql`create virtual table search_book_titles_vocab using fts5vocab(search_book_titles, 'row')`.execute(db);

  const bookColumns = (row: "new" | "old") => sql.raw(`${row}.rowid, ${row}.title, ${row}.authors, ${row}.summary`);
  const titleColumns = (row: "new" | "old") => sql.raw(`${row}.rowid, ${row}.title, ${row}.authors`);
  const searchable = (row: "new" | "old") => sql.raw(`${row}.display = 1 and ${row}.status <> 'wip'`);
  const indexBook = sql`
    insert into search_books(rowid, title, authors, summary) values (${bookColumns("new")});
    insert into search_book_titles(rowid, title, authors) values (${titleColumns("new")});`;
  // An external-content index forgets a row by being told the values it indexed, so only rows it holds.
  const forgetBook = sql`
    insert into search_books(search_books, rowid, title, authors, summary) values ('delete', ${bookColumns("old")});
    insert into search_book_titles(search_book_titles, rowid, title, authors) values ('delete', ${titleColumns("old")});`;
  await sql`create trigger search_books_insert after insert on books when ${searchable("new")} begin
    ${indexBook}
  end`.execute(db);
  // One trigger, forgetting before indexing: SQLite gives no order between two triggers on the same event, and
  // indexing the new values before forgetting equal old ones would take the unchanged book out of the index.
  const onlyIf = (row: "new" | "old") => sql.raw(`where ${row}.display = 1 and ${row}.status <> 'wip'`);
  await sql`create trigger search_books_update after update of title, authors, summary, display, status on books begin
    insert into search_books(search_books, rowid, title, authors, summary)
      select 'delete', ${bookColumns("old")} ${onlyIf("old")};
    insert into search_book_titles(search_book_titles, rowid, title, authors)
      select 'delete', ${titleColumns("old")} ${onlyIf("old")};
    insert into search_books(rowid, title, authors, summary) select ${bookColumns("new")} ${onlyIf("new")};
    insert into search_book_titles(rowid, title, authors) select ${titleColumns("new")} ${onlyIf("new")};
  end`.execute(db);
  await sql`create trigger search_books_delete after delete on books when ${searchable("old")} begin
    ${forgetBook}
  end`.execute(db);

  await sql`create view search_person_source as
    select rowid as user_rowid, first_name || ' ' || last_name as name, username, search_user_id from users`.execute(
    db,
  );
  await sql`create virtual table search_people using fts5(
    name, username, search_user_id unindexed,
    content = 'search_person_source', content_rowid = 'user_rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', detail = column)`.execute(db);
  // Names again, on their own, for spelling candidates: every username is a word of its own, and
  // fts5vocab would have to step over all of them.
  await sql`create virtual table search_person_names using fts5(
    name, content = 'search_person_source', content_rowid = 'user_rowid',
    tokenize = 'unicode61 remove_diacritics 2', detail = column)`.execute(db);
  await sql`create virtual table search_person_names_vocab using fts5vocab(search_person_names, 'row')`.execute(db);

  const personColumns = (row: "new" | "old") =>
    sql.raw(`${row}.rowid, ${row}.first_name || ' ' || ${row}.last_name, ${row}.username, ${row}.search_user_id`);
  const nameColumns = (row: "new" | "old") => sql.raw(`${row}.rowid, ${row}.first_name || ' ' || ${row}.last_name`);
  const indexPerson = sql`
    insert into search_people(rowid, name, username, search_user_id) values (${personColumns("new")});
    insert into search_person_names(rowid, name) values (${nameColumns("new")});`;
  const forgetPerson = sql`
    insert into search_people(search_people, rowid, name, username, search_user_id) values ('delete', ${personColumns("old")});
    insert into search_person_names(search_person_names, rowid, name) values ('delete', ${nameColumns("old")});`;
  await sql`create trigger search_people_insert after insert on users begin
    ${indexPerson}
  end`.execute(db);
  await sql`create trigger search_people_update after update of first_name, last_name, username, search_user_id on users begin
    ${forgetPerson}
    ${indexPerson}
  end`.execute(db);
  await sql`create trigger search_people_delete after delete on users begin
    ${forgetPerson}
  end`.execute(db);

  await sql`insert into search_books(search_books) values ('rebuild')`.execute(db);
  await sql`insert into search_book_titles(search_book_titles) values ('rebuild')`.execute(db);
  await sql`insert into search_people(search_people) values ('rebuild')`.execute(db);
  await sql`insert into search_person_names(search_person_names) values ('rebuild')`.execute(db);
}

/** True when the error is another connection having created the same extension a moment before. */
function isConcurrentCreate(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "23505" || code === "42710";
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Extensions belong to the whole database: they live in `public` (a schema's drop must not take them
  // along) and are named with it, since a connection's search path may not include it.
  for (const extension of ["unaccent", "pg_trgm"]) {
    try {
      await sql`create extension if not exists ${sql.raw(extension)} with schema public`.execute(db);
    } catch (error) {
      if (!isConcurrentCreate(error)) throw error;
    }
  }
  // unaccent() with the dictionary named explicitly: the one-argument form looks it up on the search path.
  await sql`create function search_fold(text) returns text language sql stable parallel safe
    as $$ select public.unaccent('public.unaccent'::regdictionary, lower(coalesce($1, ''))) $$`.execute(db);
  // Title and authors (the first ranking tier) get a vector of their own, so the index answers that tier
  // directly; the whole document adds the summary.
  await sql`create function search_title_document(title text, authors text) returns tsvector
    language sql stable parallel safe as $$ select to_tsvector('simple', search_fold(title || ' ' || authors)) $$`.execute(
    db,
  );
  await sql`create function search_book_document(title text, authors text, summary text) returns tsvector
    language sql stable parallel safe as $$
    select search_title_document(title, authors) || to_tsvector('simple', search_fold(summary)) $$`.execute(db);
  await sql`create function search_person_document(first_name text, last_name text, username text) returns tsvector
    language sql stable parallel safe as $$
    select to_tsvector('simple', search_fold(first_name || ' ' || last_name || ' ' || username)) $$`.execute(db);

  await sql`create table search_books (
    book_id text primary key not null references books(id) on delete cascade,
    title_document tsvector not null,
    document tsvector not null)`.execute(db);
  await sql`create index search_books_title_document_idx on search_books using gin (title_document)`.execute(db);
  await sql`create index search_books_document_idx on search_books using gin (document)`.execute(db);
  await sql`create table search_people (
    search_user_id text primary key not null,
    user_id text not null unique references users(id) on delete cascade,
    document tsvector not null)`.execute(db);
  await sql`create index search_people_document_idx on search_people using gin (document)`.execute(db);
  // Every word either index has held, for typo correction (pg_trgm similarity among the words sharing
  // the first three letters); byte order (collate "C") lets the primary key answer "which words start
  // with …". Words only go on a reindex: a stale word can only suggest a spelling that matches nothing.
  await sql`create table search_words (kind text not null, word text collate "C" not null, primary key (kind, word))`.execute(
    db,
  );

  await sql`create function search_books_sync() returns trigger language plpgsql as $$
    declare doc tsvector;
    begin
      if new.display = 1 and new.status <> 'wip' then
        doc := search_book_document(new.title, new.authors, new.summary);
        insert into search_books (book_id, title_document, document)
          values (new.id, search_title_document(new.title, new.authors), doc)
          on conflict (book_id) do update set title_document = excluded.title_document, document = excluded.document;
        insert into search_words (kind, word) select 'book', w from unnest(tsvector_to_array(doc)) as w
          on conflict do nothing;
      else
        delete from search_books where book_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_books_sync after insert or update of title, authors, summary, display, status
    on books for each row execute function search_books_sync()`.execute(db);

  await sql`create function search_people_sync() returns trigger language plpgsql as $$
    declare doc tsvector;
    begin
      doc := search_person_document(new.first_name, new.last_name, new.username);
      delete from search_people where user_id = new.id and search_user_id <> new.search_user_id;
      insert into search_people (search_user_id, user_id, document) values (new.search_user_id, new.id, doc)
        on conflict (search_user_id) do update set document = excluded.document;
      insert into search_words (kind, word) select 'person', w from unnest(tsvector_to_array(doc)) as w
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_people_sync after insert or update of first_name, last_name, username, search_user_id
    on users for each row execute function search_people_sync()`.execute(db);

  // The whole rebuild, for this migration and `quire search reindex`.
  await sql`create function search_reindex() returns void language plpgsql as $$
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
        select distinct 'book', w from search_books, unnest(tsvector_to_array(document)) as w;
      insert into search_words (kind, word)
        select distinct 'person', w from search_people, unnest(tsvector_to_array(document)) as w;
    end $$`.execute(db);
  await sql`select search_reindex()`.execute(db);
}
