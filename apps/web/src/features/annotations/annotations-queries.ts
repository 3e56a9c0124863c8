import type { Annotation, CreateAnnotation, UpdateAnnotation } from "@quire/core";
import { AppError } from "@quire/core/errors";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { amendQueued, isQueuedOffline, sendOrQueue } from "../offline-queue";

export const annotationKeys = {
  book: (bookId: string) => ["annotations", bookId] as const,
};

/** The reader's annotations in one book, in book order; read again whenever the reader comes back to the tab. */
export function annotationsQuery(bookId: string) {
  return queryOptions({
    queryKey: annotationKeys.book(bookId),
    queryFn: async ({ signal }) => (await api("annotations.list", { params: { id: bookId }, signal })).items,
  });
}

/**
 * Create, change and delete; the book's list is put right at once and then read again for its order.
 * They run offline too ("always"): the offline queue keeps what cannot be sent.
 */
export function useAnnotationMutations(bookId: string) {
  const queryClient = useQueryClient();
  const key = annotationKeys.book(bookId);
  const settle = () => queryClient.invalidateQueries({ queryKey: key });
  const replace = (change: (items: Annotation[]) => Annotation[]) =>
    queryClient.setQueryData<Annotation[]>(key, (items) => change(items ?? []));
  const stored = (id: string) => queryClient.getQueryData<Annotation[]>(key)?.find((item) => item.id === id);
  const create = useMutation({
    networkMode: "always",
    mutationFn: async (body: CreateAnnotation): Promise<Annotation> => {
      const local = localAnnotation(bookId, body);
      const answer = await sendOrQueue("annotations.create", { params: { id: bookId }, body }, { target: local.id });
      return isQueuedOffline(answer) ? local : answer;
    },
    onSuccess: (annotation) => replace((items) => [...items, annotation]),
    onSettled: settle,
  });
  const update = useMutation({
    networkMode: "always",
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateAnnotation }): Promise<Annotation> => {
      const before = stored(id);
      const local = before && { ...before, ...changes, updatedAt: new Date().toISOString() };
      // Made offline and still waiting: the queued creation takes the change.
      if (
        local &&
        (await amendQueued(id, (action) => ({ ...action, body: { ...(action.body as object), ...changes } })))
      ) {
        return local;
      }
      const answer = await sendOrQueue("annotations.update", { params: { id }, body: changes });
      if (!isQueuedOffline(answer)) return answer;
      if (!local) throw AppError.of("connectionFailed");
      return local;
    },
    onSuccess: (annotation) => replace((items) => items.map((item) => (item.id === annotation.id ? annotation : item))),
    onSettled: settle,
  });
  const remove = useMutation({
    networkMode: "always",
    mutationFn: async (id: string) => {
      if (await amendQueued(id, () => null)) return;
      await sendOrQueue("annotations.delete", { params: { id } });
    },
    onSuccess: (_, id) => replace((items) => items.filter((item) => item.id !== id)),
    onSettled: settle,
  });
  return { create, update, remove };
}

const LOCAL_ID_PREFIX = "offline-";

/** What a creation queued offline shows until the queue sends it (its id is the queue's target). */
function localAnnotation(bookId: string, body: CreateAnnotation): Annotation {
  const now = new Date().toISOString();
  const passage = body.kind === "bookmark" ? null : body;
  return {
    id: `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`,
    bookId,
    kind: body.kind,
    anchorId: body.anchorId,
    chapterName: "",
    start: body.start,
    end: passage ? passage.end : null,
    quote: body.quote ?? null,
    color: passage ? (passage.color ?? "yellow") : null,
    note: passage?.note ?? null,
    textChanged: false,
    createdAt: now,
    updatedAt: now,
  };
}
