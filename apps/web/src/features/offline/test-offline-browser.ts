import { vi } from "vitest";
import { FakeCacheStorage } from "./test-cache-storage";

/** A service worker as the page sees one: its state, messages posted to it, and its statechange event. */
export class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  readonly postMessage = vi.fn();

  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

export class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  readonly update = vi.fn(async () => undefined);

  /** The browser found a new version and is installing it. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

/**
 * The browser parts offline reading uses — Cache Storage, navigator.onLine and its events, the storage estimate
 * and the service worker container — stubbed for a component test. `goOffline`/`goOnline` fire the events.
 */
export function offlineBrowser(options: { controlled?: boolean; estimate?: { usage: number; quota: number } } = {}) {
  const storage = new FakeCacheStorage(window.location.origin);
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: options.controlled === false ? null : new FakeWorker(),
    register: vi.fn(async () => registration),
  });
  const state = { onLine: true, estimate: options.estimate ?? { usage: 0, quota: 1_000_000_000 } };
  vi.stubGlobal("caches", storage);
  vi.stubGlobal("navigator", {
    userAgent: navigator.userAgent,
    get onLine() {
      return state.onLine;
    },
    serviceWorker: container,
    storage: { estimate: async () => state.estimate },
  });
  const setOnline = (onLine: boolean) => {
    state.onLine = onLine;
    window.dispatchEvent(new Event(onLine ? "online" : "offline"));
  };
  return {
    storage,
    registration,
    container,
    state,
    goOffline: () => setOnline(false),
    goOnline: () => setOnline(true),
  };
}
