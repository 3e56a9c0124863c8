import type { Book } from "@quire/core";
import {
  AppError,
  decodeCursor,
  encodeCursor,
  type Page,
  type PublicProfile,
  SEARCH_PAGE_SIZE,
  SEARCH_SUGGESTIONS_MAX,
  type SearchQuery,
  type SearchResults,
  type Suggestion,
} from "@quire/core";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import { presentPublicProfile } from "../users";
import { bookSuggestion, genreSuggestion, personSuggestion } from "./search.presenter";
import { RANKED_SUGGESTIONS, type SearchIndex, type SearchRepository, type WordGroups } from "./search.repository";
import { corrections, searchWords } from "./spelling";

/** A longer query says nothing the first words have not; it would only cost more. */
const MAX_WORDS = 8;
/** Index words fetched per unknown word, and spellings kept of them. */
const CANDIDATES_PER_WORD = 100;
const CORRECTIONS_PER_WORD = 4;
const SUGGESTED = { books: 4, people: 3, genres: 2 } as const;

/** Search rules: parsing and correcting the query, paging, and which results a query brings. */
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  async search(query: SearchQuery): Promise<SearchResults> {
    const offset = query.cursor ? offsetOf(query.cursor) : 0;
    const words = this.words(query.q);
    const empty = { items: [], nextCursor: null };
    const [books, people] = await Promise.all([
      query.kind === "people" ? empty : this.books(words, query, offset),
      query.kind === "books" ? empty : this.people(words, offset),
    ]);
    return { books, people };
  }

  /** At most eight: books by title or author first, then authors and people, then genres. */
  async suggest(text: string): Promise<{ items: Suggestion[] }> {
    const words = this.words(text);
    const [books, people, genres] = await Promise.all([
      this.corrected("books", words, (groups) => this.repository.suggestBooks(groups, SUGGESTED.books)),
      this.corrected("people", words, (groups) =>
        this.repository.searchPeople(groups, SUGGESTED.people, 0, RANKED_SUGGESTIONS),
      ),
      this.catalog.listGenres(),
    ]);
    const matchingGenres = genres
      .filter((genre) => {
        const genreWords = searchWords(genre.displayName);
        return words.every((word) => genreWords.some((genreWord) => genreWord.startsWith(word)));
      })
      .slice(0, SUGGESTED.genres)
      .map(genreSuggestion);
    const items = [...books.map(bookSuggestion), ...people.map(personSuggestion), ...matchingGenres];
    return { items: items.slice(0, SEARCH_SUGGESTIONS_MAX) };
  }

  private words(text: string): string[] {
    const all = [...new Set(searchWords(text))];
    if (all.length === 0) throw new AppError("invalid-argument", "Search for words made of letters or digits.");
    // A single letter beside longer words ("holmes s", a word being typed) begins nearly every book: it
    // would narrow almost nothing and cost a scan of the whole index.
    const telling = all.filter((word) => word.length > 1);
    return (telling.length > 0 ? telling : all).slice(0, MAX_WORDS);
  }

  /**
   * Runs `find` with the words as typed, each matching as the beginning of a word. A word that begins
   * nothing in the index also matches its closest spellings there, so "sherlok holms" looks for (sherlok*
   * or sherlock*) and (holms* or holmes*). Most queries need no correction, and a result that matched in
   * title, authors or name shows every word begins something there: then the index is not asked again.
   */
  private async corrected<Row>(
    index: SearchIndex,
    words: string[],
    find: (groups: WordGroups) => Promise<Row[]>,
    allWordsKnown: (rows: Row[]) => boolean = (rows) => rows.length > 0,
  ): Promise<Row[]> {
    const typed = words.map((word) => [word]);
    const rows = await find(typed);
    if (allWordsKnown(rows)) return rows;
    const unknown = new Set(await this.repository.wordsBeginningNothing(index, words));
    if (unknown.size === 0) return rows;
    const groups = await Promise.all(
      words.map(async (word) => {
        if (!unknown.has(word)) return [word];
        const candidates = await this.repository.candidateWords(index, word, CANDIDATES_PER_WORD);
        return [word, ...corrections(word, candidates, CORRECTIONS_PER_WORD)];
      }),
    );
    return groups.some((group) => group.length > 1) ? find(groups) : rows;
  }

  private async books(words: string[], query: SearchQuery, offset: number): Promise<Page<Book>> {
    const filters = {
      display: 1 as const,
      genre: query.genre,
      category: query.category,
      source: query.source,
      status: query.status,
      completionStatus: query.completionStatus,
    };
    const page = { limit: SEARCH_PAGE_SIZE + 1, offset };
    // Only the first page's first row says whether any book matched in title or authors.
    const rows = await this.corrected(
      "books",
      words,
      (groups) => this.repository.searchBooks(groups, filters, page),
      (found) => offset === 0 && found[0]?.titleMatch === 1,
    );
    return pageOf(await presentBookSummaries(this.catalog, rows.slice(0, SEARCH_PAGE_SIZE)), rows.length, offset);
  }

  private async people(words: string[], offset: number): Promise<Page<PublicProfile>> {
    const rows = await this.corrected(
      "people",
      words,
      (groups) => this.repository.searchPeople(groups, SEARCH_PAGE_SIZE + 1, offset),
      (found) => offset === 0 && found.length > 0,
    );
    return pageOf(rows.slice(0, SEARCH_PAGE_SIZE).map(presentPublicProfile), rows.length, offset);
  }
}

/** Search pages by position: results have no stable key to resume after (their order depends on the query). */
function pageOf<T>(items: T[], fetched: number, offset: number): Page<T> {
  const next = offset + SEARCH_PAGE_SIZE;
  return { items, nextCursor: fetched > SEARCH_PAGE_SIZE ? encodeCursor([next, "offset"]) : null };
}

function offsetOf(cursor: string): number {
  const key = decodeCursor(cursor);
  const offset = key?.[0];
  if (key?.[1] !== "offset" || typeof offset !== "number" || !Number.isInteger(offset) || offset < 0)
    throw new AppError("invalid-argument", "Invalid cursor");
  return offset;
}
