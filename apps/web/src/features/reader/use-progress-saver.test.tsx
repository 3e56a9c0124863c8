import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { mockApi } from "../../test/api-mock";
import { makeProgress } from "../../test/fixtures";
import { catalogKeys } from "../catalog/queries";
import { libraryKeys } from "../library/queries";
import { readerKeys } from "./reader-queries";
import { useProgressSaver } from "./use-progress-saver";

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (progress: number, isRead: boolean) => ({
  progress: makeProgress({ progress, isRead }),
  chapters: [],
});

function renderSaver(saved: ReturnType<typeof answer>) {
  mockApi({ "progress.putChapter": () => saved });
  const client = createQueryClient();
  client.setQueryData(readerKeys.progress("book-1"), answer(10, false));
  client.setQueryData(libraryKeys.continueReading(), { items: [] });
  client.setQueryData(catalogKeys.book("book-1"), { book: { id: "book-1" } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useProgressSaver("book-1", { canSave: () => true, onSignInNeeded: vi.fn() }), {
    wrapper,
  });
  return { saver: result.current, client };
}

const stale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe("the reader's saves and the rest of the app", () => {
  it("leave the library to show the new figure, and the book's counters alone while it is not finished", async () => {
    const { saver, client } = renderSaver(answer(40, false));
    saver.record({ anchorId: "chapter-2", offset: 0.5, chapterPercent: 50 });
    await saver.flush();
    expect(client.getQueryData(readerKeys.progress("book-1"))).toEqual(answer(40, false));
    expect(stale(client, libraryKeys.continueReading())).toBe(true);
    expect(stale(client, catalogKeys.book("book-1"))).toBe(false);
  });

  it("refresh the book's counters when a save finishes the book", async () => {
    const { saver, client } = renderSaver(answer(100, true));
    saver.record({ anchorId: "chapter-2", offset: 0.9, chapterPercent: 100 });
    await saver.flush();
    expect(stale(client, catalogKeys.book("book-1"))).toBe(true);
  });
});
