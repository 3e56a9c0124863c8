import type { Book } from "@quire/core";
import {
  AppError,
  type Page,
  type PublicProfile,
  SEARCH_PAGE_SIZE,
  SEARCH_SUGGESTIONS_MAX,
  type SearchQuery,
  type SearchResults,
  type Suggestion,
} from "@quire/core";
import { pageOf, readCursor } from "../../db/keyset";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import { presentPublicProfile } from "../users";
import type { WordGroups } from "./memory-index";
import { bookSuggestion, genreSuggestion, personSuggestion } from "./search.presenter";
import type { SearchRepository } from "./search.repository";
import type { BookIndex, PersonIndex } from "./search-index";
import { corrections, searchWords } from "./spelling";

/** A longer query says nothing the first words have not; it would only cost more. */
const MAX_WORDS = 8;
/** Index words looked at per unknown word, and spellings kept of them. */
const CANDIDATES_PER_WORD = 100;
const CORRECTIONS_PER_WORD = 4;
const SUGGESTED = { books: 4, people: 3, genres: 2 } as const;
/**
 * A search with catalogue filters (genre, category…) ranks the filters' matches among this many of each
 * tier's best: the filters are the catalogue's own statement, run over those books.
 */
export const FILTERED_MATCHES_PER_TIER = 500;

type WordIndex = Pick<BookIndex | PersonIndex, "beginsSomeWord" | "spellingCandidates">;

/** Search rules: parsing and correcting the query, ranking tiers, paging. */
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  /** Builds the indexes in the background; searches read the tables until they are ready. */
  startIndexing(): void {
    this.repository.startBuilding();
  }

  async stopIndexing(): Promise<void> {
    await this.repository.stop();
  }

  async search(query: SearchQuery): Promise<SearchResults> {
    const offset = offsetOf(query.cursor);
    const words = this.words(query.q);
    const indexes = await this.repository.indexes();
    const empty = { items: [], nextCursor: null };
    const [books, people] = await Promise.all([
      query.kind === "people" ? empty : this.books(indexes?.books, words, query, offset),
      query.kind === "books" ? empty : this.people(indexes?.people, words, offset),
    ]);
    return { books, people };
  }

  /**
   * At most eight: books by title or author first, then authors and people, then genres. Books and genres are
   * answered from memory, people's labels read by id; while the indexes are built, all from the tables.
   */
  async suggest(text: string): Promise<{ items: Suggestion[] }> {
    const words = this.words(text);
    const indexes = await this.repository.indexes();
    const [bookLabels, personIds, genres] = indexes
      ? [
          corrected(indexes.books, words, (groups) => indexes.books.labelsMatching(groups, SUGGESTED.books)).found,
          corrected(indexes.people, words, (groups) => indexes.people.matching(groups, SUGGESTED.people)).found,
          indexes.genres,
        ]
      : await Promise.all([
          this.repository.booksFromTables(words, "titles", SUGGESTED.books),
          this.repository.personIdsFromTables(words, SUGGESTED.people),
          this.catalog.listGenres(),
        ]);
    const personLabels = await this.repository.personLabels(personIds);
    const matchingGenres = genres
      .filter((genre) => {
        const genreWords = searchWords(genre.displayName);
        return words.every((word) => genreWords.some((genreWord) => genreWord.startsWith(word)));
      })
      .slice(0, SUGGESTED.genres)
      .map(genreSuggestion);
    const items = [...bookLabels.map(bookSuggestion), ...personLabels.map(personSuggestion), ...matchingGenres];
    return { items: items.slice(0, SEARCH_SUGGESTIONS_MAX) };
  }

  private words(text: string): string[] {
    const all = [...new Set(searchWords(text))];
    if (all.length === 0) throw new AppError("invalid-argument", "Search for words made of letters or digits.");
    // A single letter beside longer words ("holmes s", a word being typed) begins nearly every book: it
    // would narrow almost nothing.
    const telling = all.filter((word) => word.length > 1);
    return (telling.length > 0 ? telling : all).slice(0, MAX_WORDS);
  }

  private async books(
    index: BookIndex | undefined,
    words: string[],
    query: SearchQuery,
    offset: number,
  ): Promise<Page<Book>> {
    const filters = {
      genre: query.genre,
      category: query.category,
      source: query.source,
      status: query.status,
      completionStatus: query.completionStatus,
    };
    const filtered = Object.values(filters).some((filter) => filter !== undefined);
    const wanted = offset + SEARCH_PAGE_SIZE + 1;
    const ranked = filtered ? Math.max(wanted, FILTERED_MATCHES_PER_TIER) : wanted;
    // Matches in title or authors come first, then those matching only with their summaries (looked for only
    // when the first tier may not fill the page); both tiers' candidates are read in one statement.
    const summariesWanted = (titleIds: string[]) => filtered || titleIds.length < wanted;
    let titleIds: string[];
    let summaryIds: string[] = [];
    if (index) {
      const titles = corrected(index, words, (candidate) => index.matching(candidate, ranked));
      titleIds = titles.found;
      if (summariesWanted(titleIds)) summaryIds = index.onlyWithSummaries(titles.groups, ranked);
    } else {
      titleIds = idsOf(await this.repository.booksFromTables(words, "titles", ranked));
      if (summariesWanted(titleIds))
        summaryIds = idsOf(await this.repository.booksFromTables(words, "summaries", ranked));
    }
    const inTitles = new Set(titleIds);
    const candidates = await this.repository.booksAmong([...titleIds, ...summaryIds], filters);
    const rows = [
      ...candidates.filter((row) => inTitles.has(row.id)),
      ...candidates.filter((row) => !inTitles.has(row.id)),
    ].slice(0, wanted);
    const page = positionPage(rows.slice(offset), offset);
    return { ...page, items: await presentBookSummaries(this.catalog, page.items) };
  }

  private async people(index: PersonIndex | undefined, words: string[], offset: number): Promise<Page<PublicProfile>> {
    const wanted = offset + SEARCH_PAGE_SIZE + 1;
    const ids = index
      ? corrected(index, words, (groups) => index.matching(groups, wanted)).found
      : await this.repository.personIdsFromTables(words, wanted);
    const rows = await this.repository.peopleAmong(ids, { limit: SEARCH_PAGE_SIZE + 1, offset });
    const page = positionPage(rows, offset);
    return { ...page, items: page.items.map(presentPublicProfile) };
  }
}

