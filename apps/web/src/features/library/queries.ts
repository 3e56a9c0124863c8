import type {
  BookDetail,
  BookViewerState,
  LaunchSubscriptionState,
  ListMembership,
  StarState,
  SystemList,
} from "@quire/core";
import { queryOptions, type UseMutationOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { track } from "../../lib/analytics";
import { api } from "../../lib/api-client";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { catalogKeys } from "../catalog";
import { isQueuedOffline, type QueuedOffline, sendOrQueue } from "../offline-queue";

export const libraryKeys = {
  all: ["library"] as const,
  viewerState: (bookId: string) => [...libraryKeys.all, "viewer-state", bookId] as const,
  lists: () => [...libraryKeys.all, "lists"] as const,
  continueReading: () => [...libraryKeys.all, "continue-reading"] as const,
};

export function viewerStateQuery(bookId: string) {
  return queryOptions({
    queryKey: libraryKeys.viewerState(bookId),
    queryFn: ({ signal }) => api("books.viewerState", { params: { id: bookId }, signal }),
  });
}

export const useViewerState = (bookId: string, enabled: boolean) => useQuery({ ...viewerStateQuery(bookId), enabled });

export function readingListsQuery() {
  return queryOptions({
    queryKey: libraryKeys.lists(),
    queryFn: ({ signal }) => api("me.lists", { signal }),
    select: (data) => data.lists,
  });
}

export const useReadingLists = () => useQuery(readingListsQuery());

export function continueReadingQuery() {
  return queryOptions({
    queryKey: libraryKeys.continueReading(),
    queryFn: ({ signal }) => api("me.progress", { signal }),
    select: (data) => data.items,
  });
}

export const useContinueReading = () => useQuery(continueReadingQuery());

/**
 * Every change to the viewer's relation with a book answers with the new state: it goes into the
 * book's viewer state at once, and the lists (and the session's `systemLists`) are fetched again.
 * Stars and shelves go through the offline queue: queued, the viewer state shows what was `asked`.
 */
function useLibraryMutation<Input, Answer, Context = unknown, Sent extends Answer | QueuedOffline = Answer>(
  bookId: string,
  send: (input: Input) => Promise<Sent>,
  merge: (answer: Answer) => Partial<BookViewerState>,
  optimistic?: Pick<UseMutationOptions<Sent, Error, Input, Context>, "onMutate" | "onError" | "onSettled">,
  asked?: (input: Input) => Partial<BookViewerState>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Queueable changes run offline too (TanStack would otherwise pause them until it sees the network).
    networkMode: asked ? "always" : "online",
    ...optimistic,
    onSuccess: (answer, input) => {
      const change = isQueuedOffline(answer) ? asked?.(input) : merge(answer as Answer);
      queryClient.setQueryData<BookViewerState>(libraryKeys.viewerState(bookId), (current) =>
        current && change ? { ...current, ...change } : current,
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

/**
 * The book's star count (the book page, the end of the book) moves with the click; a failure puts it
 * back, the answer's count replaces the guess, and the book is read again for the other counters.
 */
export function useToggleStar(bookId: string) {
  const queryClient = useQueryClient();
  const detailKey = catalogKeys.book(bookId);
  const setCount = (change: (count: number) => number) =>
    queryClient.setQueryData<BookDetail>(detailKey, (detail) =>
      detail ? { ...detail, book: { ...detail.book, nUserStarred: change(detail.book.nUserStarred) } } : detail,
    );
  return useLibraryMutation<boolean, StarState, { before: BookDetail | undefined }, StarState | QueuedOffline>(
    bookId,
    async (star) => {
      const target = `star:${bookId}`;
      const answer = await sendOrQueue(star ? "books.star" : "books.unstar", { params: { id: bookId } }, { target });
      if (star) track("star");
      return answer;
    },
    ({ starred }) => ({ starred }),
    {
      onMutate: async (star) => {
        await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
        const before = queryClient.getQueryData<BookDetail>(detailKey);
        const starred = queryClient.getQueryData<BookViewerState>(libraryKeys.viewerState(bookId))?.starred;
        if (starred !== undefined && starred !== star) setCount((count) => Math.max(0, count + (star ? 1 : -1)));
        return { before };
      },
      onError: (_error, _star, context) => {
        if (context?.before) queryClient.setQueryData(detailKey, context.before);
      },
      onSettled: (answer) => {
        if (answer && !isQueuedOffline(answer)) setCount(() => answer.nUserStarred);
        void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
      },
    },
    (starred) => ({ starred }),
  );
}

export function useSetList(bookId: string) {
  const target = `list:${bookId}`;
  return useLibraryMutation<SystemList | null, ListMembership, unknown, ListMembership | QueuedOffline>(
    bookId,
    (list) =>
      list
        ? sendOrQueue("me.listPut", { params: { list, bookId } }, { target })
        : sendOrQueue("me.listDelete", { params: { bookId } }, { target }),
    ({ list }) => ({ list }),
    undefined,
    (list) => ({ list }),
  );
}

export function useToggleLaunchSubscription(bookId: string) {
  return useLibraryMutation<boolean, LaunchSubscriptionState>(
    bookId,
    async (subscribe) => {
      const answer = await (subscribe
        ? api("books.subscribeLaunch", { params: { id: bookId } })
        : api("books.unsubscribeLaunch", { params: { id: bookId } }));
      if (subscribe) track("subscribe_launch");
      return answer;
    },
    ({ subscribed }) => ({ subscribed }),
  );
}
