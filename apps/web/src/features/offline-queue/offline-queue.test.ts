import { AppError } from "@quire/core/errors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIRST_RETRY_MS, isNetworkFailure, MAX_SERVER_FAILURES, OfflineQueue } from "./offline-queue";
import { MemoryQueueStore, type QueuedAction } from "./queue-store";

const offline = () => AppError.of("connectionFailed", { cause: new TypeError("Failed to fetch") });

function setUp(answer: (action: QueuedAction) => unknown = () => ({})) {
  const store = new MemoryQueueStore();
  const sent: QueuedAction[] = [];
  const settled: QueuedAction[][] = [];
  const logged: string[] = [];
  let online = true;
  const queue = new OfflineQueue({
    store,
    send: async (action) => {
      const result = answer(action);
      if (result instanceof Error) throw result;
      sent.push(action);
      return result;
    },
    onSettled: (changed) => settled.push(changed),
    isOnline: () => online,
    log: (message) => logged.push(message),
  });
  queue.setUser("reader-1");
  return { store, queue, sent, settled, logged, goOffline: (value: boolean) => (online = !value) };
}

const star = (bookId: string, madeAt = "2026-11-26T10:00:00.000Z") => ({
  operation: "books.star" as const,
  params: { id: bookId },
  madeAt,
  target: `star:${bookId}`,
});

