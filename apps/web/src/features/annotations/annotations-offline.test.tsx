import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { mockApi } from "../../test/api-mock";
import { makeAnnotation, makeMe } from "../../test/fixtures";
import { MemoryQueueStore, startOfflineSync } from "../offline-queue";
import { annotationKeys, useAnnotationMutations } from "./annotations-queries";

const BOOK = "book-1";
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

function offlineReader() {
  const calls = mockApi({});
  vi.stubGlobal("navigator", { ...navigator, onLine: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_QUERY_KEY, makeMe({ id: "reader-1" }));
  const stored = makeAnnotation({ id: "a-1", bookId: BOOK, kind: "highlight", note: null });
  queryClient.setQueryData(annotationKeys.book(BOOK), [stored]);
  const store = new MemoryQueueStore();
  stop = startOfflineSync(queryClient, store);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useAnnotationMutations(BOOK), { wrapper });
  const shown = () => queryClient.getQueryData<{ id: string; note: string | null }[]>(annotationKeys.book(BOOK)) ?? [];
  const queued = async () => (await store.list("reader-1")).map((action) => [action.operation, action.body]);
  return { calls, result, shown, queued };
}

describe("annotations made offline", () => {
  it("show at once and wait in the queue; editing or deleting one not yet sent changes the queued creation", async () => {
    const { calls, result, shown, queued } = offlineReader();
    const body = { kind: "note" as const, anchorId: "chapter-1", start: 0, end: 5, quote: "Hello", note: "First" };
    const created = await act(() => result.current.create.mutateAsync(body));
    expect(created.id).toMatch(/^offline-/);
    expect(shown().map((item) => item.id)).toEqual(["a-1", created.id]);

    await act(() => result.current.update.mutateAsync({ id: created.id, changes: { note: "Second" } }));
    expect(shown().find((item) => item.id === created.id)?.note).toBe("Second");
    expect(await queued()).toEqual([["annotations.create", { ...body, note: "Second" }]]);

    await act(() => result.current.update.mutateAsync({ id: "a-1", changes: { note: "Kept" } }));
    await act(() => result.current.remove.mutateAsync(created.id));
    expect(shown().map((item) => [item.id, item.note])).toEqual([["a-1", "Kept"]]);
    expect(await queued()).toEqual([["annotations.update", { note: "Kept" }]]);
    expect(calls).toEqual([]);
  });
});
