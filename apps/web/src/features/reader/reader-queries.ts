import type { BookProgressResponse, Chapter, ChapterPage } from "@quire/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { hasErrorCode } from "../../lib/errors";
import { staleAfterVisit } from "../../ssr-state";

export const readerKeys = {
  all: ["reader"] as const,
  chapter: (bookId: string, anchorId: string) => [...readerKeys.all, bookId, "chapter", anchorId] as const,
  chapters: (bookId: string) => [...readerKeys.all, bookId, "chapters"] as const,
  progress: (bookId: string) => [...readerKeys.all, bookId, "progress"] as const,
  afterReading: (bookId: string) => [...readerKeys.all, bookId, "after-reading"] as const,
};

/** The end-of-book screen's rows: more by the author, what fellow finishers read, the book's shelf. */
export function afterReadingQuery(bookId: string) {
  return queryOptions({
    queryKey: readerKeys.afterReading(bookId),
    queryFn: ({ signal }) => api("books.afterReading", { params: { id: bookId }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** A chapter's content; kept a while, since chapters only change with a new edition. */
export function chapterContentQuery(bookId: string, anchorId: string) {
  return queryOptions({
    queryKey: readerKeys.chapter(bookId, anchorId),
    queryFn: async ({ signal }) =>
      (await api("books.chapterContent", { params: { id: bookId, anchorId }, signal })).chapter,
    staleTime: 10 * 60_000,
  });
}

/** Every chapter in reading order (all pages of the chapter list): the fallback contents and the word weights. */
export function allChaptersQuery(bookId: string) {
  return queryOptions({
    queryKey: readerKeys.chapters(bookId),
    queryFn: async ({ signal }) => {
      const chapters: Chapter[] = [];
      let cursor: string | undefined;
      do {
        const page: ChapterPage = await api("books.chapters", { params: { id: bookId }, query: { cursor }, signal });
        chapters.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return chapters;
    },
    staleTime: 10 * 60_000,
  });
}

/**
 * The signed-in reader's place in a book, or null when there is none. A 404 also means "none": the
 * book may be gone, or a server without the progress API answers so.
 */
export function progressQuery(bookId: string) {
  return queryOptions({
    queryKey: readerKeys.progress(bookId),
    queryFn: async ({ signal }): Promise<BookProgressResponse | null> => {
      try {
        return await api("progress.get", { params: { id: bookId }, signal });
      } catch (error) {
        if (hasErrorCode(error, "not-found")) return null;
        throw error;
      }
    },
    staleTime: staleAfterVisit,
  });
}
