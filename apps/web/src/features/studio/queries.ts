import type { StudioBook } from "@quire/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { authKeys } from "../auth";
import { studioApi } from "./studio-api";

export const studioKeys = {
  all: ["studio"] as const,
  books: () => ["studio", "books"] as const,
  book: (id: string) => ["studio", "book", id] as const,
  chapter: (id: string, anchorId: string) => ["studio", "chapter", id, anchorId] as const,
};

export const studioBooksQuery = () =>
  queryOptions({ queryKey: studioKeys.books(), queryFn: ({ signal }) => studioApi.listBooks(signal) });

export const studioBookQuery = (id: string) =>
  queryOptions({ queryKey: studioKeys.book(id), queryFn: ({ signal }) => studioApi.getBook(id, signal) });

export const studioChapterQuery = (id: string, anchorId: string) =>
  queryOptions({
    queryKey: studioKeys.chapter(id, anchorId),
    queryFn: async ({ signal }) => (await studioApi.getChapter(id, anchorId, signal)).chapter,
    // The editor owns the text once it is open: a background refetch must not overwrite typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useStudioBooks = (enabled = true) => useQuery({ ...studioBooksQuery(), enabled });
export const useStudioBook = (id: string) => useQuery(studioBookQuery(id));

/** Keeps the book's cached copy in step with what a write answered, and the catalogue fresh. */
export function useStoreBook() {
  const queryClient = useQueryClient();
  return (book: StudioBook) => {
    queryClient.setQueryData(studioKeys.book(book.book.id), book);
    void queryClient.invalidateQueries({ queryKey: studioKeys.books() });
    void queryClient.invalidateQueries({ queryKey: ["catalog"] });
  };
}

/** Adds "Chapter N" at the end and opens it in the editor. */
export function useAddChapter(bookId: string, chapterCount: number) {
  const storeBook = useStoreBook();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => studioApi.createChapter(bookId, { name: `Chapter ${chapterCount + 1}` }),
    onSuccess: (answer) => {
      storeBook(answer.book);
      navigate(`/studio/books/${bookId}/chapters/${answer.chapter.anchorId}`);
    },
  });
}

export function useBecomeAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: studioApi.becomeAuthor,
    // The session's roles change: the studio (and the menu) read them from there.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.session() }),
  });
}
