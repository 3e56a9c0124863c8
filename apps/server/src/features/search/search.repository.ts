import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { BookRow, Database } from "../../db/schema";
import type { BookFilters, CatalogRepository } from "../catalog";
import type { ProfileRow, UsersRepository } from "../users";

/** The two indexes: searchable books, and people by name and username. */
export type SearchIndex = "books" | "people";

/**
 * A parsed query: every group must match (words in any order), any word of a group may (a typed word and
 * its spelling corrections). Words are folded (lower case, no diacritics), letters and digits only, and
 * match as prefixes.
 */
export type WordGroups = readonly (readonly string[])[];

/** Where SQLite looks up whether a word begins anything: the small title index is enough to decide. */
const SQLITE_WORDS_INDEX = { books: "search_book_titles", people: "search_people" } as const;
/** Spelling candidates come from the words of titles, authors and names (see the migration). */
const SQLITE_VOCABULARY = { books: "search_book_titles_vocab", people: "search_person_names_vocab" } as const;
const POSTGRES_WORD_KIND = { books: "book", people: "person" } as const;

/** Highest code point: `prefix + LAST` is above every word that starts with the prefix. */
const LAST = "\u{10FFFF}";

/**
 * Matches ranked per tier: a query matching more books or people than this (a word in most summaries)
 * is ranked among the first this many the index yields in each tier, which keeps its cost bounded.
 * Suggestions, asked at every keystroke and mostly for a few letters that begin thousands of titles, rank
 * fewer.
 */
export const RANKED_MATCHES_PER_TIER = 500;
export const RANKED_SUGGESTIONS = 100;

