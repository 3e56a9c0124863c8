import { PushError } from "./push-errors";

/** What this browser remembers about its push registration, to notice a stale or changed subscription. */
export interface StoredRegistration {
  /** Whose registration it is: another account signing in on this browser must not inherit it. */
  userId: string;
  registrationId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The server's `updatedAt`: the 7-day refresh counts from the last time the server accepted it. */
  updatedAt: string;
}

/**
 * Where the record lives. public/sw.js reads and rewrites it too but cannot import this file, so it
 * repeats these values; service-worker.test.ts fails when the two disagree.
 */
export const REGISTRATION_DB = { name: "quire-push", version: 1, store: "registration", key: "current" } as const;
const { store: STORE, key: KEY } = REGISTRATION_DB;

/*
 * IndexedDB rather than localStorage because a service worker can reach it and localStorage it cannot;
 * SPEC §8 counts "IndexedDB unsupported" among the push failures, so a browser without it cannot turn push on.
 */
function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available");
      request = indexedDB.open(REGISTRATION_DB.name, REGISTRATION_DB.version);
    } catch (error) {
      reject(new PushError("indexedDbUnsupported", { cause: error }));
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new PushError("indexedDbUnsupported", { cause: request.error }));
  });
}

async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = use(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(new PushError("indexedDbUnsupported", { cause: transaction.error }));
    });
  } finally {
    database.close();
  }
}

/** Rejects with the "IndexedDB unsupported" PushError when the browser cannot open the database. */
export async function readRegistration(): Promise<StoredRegistration | undefined> {
  return (await withStore<StoredRegistration | undefined>("readonly", (store) => store.get(KEY))) ?? undefined;
}

export async function writeRegistration(registration: StoredRegistration): Promise<void> {
  await withStore("readwrite", (store) => store.put(registration, KEY));
}

export async function clearRegistration(): Promise<void> {
  await withStore("readwrite", (store) => store.delete(KEY));
}