const progress = (bookId: string, anchorId: string, readAt: string) => ({
  operation: "progress.putChapter" as const,
  params: { id: bookId, anchorId },
  body: { progress: 10, epubPosition: { anchorId, offset: 0.1 }, readAt },
  madeAt: readAt,
  target: `progress:${bookId}:${anchorId}`,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("OfflineQueue", () => {
  it("sends queued actions in the order they were made, then is empty", async () => {
    const { queue, sent, store, settled } = setUp();
    await queue.enqueue(star("b1"));
    await queue.enqueue(progress("b1", "c1", "2026-11-26T10:01:00.000Z"));
    await queue.enqueue({ operation: "me.listPut", params: { list: "want-to-read", bookId: "b2" }, madeAt: "t" });
    await queue.flush();
    expect(sent.map((action) => action.operation)).toEqual(["books.star", "progress.putChapter", "me.listPut"]);
    expect(sent[1]?.body).toMatchObject({ readAt: "2026-11-26T10:01:00.000Z" });
    expect(await store.list("reader-1")).toEqual([]);
    expect(settled).toHaveLength(1);
  });

  it("keeps only the newest action per target: repeated progress saves for one chapter, a star then an unstar", async () => {
    const { queue, sent } = setUp();
    await queue.enqueue(progress("b1", "c1", "2026-11-26T10:00:00.000Z"));
    await queue.enqueue(progress("b1", "c2", "2026-11-26T10:02:00.000Z"));
    await queue.enqueue(progress("b1", "c1", "2026-11-26T10:03:00.000Z"));
    await queue.enqueue(star("b2"));
    await queue.enqueue({ ...star("b2"), operation: "books.unstar" });
    await queue.flush();
    expect(sent.map((action) => [action.operation, action.params.anchorId, action.madeAt])).toEqual([
      ["progress.putChapter", "c2", "2026-11-26T10:02:00.000Z"],
      ["progress.putChapter", "c1", "2026-11-26T10:03:00.000Z"],
      ["books.unstar", undefined, "2026-11-26T10:00:00.000Z"],
    ]);
  });

  it("stops at a network failure, keeps the rest in order, and retries with a growing delay", async () => {
    let failing = true;
    const { queue, sent, store } = setUp(() => (failing ? offline() : {}));
    await queue.enqueue(star("b1"));
    await queue.enqueue(star("b2"));
    await queue.flush();
    expect(sent).toEqual([]);
    expect(queue.isWaitingToRetry).toBe(true);
    expect((await store.list("reader-1")).map((action) => action.params.id)).toEqual(["b1", "b2"]);

    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(sent).toEqual([]);
    // The second wait is twice the first: nothing is tried before it ends.
    failing = false;
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2 - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((action) => action.params.id)).toEqual(["b1", "b2"]);
    expect(queue.isWaitingToRetry).toBe(false);
  });

  it("drops an action the server refuses with a 4xx, logs it, and goes on with the next", async () => {
    const { queue, sent, store, logged } = setUp((action) =>
      action.params.id === "gone" ? AppError.of("bookNotFound") : {},
    );
    await queue.enqueue(star("gone"));
    await queue.enqueue(star("b2"));
    await queue.flush();
    expect(sent.map((action) => action.params.id)).toEqual(["b2"]);
    expect(await store.list("reader-1")).toEqual([]);
    expect(logged).toEqual(["Offline action books.star was refused; dropped"]);
  });

  it("retries a server error, and drops the action only after repeated failures", async () => {
    const { queue, sent, store } = setUp((action) => (action.params.id === "b1" ? AppError.of("internal") : {}));
    await queue.enqueue(star("b1"));
    await queue.enqueue(star("b2"));
    await queue.flush();
    expect((await store.list("reader-1"))[0]?.serverFailures).toBe(1);
    await vi.runAllTimersAsync();
    expect(sent.map((action) => action.params.id)).toEqual(["b2"]);
    expect(await store.list("reader-1")).toEqual([]);
    expect(MAX_SERVER_FAILURES).toBeGreaterThan(1);
  });

  it("keeps everything when the session has ended (401), for the sign-out to clear", async () => {
    const { queue, store } = setUp(() => AppError.of("notLoggedIn"));
    await queue.enqueue(star("b1"));
    await queue.flush();
    expect(await store.list("reader-1")).toHaveLength(1);
    expect(queue.isWaitingToRetry).toBe(false);
  });

  it("tries nothing while the browser is offline", async () => {
    const { queue, sent, goOffline } = setUp();
    goOffline(true);
    await queue.enqueue(star("b1"));
    await queue.flush();
    expect(sent).toEqual([]);
    goOffline(false);
    await queue.flush();
    expect(sent).toHaveLength(1);
  });

  it("is per user: another reader's actions are neither sent nor cleared, and clearing empties one user's", async () => {
    const { queue, sent, store } = setUp();
    await queue.enqueue(star("b1"));
    queue.setUser("reader-2");
    await queue.enqueue(star("b2"));
    await queue.flush();
    expect(sent.map((action) => [action.userId, action.params.id])).toEqual([["reader-2", "b2"]]);
    await queue.enqueue(star("b3"));
    await queue.clear("reader-2");
    expect(await store.list("reader-2")).toEqual([]);
    expect((await store.list("reader-1")).map((action) => action.params.id)).toEqual(["b1"]);
    queue.setUser(null);
    await expect(queue.enqueue(star("b4"))).rejects.toThrow();
  });

  it("amends or removes a queued action by its target", async () => {
    const { queue, sent } = setUp();
    await queue.enqueue({
      operation: "annotations.create",
      params: { id: "b1" },
      body: { note: "a" },
      madeAt: "t",
      target: "offline-1",
    });
    await queue.enqueue({
      operation: "annotations.create",
      params: { id: "b1" },
      body: { note: "b" },
      madeAt: "t",
      target: "offline-2",
    });
    expect(await queue.amend("offline-1", (action) => ({ ...action, body: { note: "changed" } }))).toBe(true);
    expect(await queue.amend("offline-2", () => null)).toBe(true);
    expect(await queue.amend("offline-3", () => null)).toBe(false);
    await queue.flush();
    expect(sent.map((action) => action.body)).toEqual([{ note: "changed" }]);
  });

  it("one flush at a time: a call during a failing flush runs once more after it, without waiting for the backoff", async () => {
    let attempts = 0;
    const { queue, sent } = setUp(() => {
      attempts += 1;
      if (attempts > 1) return {};
      // The network comes back (the online event) while this first request is failing.
      void queue.flush();
      return offline();
    });
    await queue.enqueue(star("b1"));
    await queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((action) => action.params.id)).toEqual(["b1"]);
    expect(queue.isWaitingToRetry).toBe(false);
  });
});

describe("isNetworkFailure", () => {
  it("is a missing answer or a timeout, not a refusal or a server error", () => {
    expect(isNetworkFailure(offline())).toBe(true);
    expect(isNetworkFailure(AppError.of("requestTimeout"))).toBe(true);
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(AppError.of("internal"))).toBe(false);
    expect(isNetworkFailure(AppError.of("bookNotFound"))).toBe(false);
  });
});