/**
 * Every statement search runs, for SQLite (FTS5 with external content, fts5vocab) and PostgreSQL
 * (tsvectors of title and authors and of the whole book, a word list for spelling). The
 * indexes themselves are kept by triggers (migration 2026-11-25-10-search), so nothing here writes
 * outside `reindex`.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly catalog: CatalogRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Of `words`, those that begin no word of the index (they need spelling correction), in one statement. */
  async wordsBeginningNothing(index: SearchIndex, words: readonly string[]): Promise<string[]> {
    const table = sql.table(SQLITE_WORDS_INDEX[index]);
    const probes = words.map((word, at) => {
      const probe =
        this.dialect === "sqlite"
          ? sql`(select rowid from ${table} where ${table} match ${`"${word}"*`} limit 1)`
          : sql`(select 1 from search_words where kind = ${POSTGRES_WORD_KIND[index]}
              and word >= ${word} and word < ${word + LAST} limit 1)`;
      return sql`${probe} as ${sql.ref(`w${at}`)}`;
    });
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join(probes)}`.execute(this.db);
    const found = rows[0] ?? {};
    return words.filter((_, at) => found[`w${at}`] === null || found[`w${at}`] === undefined);
  }

  /**
   * Words of the index that may be `word` misspelled, for the service to measure: those sharing its first
   * three letters and of a length within reach (SQLite reads the title, author and name words through
   * fts5vocab; PostgreSQL keeps them in `search_words`).
   */
  async candidateWords(index: SearchIndex, word: string, limit: number): Promise<string[]> {
    const start = word.slice(0, 3);
    const { rows } =
      this.dialect === "sqlite"
        ? await sql<{ word: string }>`select term as word from ${sql.table(SQLITE_VOCABULARY[index])}
            where term >= ${start} and term < ${start + LAST} and length(term) between ${word.length - 2} and ${word.length + 3}
            limit ${limit}`.execute(this.db)
        : await sql<{ word: string }>`select word from search_words
            where kind = ${POSTGRES_WORD_KIND[index]} and word >= ${start} and word < ${start + LAST}
            and length(word) between ${word.length - 2} and ${word.length + 3}
            limit ${limit}`.execute(this.db);
    return rows.map((row) => row.word);
  }

  /**
   * Searchable books matching every group, filtered like the catalogue: matches in title or authors first
   * (`titleMatch`), then by interaction score. A page within the first tier costs one statement; only a page
   * that reaches past it asks for the books matching in their descriptions alone.
   */
  async searchBooks(
    groups: WordGroups,
    filters: BookFilters,
    page: { limit: number; offset: number },
  ): Promise<(BookRow & { titleMatch: number })[]> {
    const wanted = page.offset + page.limit;
    const inTitles = await this.rankedBooks(this.bookMatches(groups, "title-authors"), filters, wanted);
    if (inTitles.length === wanted) return inTitles.slice(page.offset).map((row) => ({ ...row, titleMatch: 1 }));
    // Every title match these filters let through is in hand (fewer than wanted): the rest match elsewhere.
    const onlyInDescriptions = await this.rankedBooks(
      this.bookMatches(groups, "all"),
      filters,
      wanted - inTitles.length,
      inTitles.map((row) => row.id),
    );
    return [
      ...inTitles.map((row) => ({ ...row, titleMatch: 1 })),
      ...onlyInDescriptions.map((row) => ({ ...row, titleMatch: 0 })),
    ].slice(page.offset);
  }

  /** Books whose title or authors match, for suggestions: ranked among fewer matches, one statement. */
  async suggestBooks(groups: WordGroups, limit: number): Promise<BookRow[]> {
    return this.rankedBooks(
      this.bookMatches(groups, "title-authors", RANKED_SUGGESTIONS),
      { display: undefined },
      limit,
    );
  }

  /**
   * People whose name or username matches every group, by interaction score. PostgreSQL's index is
   * keyed by search id; FTS5 keys documents by rowid (reading the search id back would cost a lookup).
   */
  async searchPeople(
    groups: WordGroups,
    limit: number,
    offset: number,
    ranked = RANKED_MATCHES_PER_TIER,
  ): Promise<ProfileRow[]> {
    const matching =
      this.dialect === "sqlite"
        ? sql`users.rowid in (select rowid from search_people where search_people match ${sqliteMatch(groups)}
            limit ${ranked})`
        : sql`users.search_user_id in (select search_user_id from search_people
            where document @@ to_tsquery('simple', search_fold(${postgresQuery(groups)}))
            limit ${ranked})`;
    return this.users
      .profiles()
      .where(sql<boolean>`${matching}`)
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
        await sql`insert into search_book_titles(search_book_titles) values ('rebuild')`.execute(trx);
        await sql`insert into search_people(search_people) values ('rebuild')`.execute(trx);
        await sql`insert into search_person_names(search_person_names) values ('rebuild')`.execute(trx);
      } else {
        await sql`select search_reindex()`.execute(trx);
      }
    });
  }

  /** The first `limit` books by interaction score among `keys` (a statement yielding their keys). */
  private rankedBooks(
    keys: RawBuilder<unknown>,
    filters: BookFilters,
    limit: number,
    exceptIds: string[] = [],
  ): Promise<BookRow[]> {
    const key = this.dialect === "sqlite" ? sql`books.rowid` : sql`books.id`;
    let query = this.catalog.filtered({ ...filters, display: undefined });
    if (exceptIds.length > 0) query = query.where("books.id", "not in", exceptIds);
    // Only searchable books are indexed, so no display condition: with one, SQLite would walk the
    // popularity index and probe every book instead of looking up the matches.
    return query
      .where(sql<boolean>`${key} in (${keys})`)
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }

  /** The keys of matching books (SQLite rowids, PostgreSQL ids), at most `limit`. */
  private bookMatches(
    groups: WordGroups,
    columns: "all" | "title-authors",
    limit = RANKED_MATCHES_PER_TIER,
  ): RawBuilder<unknown> {
    if (this.dialect === "sqlite") {
      const table = sql.table(columns === "all" ? "search_books" : "search_book_titles");
      return sql`select rowid from ${table} where ${table} match ${sqliteMatch(groups)} limit ${limit}`;
    }
    const vector = sql.ref(columns === "all" ? "document" : "title_document");
    return sql`select book_id from search_books where ${vector} @@ to_tsquery('simple', search_fold(${postgresQuery(groups)}))
      limit ${limit}`;
  }
}

/** FTS5 syntax: `("sherlock"* OR "sherlok"*) AND ("holmes"*)`; words hold only letters and digits. */
function sqliteMatch(groups: WordGroups): string {
  return groups.map((group) => `(${group.map((word) => `"${word}"*`).join(" OR ")})`).join(" AND ");
}

/** tsquery syntax: `('sherlock':* | 'sherlok':*) & ('holmes':*)`. */
function postgresQuery(groups: WordGroups): string {
  return groups.map((group) => `(${group.map((word) => `'${word}':*`).join(" | ")})`).join(" & ");
}
