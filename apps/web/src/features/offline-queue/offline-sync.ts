import type { ApiOperationName, ApiRequest, ApiResponse, Me } from "@quire/core";
import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { api } from "../../lib/api-client";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { isNetworkFailure, OfflineQueue } from "./offline-queue";
import {
  IndexedDbQueueStore,
  MemoryQueueStore,
  type QueueableOperation,
  type QueuedAction,
  type QueueStore,
} from "./queue-store";

/** What a queued write answers instead of the server: the change waits for the network. */
export const QUEUED_OFFLINE = Object.freeze({ queuedOffline: true as const });
export type QueuedOffline = typeof QUEUED_OFFLINE;

export function isQueuedOffline(answer: unknown): answer is QueuedOffline {
  return answer === QUEUED_OFFLINE;
}

// The queue stores operations by name, so it sends them without their per-operation types.
const callApi = api as (
  operation: ApiOperationName,
  call: { params?: object; query?: Record<string, string>; body?: unknown },
) => Promise<unknown>;

/** Replayed with `?at=<when made>`: the server keeps a star or list entry newer than that (issue 13). */
const REPLAYED_WITH_TIME: ReadonlySet<QueueableOperation> = new Set([
  "books.star",
  "books.unstar",
  "me.listPut",
  "me.listDelete",
]);

function replay(action: QueuedAction): Promise<unknown> {
  const query = REPLAYED_WITH_TIME.has(action.operation) ? { at: action.madeAt } : undefined;
  return callApi(action.operation, { params: action.params, query, body: action.body });
}

let queue: OfflineQueue | null = null;
let pendingCount = 0;
const pendingListeners = new Set<() => void>();

function setPending(count: number) {
  if (count === pendingCount) return;
  pendingCount = count;
  for (const listener of pendingListeners) listener();
}

/** Whether the signed-in reader has actions waiting for the network (for "Saved offline — will sync"). */
export function useHasPendingSync(): boolean {
  return useSyncExternalStore(
    (listener) => {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    () => pendingCount > 0,
    () => false,
  );
}

const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

function withBrowserLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator === "undefined" || !navigator.locks) return run();
  return navigator.locks.request("quire-offline-queue", run) as Promise<T>;
}

/**
 * Starts the queue for the app: it follows the session (a user's own actions only; signing out clears
 * them) and flushes at start, on the `online` event, and when any request succeeds while it waits to retry.
 */
export function startOfflineSync(
  queryClient: QueryClient,
  store: QueueStore = typeof indexedDB === "undefined" ? new MemoryQueueStore() : new IndexedDbQueueStore(),
): () => void {
  const started = new OfflineQueue({
    store,
    send: replay,
    // Star counts, shelves, annotation ids and progress come from the server again.
    onSettled: () => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "session" }),
    isOnline: browserOnline,
    withLock: withBrowserLock,
    log: (message, detail) => console.warn(message, detail),
    onPendingChange: setPending,
  });
  queue = started;
  const followSession = () => {
    const user = queryClient.getQueryData<Me | null>(SESSION_QUERY_KEY);
    if (user === undefined) return;
    const before = started.currentUser;
    if (before === (user?.id ?? null)) return;
    started.setUser(user?.id ?? null);
    if (before && !user) void started.clear(before);
    if (user) void started.flush();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) followSession();
    else if (event.type === "updated" && event.action.type === "success" && started.isWaitingToRetry) {
      void started.flush();
    }
  });
  const onOnline = () => void started.flush();
  window.addEventListener("online", onOnline);
  followSession();
  return () => {
    unsubscribe();
    window.removeEventListener("online", onOnline);
    started.setUser(null);
    if (queue === started) queue = null;
  };
}

export interface QueueOptions {
  /** Another action on the same target replaces this one while both wait (a star then an unstar). */
  target?: string;
  madeAt?: string;
}

/**
 * Sends a write now, or, offline (or behind earlier queued writes, to keep their order), queues it and
 * answers QUEUED_OFFLINE so the caller keeps its optimistic change. Signed out, it is a plain call.
 */
export async function sendOrQueue<K extends QueueableOperation>(
  operation: K,
  call: ApiRequest<K>,
  options: QueueOptions = {},
): Promise<ApiResponse<K> | QueuedOffline> {
  const active = queue?.currentUser ? queue : null;
  if (active && (!browserOnline() || (await active.hasPending()))) {
    await queueWrite(operation, call, options);
    return QUEUED_OFFLINE;
  }
  try {
    return (await callApi(operation, call as { params?: object; body?: unknown })) as ApiResponse<K>;
  } catch (error) {
    if (isNetworkFailure(error) && (await queueWrite(operation, call, options))) return QUEUED_OFFLINE;
    throw error;
  }
}

/**
 * Queues a write that could not be sent (a caller with its own request, such as the reader's keepalive
 * progress save); false when nobody is signed in, so there is no queue to keep it.
 */
export async function queueWrite<K extends QueueableOperation>(
  operation: K,
  call: ApiRequest<K>,
  options: QueueOptions = {},
): Promise<boolean> {
  const active = queue?.currentUser ? queue : null;
  if (!active) return false;
  const { params, body } = call as { params?: Record<string, string>; body?: unknown };
  const madeAt = options.madeAt ?? new Date().toISOString();
  await active.enqueue({ operation, params: params ?? {}, body, madeAt, target: options.target });
  void active.flush();
  return true;
}

/** Changes a write still waiting in the queue; false when it is not there (already sent, or never queued). */
export function amendQueued(target: string, change: Parameters<OfflineQueue["amend"]>[1]): Promise<boolean> {
  return queue?.amend(target, change) ?? Promise.resolve(false);
}