/**
 * Runs `find` with the words as typed, each matching as the beginning of a word. When that finds nothing, a
 * word that begins no word of the index also matches its closest spellings there, so "sherlok holms" looks
 * for (sherlok* or sherlock*) and (holms* or holmes*).
 */
function corrected<T>(
  index: WordIndex,
  words: string[],
  find: (groups: WordGroups) => T[],
): { groups: WordGroups; found: T[] } {
  const typed = words.map((word) => [word]);
  const found = find(typed);
  if (found.length > 0) return { groups: typed, found };
  const groups = words.map((word) =>
    index.beginsSomeWord(word)
      ? [word]
      : [word, ...corrections(word, index.spellingCandidates(word, CANDIDATES_PER_WORD), CORRECTIONS_PER_WORD)],
  );
  return groups.some((group) => group.length > 1) ? { groups, found: find(groups) } : { groups: typed, found };
}

function idsOf(rows: { id: string }[]): string[] {
  return rows.map((row) => row.id);
}

/** Search pages by position: results have no stable key to resume after (their order depends on the query). */
function positionPage<T>(rows: T[], offset: number): Page<T> {
  return pageOf(rows, SEARCH_PAGE_SIZE, () => [offset + SEARCH_PAGE_SIZE, "offset"]);
}

function offsetOf(cursor: string | undefined): number {
  const key = readCursor(cursor, { foreign: "refuse", sortType: "number" });
  if (!key) return 0;
  const [offset, kind] = key;
  if (kind !== "offset" || !Number.isInteger(offset) || Number(offset) < 0) throw AppError.of("invalidCursor");
  return Number(offset);
}
