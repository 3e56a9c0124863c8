import {
  BOOK_SEARCH_MAX_ITEMS,
  type BookSearchMatch,
  type BookSearchResults,
  countMatches,
  foldQuery,
  forEachMatch,
  htmlToText,
  locatorChar,
  type SearchableText,
  searchableText,
  snippetAround,
} from "@quire/core";
import type { ReaderService } from "../reader";
import type { BookSearchRepository, SearchChapter } from "./book-search.repository";
import type { ChapterTextCache } from "./chapter-text-cache";

/**
 * Search inside a book, on the terms of its chapters (the reader's rule: hidden books are not found,
 * scheduled ones wait for their launch). Each chapter's text is extracted and folded once per edition
 * and kept in the per-process cache, so a search is a scan of folded strings.
 */
export class BookSearchService {
  /** Books whose chapters are being read into the cache, so a burst of first searches reads them once. */
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    private readonly repository: BookSearchRepository,
    private readonly reader: ReaderService,
    private readonly cache: ChapterTextCache,
  ) {}

  async search(bookId: string, q: string): Promise<BookSearchResults> {
    const { latestVersion } = await this.reader.readable(bookId);
    const query = foldQuery(q);
    if (latestVersion === null || query === "") return { items: [], total: 0 };
    const chapters = await this.repository.chapters(bookId, latestVersion);
    const texts = await this.texts(bookId, latestVersion, chapters);
    const items: BookSearchMatch[] = [];
    let total = 0;
    chapters.forEach((chapter, index) => {
      const text = texts[index] as SearchableText;
      // Past the listed ones, matches are only counted: most of a common word's thousands.
      if (items.length === BOOK_SEARCH_MAX_ITEMS) {
        total += countMatches(text, query);
        return;
      }
      const chapterName = chapter.name || `Chapter ${chapter.chapterNumber}`;
      forEachMatch(text, query, (match) => {
        total++;
        if (items.length < BOOK_SEARCH_MAX_ITEMS) {
          items.push({
            anchorId: chapter.anchorId,
            chapterName,
            offset: locatorChar(text, match.start),
            ...snippetAround(text.text, match),
          });
        }
        return true;
      });
    });
    return { items, total };
  }

  /** Every chapter's searchable text, in the chapters' order, from the cache or read and folded now. */
  private async texts(bookId: string, version: string, chapters: SearchChapter[]): Promise<SearchableText[]> {
    const keys = chapters.map((chapter) => [bookId, version, chapter.anchorId, chapter.editedAt ?? ""].join("\u0000"));
    const cached = () => keys.map((key) => this.cache.get(key));
    let texts = cached();
    if (texts.some((text) => text === undefined)) {
      const book = `${bookId}\u0000${version}`;
      let load = this.loading.get(book);
      if (!load) {
        const missing = chapters.flatMap((chapter, index) =>
          texts[index] ? [] : [{ chapter, key: keys[index] as string }],
        );
        load = this.load(bookId, version, missing).finally(() => this.loading.delete(book));
        this.loading.set(book, load);
      }
      await load;
      texts = cached();
    }
    // What a concurrent load of other chapters or a full cache did not leave behind is read for this search alone.
    const absent = chapters.filter((_, index) => texts[index] === undefined);
    if (absent.length === 0) return texts as SearchableText[];
    const html = await this.repository.chapterHtml(
      bookId,
      version,
      absent.map((chapter) => chapter.anchorId),
    );
    return chapters.map(
      (chapter, index) => texts[index] ?? searchableText(htmlToText(html.get(chapter.anchorId) ?? "")),
    );
  }

  private async load(bookId: string, version: string, missing: { chapter: SearchChapter; key: string }[]) {
    const html = await this.repository.chapterHtml(
      bookId,
      version,
      missing.map(({ chapter }) => chapter.anchorId),
    );
    for (const { chapter, key } of missing) {
      const chapterHtml = html.get(chapter.anchorId);
      if (chapterHtml !== undefined) this.cache.set(key, searchableText(htmlToText(chapterHtml)));
    }
  }
}
