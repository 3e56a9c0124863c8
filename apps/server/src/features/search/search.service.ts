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
import type { CatalogRepository } from "../catalog/catalog.repository";
import { presentBookSummaries } from "../library/book-summaries";
import { presentPublicProfile } from "../users/users.presenter";
import { bookSuggestion, genreSuggestion, personSuggestion } from "./search.presenter";
import type { SearchIndex, SearchRepository, WordGroups } from "./search.repository";
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
      this.repository
        .searchBooks(
          await this.groups("books", words),
          { display: 1 },
          {
            limit: SUGGESTED.books,
            offset: 0,
            where: "title-authors",
          },
        )
        .then((rows) => rows.map(bookSuggestion)),
      this.groups("people", words).then((groups) => this.repository.searchPeople(groups, SUGGESTED.people, 0)),
      this.catalog.listGenres(),
    ]);
    const matchingGenres = genres
      .filter((genre) => {
        const genreWords = searchWords(genre.displayName);
        return words.every((word) => genreWords.some((genreWord) => genreWord.startsWith(word)));
      })
      .slice(0, SUGGESTED.genres)
      .map(genreSuggestion);
    const items = [...books, ...people.map(personSuggestion), ...matchingGenres];
    return { items: items.slice(0, SEARCH_SUGGESTIONS_MAX) };
  }

  private words(text: string): string[] {
    const words = [...new Set(searchWords(text))].slice(0, MAX_WORDS);
    if (words.length === 0) throw new AppError("invalid-argument", "Search for words made of letters or digits.");
    return words;
  }

  /**
   * Each word matches as typed, as the beginning of a word; a word that begins nothing in the index
   * also matches its closest spellings there: "sherlok holms" looks for (sherlok* or sherlock*) and
   * (holms* or holmes*).
   */
  private async groups(index: SearchIndex, words: string[]): Promise<WordGroups> {
    return Promise.all(
      words.map(async (word) => {
        if (await this.repository.hasWordStartingWith(index, word)) return [word];
        const candidates = await this.repository.candidateWords(index, word, CANDIDATES_PER_WORD);
        return [word, ...corrections(word, candidates, CORRECTIONS_PER_WORD)];
      }),
    );
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
    const rows = await this.repository.searchBooks(await this.groups("books", words), filters, {
      limit: SEARCH_PAGE_SIZE + 1,
      offset,
      where: "everywhere",
    });
    return pageOf(await presentBookSummaries(this.catalog, rows.slice(0, SEARCH_PAGE_SIZE)), rows.length, offset);
  }

  private async people(words: string[], offset: number): Promise<Page<PublicProfile>> {
    const rows = await this.repository.searchPeople(await this.groups("people", words), SEARCH_PAGE_SIZE + 1, offset);
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
