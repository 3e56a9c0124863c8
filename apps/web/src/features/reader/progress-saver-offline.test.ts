import type { BookProgressResponse } from "@quire/core";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { mockApi } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { MemoryQueueStore, startOfflineSync } from "../offline-queue";
import { ProgressSaver } from "./progress-saver";

const SAVED: BookProgressResponse = { progress: null, chapters: [] };
let stop: (() => void) | undefined;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a place saved without the network", () => {
  it("goes to the offline queue with the moment it was read, only the newest per chapter, and is sent when the network returns", async () => {
    let online = false;
    const calls = mockApi({
      "progress.putChapter": () => {
        if (!online) throw new TypeError("Failed to fetch");
        return SAVED;
      },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, makeMe({ id: "reader-1" }));
    const store = new MemoryQueueStore();
    stop = startOfflineSync(queryClient, store);
    const saver = new ProgressSaver({ bookId: "book-1", canSave: () => true, onSignInNeeded: vi.fn() });

    saver.record({ anchorId: "chapter-2", offset: 0.2, chapterPercent: 20 });
    await saver.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    saver.record({ anchorId: "chapter-2", offset: 0.4, chapterPercent: 40 });
    const readAt = new Date().toISOString();
    await saver.flush();

    const queued = await store.list("reader-1");
    expect(queued.map((action) => [action.operation, action.params, action.body])).toEqual([
      [
        "progress.putChapter",
        { id: "book-1", anchorId: "chapter-2" },
        { progress: 40, epubPosition: { anchorId: "chapter-2", offset: 0.4 }, readAt },
      ],
    ]);

    online = true;
    calls.length = 0;
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(async () => expect(await store.list("reader-1")).toEqual([]));
    expect(calls).toEqual([
      {
        method: "PUT",
        path: "/api/v1/books/book-1/chapters/chapter-2/progress",
        body: { progress: 40, epubPosition: { anchorId: "chapter-2", offset: 0.4 }, readAt },
      },
    ]);
  });
});
