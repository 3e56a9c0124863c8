import type {
  BookSummary,
  BookViewerState,
  LaunchSubscriptionState,
  ListMembership,
  ReadingLists,
  ReadingProgress,
  StarState,
  SystemList,
} from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPut } from "../../lib/api-client";
import { SESSION_QUERY_KEY } from "../../lib/session-state";

export const libraryKeys = {
  all: ["library"] as const,
  viewerState: (bookId: string) => [...libraryKeys.all, "viewer-state", bookId] as const,
  lists: () => [...libraryKeys.all, "lists"] as const,
  continueReading: () => [...libraryKeys.all, "continue-reading"] as const,
};

export function viewerStateQuery(bookId: string) {
  return queryOptions({
    queryKey: libraryKeys.viewerState(bookId),
    queryFn: ({ signal }) => apiGet<BookViewerState>(apiPath("books.viewerState", { id: bookId }), { signal }),
  });
}

export const useViewerState = (bookId: string, enabled: boolean) => useQuery({ ...viewerStateQuery(bookId), enabled });

export function readingListsQuery() {
  return queryOptions({
    queryKey: libraryKeys.lists(),
    queryFn: ({ signal }) => apiGet<{ lists: ReadingLists }>(apiPath("me.lists"), { signal }),
    select: (data) => data.lists,
  });
}

export const useReadingLists = () => useQuery(readingListsQuery());

export function continueReadingQuery() {
  return queryOptions({
    queryKey: libraryKeys.continueReading(),
    queryFn: ({ signal }) =>
      apiGet<{ items: { book: BookSummary; progress: ReadingProgress }[] }>(apiPath("me.progress"), { signal }),
    select: (data) => data.items,
  });
}

export const useContinueReading = () => useQuery(continueReadingQuery());

/**
 * Every change to the viewer's relation with a book answers with the new state: it goes into the
 * book's viewer state at once, and the lists (and the session's `systemLists`) are fetched again.
 */
function useLibraryMutation<Input, Answer>(
  bookId: string,
  send: (input: Input) => Promise<Answer>,
  merge: (answer: Answer) => Partial<BookViewerState>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData<BookViewerState>(libraryKeys.viewerState(bookId), (current) =>
        current ? { ...current, ...merge(answer) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useToggleStar(bookId: string) {
  return useLibraryMutation<boolean, StarState>(
    bookId,
    (star) =>
      star
        ? apiPut<StarState>(apiPath("books.star", { id: bookId }))
        : apiDelete<StarState>(apiPath("books.unstar", { id: bookId })),
    ({ starred }) => ({ starred }),
  );
}

export function useSetList(bookId: string) {
  return useLibraryMutation<SystemList | null, ListMembership>(
    bookId,
    (list) =>
      list
        ? apiPut<ListMembership>(apiPath("me.listPut", { list, bookId }))
        : apiDelete<ListMembership>(apiPath("me.listDelete", { bookId })),
    ({ list }) => ({ list }),
  );
}

export function useToggleLaunchSubscription(bookId: string) {
  return useLibraryMutation<boolean, LaunchSubscriptionState>(
    bookId,
    (subscribe) =>
      subscribe
        ? apiPut<LaunchSubscriptionState>(apiPath("books.subscribeLaunch", { id: bookId }))
        : apiDelete<LaunchSubscriptionState>(apiPath("books.unsubscribeLaunch", { id: bookId })),
    ({ subscribed }) => ({ subscribed }),
  );
}
