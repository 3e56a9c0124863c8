import { vi } from "vitest";

/*
 * The browser APIs push uses — Notification, navigator.serviceWorker, PushManager, indexedDB —
 * faked just far enough for the push client, since happy-dom has none of them. Our own code (the
 * API client included) runs for real; the API answers come from test/api-mock's fetch table.
 */

/** A P-256 public key's shape: 65 bytes, uncompressed point marker first, base64url without padding. */
export const VAPID_PUBLIC_KEY = base64Url(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index)));

export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export interface SubscriptionDetails {
  endpoint: string | null;
  keys: { p256dh: string; auth: string } | null;
}

let counter = 0;
/** A new subscription's details, as a push service would hand them out (each call a different one). */
export function freshDetails(): { endpoint: string; keys: { p256dh: string; auth: string } } {
  counter += 1;
  return {
    endpoint: `https://push.example.test/send/${counter}`,
    keys: {
      p256dh: base64Url(Uint8Array.from({ length: 65 }, (_, index) => (index + counter) % 256)),
      auth: base64Url(Uint8Array.from({ length: 16 }, (_, index) => (index * counter) % 256)),
    },
  };
}

export class FakeSubscription {
  unsubscribed = false;
  constructor(
    private readonly manager: FakePushManager,
    public details: SubscriptionDetails,
    readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean },
  ) {}
  get endpoint() {
    return this.details.endpoint ?? "";
  }
  toJSON() {
    return {
      endpoint: this.details.endpoint ?? undefined,
      expirationTime: null,
      keys: this.details.keys ?? undefined,
    };
  }
  async unsubscribe() {
    if (this.manager.unsubscribeAnswer === false) return false;
    this.unsubscribed = true;
    if (this.manager.current === this) this.manager.current = null;
    return true;
  }
}

export class FakePushManager {
  current: FakeSubscription | null = null;
  /** What the next subscribe() hands out; a thrown Error when the push service refuses. */
  nextSubscription: SubscriptionDetails | Error = freshDetails();
  unsubscribeAnswer = true;
  readonly subscribeCalls: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[] = [];

  async getSubscription() {
    return this.current;
  }
  async subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) {
    this.subscribeCalls.push(options);
    const next = this.nextSubscription;
    if (next instanceof Error) throw next;
    this.current = new FakeSubscription(this, next, {
      userVisibleOnly: options.userVisibleOnly,
      applicationServerKey: options.applicationServerKey.slice().buffer,
    });
    this.nextSubscription = freshDetails();
    return this.current;
  }
}

/** An IndexedDB holding object stores in memory, with the request/transaction events the store relies on. */
export class FakeIndexedDb {
  readonly stores = new Map<string, Map<IDBValidKey, unknown>>();
  private created = false;

  open(_name: string, _version: number) {
    const request: Record<string, unknown> & { result?: unknown } = {};
    const database = {
      createObjectStore: (name: string) => this.stores.set(name, new Map()),
      transaction: (name: string) => this.transaction(name),
      close: () => undefined,
    };
    setTimeout(() => {
      request.result = database;
      if (!this.created) {
        this.created = true;
        (request.onupgradeneeded as (() => void) | undefined)?.();
      }
      (request.onsuccess as (() => void) | undefined)?.();
    });
    return request;
  }

  private transaction(name: string) {
    const store = this.stores.get(name);
    if (!store) throw new Error(`no store ${name}`);
    const transaction: Record<string, unknown> = {};
    const run = (work: () => unknown) => {
      const request = { result: work() };
      setTimeout(() => (transaction.oncomplete as () => void)());
      return request;
    };
    transaction.objectStore = () => ({
      get: (key: IDBValidKey) => run(() => structuredClone(store.get(key))),
      put: (value: unknown, key: IDBValidKey) => run(() => store.set(key, structuredClone(value)) && key),
      delete: (key: IDBValidKey) => run(() => store.delete(key) && undefined),
    });
    return transaction;
  }
}

export interface FakeBrowserOptions {
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  promptAnswer?: NotificationPermission;
  /** Leave out an API to play a browser without it. */
  without?: ("PushManager" | "indexedDB" | "serviceWorker")[];
  /** register() rejects with this. */
  registerFailure?: Error;
  /** navigator.serviceWorker.ready never settles (a worker that never activates). */
  neverReady?: boolean;
}

export interface FakeBrowser {
  pushManager: FakePushManager;
  indexedDb: FakeIndexedDb;
  register: ReturnType<typeof vi.fn>;
  requestPermission: ReturnType<typeof vi.fn>;
  setPermission(permission: NotificationPermission): void;
}

/** Installs the fakes on the global scope; `uninstallFakeBrowser` (in afterEach) takes them away again. */
export function installFakeBrowser(options: FakeBrowserOptions = {}): FakeBrowser {
  const without = new Set(options.without ?? []);
  const pushManager = new FakePushManager();
  const indexedDb = new FakeIndexedDb();
  let permission: NotificationPermission = options.permission ?? "default";
  const requestPermission = vi.fn(async () => {
    permission = options.promptAnswer ?? "granted";
    return permission;
  });
  vi.stubGlobal("Notification", {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  if (!without.has("PushManager")) vi.stubGlobal("PushManager", FakePushManager);
  vi.stubGlobal("indexedDB", without.has("indexedDB") ? undefined : indexedDb);

  const registration = { scope: "/", pushManager };
  let registered = false;
  const register = vi.fn(async (_url: string, _options: RegistrationOptions) => {
    if (options.registerFailure) throw options.registerFailure;
    registered = true;
    return registration;
  });
  if (!without.has("serviceWorker")) {
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: {
        register,
        ready: options.neverReady ? new Promise(() => undefined) : Promise.resolve(registration),
        getRegistration: async () => (registered ? registration : undefined),
      },
    });
  }
  return {
    pushManager,
    indexedDb,
    register,
    requestPermission,
    setPermission: (next) => {
      permission = next;
    },
  };
}

export function uninstallFakeBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
}
