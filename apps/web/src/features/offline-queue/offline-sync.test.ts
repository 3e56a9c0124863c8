import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { mockApi } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { isQueuedOffline, queueWrite, sendOrQueue, startOfflineSync } from "./offline-sync";
import { MemoryQueueStore } from "./queue-store";

const noNetwork = () => {
  throw new TypeError("Failed to fetch");
};
const starred = { starred: true, nUserStarred: 1 };

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
});

function started(userId: string | null = "reader-1") {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, userId ? makeMe({ id: userId }) : null);
  const store = new MemoryQueueStore();
  stop = startOfflineSync(queryClient, store);
  return { queryClient, store };
}

describe("sendOrQueue", () => {
  it("sends at once when the network answers", async () => {
    const calls = mockApi({ "books.star": () => starred });
    const { store } = started();
    expect(await sendOrQueue("books.star", { params: { id: "b1" } })).toEqual(starred);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["PUT /api/v1/books/b1/star"]);
    expect(await store.list("reader-1")).toEqual([]);
  });

  it("queues a write the network fails, answers QUEUED_OFFLINE, and sends it on the online event", async () => {
    let online = false;
    const calls = mockApi({ "books.star": () => (online ? starred : noNetwork()) });
    const { store } = started();
    const answer = await sendOrQueue("books.star", { params: { id: "b1" } }, { target: "star:b1" });
    expect(isQueuedOffline(answer)).toBe(true);
    expect((await store.list("reader-1")).map((action) => [action.operation, action.params])).toEqual([
      ["books.star", { id: "b1" }],
    ]);

    online = true;
    calls.length = 0;
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(async () => expect(await store.list("reader-1")).toEqual([]));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["PUT /api/v1/books/b1/star"]);
  });

  it("replays a star or shelf move with the time it was made (a newer one elsewhere wins); a direct send has none", async () => {
    let online = true;
    mockApi({
      "books.unstar": () => (online ? { starred: false, nUserStarred: 0 } : noNetwork()),
      "me.listPut": () => ({ bookId: "b1", list: "reading", addedAt: "2026-11-21T10:00:00.000Z" }),
    });
    const sentUrls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    const { store } = started();
    await sendOrQueue("me.listPut", { params: { list: "reading", bookId: "b1" } });
    expect(sentUrls()).toContain("/api/v1/me/lists/reading/b1");

    online = false;
    await sendOrQueue("books.unstar", { params: { id: "b1" } }, { target: "star:b1" });
    const [queued] = await store.list("reader-1");
    const madeAt = queued?.madeAt ?? "";
    expect(Date.parse(madeAt)).not.toBeNaN();

    online = true;
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(async () => expect(await store.list("reader-1")).toEqual([]));
    expect(sentUrls().at(-1)).toBe(`/api/v1/books/b1/star?at=${encodeURIComponent(madeAt)}`);
  });

  it("queues without trying while the browser says it is offline, behind what already waits", async () => {
    const calls = mockApi({});
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    const { store } = started();
    await sendOrQueue("me.listPut", { params: { list: "want-to-read", bookId: "b1" } });
    await sendOrQueue("books.unstar", { params: { id: "b1" } });
    expect(calls).toEqual([]);
    expect((await store.list("reader-1")).map((action) => action.operation)).toEqual(["me.listPut", "books.unstar"]);
  });

  it("lets a refusal through to the caller: only network failures are queued", async () => {
    mockApi({});
    const { store } = started();
    await expect(sendOrQueue("books.star", { params: { id: "missing" } })).rejects.toMatchObject({
      code: "not-found",
    });
    expect(await store.list("reader-1")).toEqual([]);
  });

  it("signed out, nothing is queued: the network's failure reaches the caller", async () => {
    mockApi({ "books.star": noNetwork });
    started(null);
    await expect(sendOrQueue("books.star", { params: { id: "b1" } })).rejects.toMatchObject({
      message: "Connection failed.",
    });
    expect(await queueWrite("books.star", { params: { id: "b1" } })).toBe(false);
  });
});

describe("following the session", () => {
  it("clears the reader's queue when they sign out, and keeps another reader's apart", async () => {
    mockApi({ "books.star": noNetwork });
    const { queryClient, store } = started();
    await sendOrQueue("books.star", { params: { id: "b1" } });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    await vi.waitFor(async () => expect(await store.list("reader-1")).toEqual([]));

    queryClient.setQueryData(SESSION_QUERY_KEY, makeMe({ id: "reader-2" }));
    await sendOrQueue("books.star", { params: { id: "b2" } });
    expect((await store.list("reader-2")).map((action) => action.params.id)).toEqual(["b2"]);
  });

  it("flushes at start for the signed-in reader", async () => {
    const calls = mockApi({ "books.star": () => starred });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, makeMe({ id: "reader-1" }));
    const store = new MemoryQueueStore();
    await store.add({
      userId: "reader-1",
      operation: "books.star",
      params: { id: "b1" },
      madeAt: "2026-11-21T10:00:00.000Z",
      serverFailures: 0,
    });
    stop = startOfflineSync(queryClient, store);
    await vi.waitFor(async () => expect(await store.list("reader-1")).toEqual([]));
    expect(calls.map((call) => call.path)).toEqual(["/api/v1/books/b1/star"]);
  });
});
