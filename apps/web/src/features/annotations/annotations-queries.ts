import type { Annotation, CreateAnnotation, UpdateAnnotation } from "@quire/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

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

/** Create, change and delete; the book's list is put right at once and then read again for its order. */
export function useAnnotationMutations(bookId: string) {
  const queryClient = useQueryClient();
  const key = annotationKeys.book(bookId);
  const settle = () => queryClient.invalidateQueries({ queryKey: key });
  const replace = (change: (items: Annotation[]) => Annotation[]) =>
    queryClient.setQueryData<Annotation[]>(key, (items) => change(items ?? []));
  const create = useMutation({
    mutationFn: (body: CreateAnnotation) => api("annotations.create", { params: { id: bookId }, body }),
    onSuccess: (annotation) => replace((items) => [...items, annotation]),
    onSettled: settle,
  });
  const update = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAnnotation }) =>
      api("annotations.update", { params: { id }, body: changes }),
    onSuccess: (annotation) => replace((items) => items.map((item) => (item.id === annotation.id ? annotation : item))),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api("annotations.delete", { params: { id } }),
    onSuccess: (_, id) => replace((items) => items.filter((item) => item.id !== id)),
    onSettled: settle,
  });
  return { create, update, remove };
}
