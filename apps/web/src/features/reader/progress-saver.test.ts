import type { BookProgressResponse } from "@quire/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi } from "../../test/api-mock";
import { ProgressSaver } from "./progress-saver";

const BOOK = "book-1";
const SAVED: BookProgressResponse = { progress: null, chapters: [] };
const place = (anchorId: string, offset: number, chapterPercent = 10) => ({ anchorId, offset, chapterPercent });

const okProgress = () => Response.json(SAVED);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function saverWith(overrides: Partial<ConstructorParameters<typeof ProgressSaver>[0]> = {}) {
  const onSignInNeeded = vi.fn();
  const onSaved = vi.fn();
  const saver = new ProgressSaver({ bookId: BOOK, canSave: () => true, onSignInNeeded, onSaved, ...overrides });
  return { saver, onSignInNeeded, onSaved };
}

describe("saving the reader's place", () => {
  it("waits for the reader to stay put, then saves the place in one request stamped with its moment", async () => {
    const calls = mockApi({ "progress.putChapter": okProgress });
    const { saver, onSaved } = saverWith();
    saver.record(place("chapter-3", 0.1, 12));
    saver.record(place("chapter-3", 0.2, 24));
    await vi.advanceTimersByTimeAsync(1000);
    const lastMove = new Date().toISOString();
    saver.record(place("chapter-3", 0.3, 36));
    await vi.advanceTimersByTimeAsync(1400);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    await saver.flush();
    expect(calls).toEqual([
      {
        method: "PUT",
        path: "/api/v1/books/book-1/chapters/chapter-3/progress",
        // The moment of the last move, not of the send: a later save from another device wins over it.
        body: { progress: 36, epubPosition: { anchorId: "chapter-3", offset: 0.3 }, readAt: lastMove },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(SAVED);
    // The same place again is nothing new.
    saver.record(place("chapter-3", 0.3, 36));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
  });

  it("saves the last place in a chapter at once when the reader moves on to the next", async () => {
    const calls = mockApi({
      "progress.putChapter": okProgress,
    });
    const { saver } = saverWith();
    saver.record(place("chapter-1", 0.9, 100));
    saver.record(place("chapter-2", 0, 5));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.path)).toEqual(["/api/v1/books/book-1/chapters/chapter-1/progress"]);
    await vi.advanceTimersByTimeAsync(1500);
    await saver.flush();
    expect(calls.map((call) => call.path).slice(1)).toEqual(["/api/v1/books/book-1/chapters/chapter-2/progress"]);
  });

  it("sends what is pending with keepalive when the page goes away", async () => {
    mockApi({ "progress.putChapter": okProgress });
    const { saver } = saverWith();
    saver.record(place("chapter-1", 0.5));
    await saver.flush(true);
    const inits = vi.mocked(fetch).mock.calls.map(([, init]) => init as RequestInit);
    expect(inits).toHaveLength(1);
    for (const init of inits)
      expect(init).toMatchObject({ method: "PUT", keepalive: true, credentials: "same-origin" });
  });

  it("asks once for a sign-in on 'Please login!' and then stops sending", async () => {
    const calls = mockApi({
      "progress.putChapter": () => apiError(401, "unauthenticated", "Please login!", "not_logged_in"),
    });
    const { saver, onSignInNeeded } = saverWith();
    saver.record(place("chapter-1", 0.1));
    await vi.advanceTimersByTimeAsync(1500);
    await saver.flush();
    expect(onSignInNeeded).toHaveBeenCalledTimes(1);
    expect(saver.isStopped).toBe(true);
    saver.record(place("chapter-1", 0.2));
    saver.record(place("chapter-2", 0));
    await vi.advanceTimersByTimeAsync(5000);
    await saver.flush(true);
    expect(calls).toHaveLength(1);
    expect(onSignInNeeded).toHaveBeenCalledTimes(1);
  });

  it("sends nothing for a reader known to be signed out, and offers the sign-in", async () => {
    const calls = mockApi({});
    const { saver, onSignInNeeded } = saverWith({ canSave: () => false });
    saver.record(place("chapter-1", 0.1));
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toEqual([]);
    expect(onSignInNeeded).toHaveBeenCalledTimes(1);
  });

  it("keeps a place that failed to save for the next try", async () => {
    let fail = true;
    const calls = mockApi({
      "progress.putChapter": () => (fail ? apiError(503, "unavailable", "Connection failed.") : okProgress()),
    });
    const { saver, onSignInNeeded } = saverWith();
    saver.record(place("chapter-1", 0.4));
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toHaveLength(1);
    fail = false;
    await saver.flush(true);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(onSignInNeeded).not.toHaveBeenCalled();
  });
});
