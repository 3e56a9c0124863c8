import type { ApiOperationName } from "@quire/core";

/** The writes that may wait for the network: each is safe to send later, with the reader's original time. */
export const QUEUEABLE_OPERATIONS = [
  "progress.putChapter",
  "books.star",
  "books.unstar",
  "me.listPut",
  "me.listDelete",
  "annotations.create",
  "annotations.update",
  "annotations.delete",
] as const satisfies readonly ApiOperationName[];
export type QueueableOperation = (typeof QUEUEABLE_OPERATIONS)[number];

export interface QueuedAction {
  /** Order of arrival (assigned by the store). */
  seq: number;
  /** Whose action it is: another account signing in on this browser never sends it. */
  userId: string;
  operation: QueueableOperation;
  params: Record<string, string>;
  body?: unknown;
  /** When the reader did it (progress also carries it in its body as `readAt`). */
  madeAt: string;
  /** Actions with the same key change the same thing: only the newest is kept. */
  target?: string;
  /** Failed tries with a server error (a network failure does not count). */
  serverFailures: number;
}

export type NewAction = Omit<QueuedAction, "seq">;

export interface QueueStore {
  /** The user's actions, oldest first. */
  list(userId: string): Promise<QueuedAction[]>;
  add(action: NewAction): Promise<void>;
  update(action: QueuedAction): Promise<void>;
  remove(seq: number): Promise<void>;
  clear(userId: string): Promise<void>;
}

/** Tests and browsers without IndexedDB: the same behaviour, kept only while the page lives. */
export class MemoryQueueStore implements QueueStore {
  private readonly actions = new Map<number, QueuedAction>();
  private nextSeq = 1;

  async list(userId: string): Promise<QueuedAction[]> {
    return [...this.actions.values()]
      .filter((action) => action.userId === userId)
      .map((action) => structuredClone(action));
  }

  async add(action: NewAction): Promise<void> {
    const seq = this.nextSeq++;
    this.actions.set(seq, { ...structuredClone(action), seq });
  }

  async update(action: QueuedAction): Promise<void> {
    if (this.actions.has(action.seq)) this.actions.set(action.seq, structuredClone(action));
  }

  async remove(seq: number): Promise<void> {
    this.actions.delete(seq);
  }

  async clear(userId: string): Promise<void> {
    for (const [seq, action] of this.actions) if (action.userId === userId) this.actions.delete(seq);
  }
}

const DB = { name: "quire-offline-queue", version: 1, store: "actions", byUser: "userId" } as const;

/** IndexedDB keeps the queue across reloads and closed tabs, and every tab of the origin sees one queue. */
export class IndexedDbQueueStore implements QueueStore {
  private database: Promise<IDBDatabase> | undefined;

  async list(userId: string): Promise<QueuedAction[]> {
    const actions = await this.run<QueuedAction[]>("readonly", (store) => store.index(DB.byUser).getAll(userId));
    return actions.sort((a, b) => a.seq - b.seq);
  }

  async add(action: NewAction): Promise<void> {
    await this.run("readwrite", (store) => store.add(action));
  }

  async update(action: QueuedAction): Promise<void> {
    await this.run("readwrite", (store) => store.put(action));
  }

  async remove(seq: number): Promise<void> {
    await this.run("readwrite", (store) => store.delete(seq));
  }

  async clear(userId: string): Promise<void> {
    await this.run(
      "readwrite",
      (store) => store.index(DB.byUser).openCursor(userId),
      (request) => {
        const cursor = (request as IDBRequest<IDBCursorWithValue | null>).result;
        if (!cursor) return;
        cursor.delete();
        cursor.continue();
      },
    );
  }

  private open(): Promise<IDBDatabase> {
    this.database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(DB.name, DB.version);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(DB.store, { keyPath: "seq", autoIncrement: true });
        store.createIndex(DB.byUser, "userId");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.database;
  }

  private async run<T>(
    mode: IDBTransactionMode,
    use: (store: IDBObjectStore) => IDBRequest,
    onEachSuccess?: (request: IDBRequest) => void,
  ): Promise<T> {
    const database = await this.open();
    return new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(DB.store, mode);
      const request = use(transaction.objectStore(DB.store));
      if (onEachSuccess) request.onsuccess = () => onEachSuccess(request);
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }
}
