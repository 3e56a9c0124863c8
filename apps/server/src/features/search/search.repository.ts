import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { BookRow, Database } from "../../db/schema";
import type { BookFilters, CatalogRepository } from "../catalog/catalog.repository";
import type { ProfileRow, UsersRepository } from "../users/users.repository";

/** The two indexes: searchable books, and people by name and username. */
export type SearchIndex = "books" | "people";

/**
 * A parsed query: every group must match (words in any order), any word of a group may (a typed word and
 * its spelling corrections). Words are folded (lower case, no diacritics), letters and digits only, and
 * match as prefixes.
 */
export type WordGroups = readonly (readonly string[])[];

const SQLITE_VOCABULARY = { books: "search_books_vocab", people: "search_people_vocab" } as const;
const POSTGRES_WORD_KIND = { books: "book", people: "person" } as const;

/** Highest code point: `prefix + LAST` is above every word that starts with the prefix. */
const LAST = "\u{10FFFF}";

/**
 * Every statement search runs, for SQLite (FTS5 with external content, fts5vocab) and PostgreSQL
 * (tsvector with weights, pg_trgm over the word list). The indexes themselves are kept by triggers
 * (migration 2026-11-25-10-search), so nothing here writes outside `reindex`.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly catalog: CatalogRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Whether `word` is a whole word of the index (then it needs no spelling correction). */
  async hasWord(index: SearchIndex, word: string): Promise<boolean> {
    const query =
      this.dialect === "sqlite"
        ? sql`select 1 from ${sql.table(SQLITE_VOCABULARY[index])} where term = ${word} limit 1`
        : sql`select 1 from search_words where kind = ${POSTGRES_WORD_KIND[index]} and word = ${word} limit 1`;
    const { rows } = await query.execute(this.db);
    return rows.length > 0;
  }

  /**
   * Words of the index that may be `word` misspelled, for the service to measure: on PostgreSQL those
   * sharing enough trigrams, on SQLite those sharing the first two letters (fts5vocab can only range
   * over terms).
   */
  async candidateWords(index: SearchIndex, word: string, limit: number): Promise<string[]> {
    if (this.dialect === "sqlite") {
      const start = word.slice(0, 2);
      const { rows } = await sql<{ term: string }>`select term from ${sql.table(SQLITE_VOCABULARY[index])}
        where term >= ${start} and term < ${start + LAST} and length(term) between ${word.length - 2} and ${word.length + 3}
        limit ${limit}`.execute(this.db);
      return rows.map((row) => row.term);
    }
    const { rows } = await sql<{ word: string }>`select word from search_words
      where kind = ${POSTGRES_WORD_KIND[index]} and word operator(public.%) ${word}
      order by public.similarity(word, ${word}) desc limit ${limit}`.execute(this.db);
    return rows.map((row) => row.word);
  }

  /**
   * Searchable books matching every group, filtered like the catalogue: matches in title or authors
   * first, then by interaction score.
   */
  async searchBooks(groups: WordGroups, filters: BookFilters, limit: number, offset: number): Promise<BookRow[]> {
    const inTitleOrAuthors = this.bookMatches(groups, "title-authors");
    return this.catalog
      .filtered(filters)
      .where(sql<boolean>`${this.bookKey()} in (${this.bookMatches(groups, "all")})`)
      .orderBy(sql`case when ${this.bookKey()} in (${inTitleOrAuthors}) then 0 else 1 end`)
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** People whose name or username matches every group, by interaction score. */
  async searchPeople(groups: WordGroups, limit: number, offset: number): Promise<ProfileRow[]> {
    const matches =
      this.dialect === "sqlite"
        ? sql`select search_user_id from search_people where search_people match ${sqliteMatch(groups)}`
        : sql`select search_user_id from search_people where document @@ to_tsquery('simple', search_fold(${postgresQuery(groups, "")}))`;
    return this.users
      .profiles()
      .where(sql<boolean>`users.search_user_id in (${matches})`)
      .orderBy("users.interactionScore", "desc")
      .orderBy("users.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Rebuilds both indexes (and the word list) from the tables, in one transaction. */
  async reindex(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === "sqlite") {
        await sql`insert into search_books(search_books) values ('rebuild')`.execute(trx);
        await sql`insert into search_people(search_people) values ('rebuild')`.execute(trx);
      } else {
        await sql`select search_reindex()`.execute(trx);
      }
    });
  }

  /** The column a book's index entry is keyed by: SQLite's rowid, PostgreSQL's id. */
  private bookKey(): RawBuilder<unknown> {
    return this.dialect === "sqlite" ? sql`books.rowid` : sql`books.id`;
  }

  private bookMatches(groups: WordGroups, columns: "all" | "title-authors"): RawBuilder<unknown> {
    if (this.dialect === "sqlite") {
      const match = sqliteMatch(groups);
      return sql`select rowid from search_books where search_books match ${columns === "all" ? match : `{title authors} : (${match})`}`;
    }
    const query = postgresQuery(groups, columns === "all" ? "" : "A");
    return sql`select book_id from search_books where document @@ to_tsquery('simple', search_fold(${query}))`;
  }
}

/** FTS5 syntax: `("sherlock"* OR "sherlok"*) AND ("holmes"*)`; words hold only letters and digits. */
function sqliteMatch(groups: WordGroups): string {
  return groups.map((group) => `(${group.map((word) => `"${word}"*`).join(" OR ")})`).join(" AND ");
}

/** tsquery syntax: `('sherlock':* | 'sherlok':*) & ('holmes':*)`, optionally restricted to weight A. */
function postgresQuery(groups: WordGroups, weights: "" | "A"): string {
  return groups.map((group) => `(${group.map((word) => `'${word}':*${weights}`).join(" | ")})`).join(" & ");
}
