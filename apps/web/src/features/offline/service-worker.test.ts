import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import workerSource from "../../../public/sw.js?raw";
import { signedIn } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { bookCacheName, DOWNLOAD_RECORD_URL, downloadBook } from "./download-manager";
import { withPrecache } from "./precache";
import { BOOK_ID, serveBook } from "./test-book-server";
import { FakeCacheStorage } from "./test-cache-storage";

const ORIGIN = window.location.origin;
const SHELL_HTML = '<!doctype html><div id="root"></div>';
const PRECACHE = { version: "build-2", urls: ["/", "/assets/index-abc.js", "/theme-init.js"] };

let storage: FakeCacheStorage;
/** What the network answers the worker; offline, it rejects as a browser's fetch does. */
let network: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

/** happy-dom's Request drops `cache`; the worker's precache asks for "no-cache", and the test checks it. */
class RequestWithCacheMode extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    Object.defineProperty(this, "cache", { value: init?.cache ?? "default" });
  }
}

beforeEach(() => {
  vi.stubGlobal("Request", RequestWithCacheMode);
  network = vi.fn(async (request: Request) => new Response(`network ${new URL(request.url).pathname}`));
  storage = new FakeCacheStorage(ORIGIN, (request) => network(request));
  vi.stubGlobal("caches", storage);
  vi.stubGlobal("navigator", { ...navigator, storage: { estimate: async () => ({ usage: 0, quota: 1e9 }) } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const goOffline = () => network.mockRejectedValue(new TypeError("Failed to fetch"));

/** Runs public/sw.js as the build writes it (with PRECACHE filled in) against a fake worker scope. */
function startWorker(source = withPrecache(workerSource, PRECACHE)) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    caches: storage,
    fetch: async (input: RequestInfo) =>
      network(input instanceof Request ? input : new Request(new URL(input, ORIGIN))),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
    registration: { navigationPreload: { enable: vi.fn(async () => undefined) } },
  };
  new Function("self", source)(scope);

  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }

  /** A request through the worker: its answer, or undefined when it leaves the request to the browser. */
  async function request(
    path: string,
    init: RequestInit & { mode?: RequestMode; preloadResponse?: Promise<Response | undefined> } = {},
  ) {
    let answer: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    const { mode, preloadResponse = Promise.resolve(undefined), ...rest } = init;
    const made = new Request(new URL(path, ORIGIN), rest);
    // A page's Request cannot be made with mode "navigate"; only the browser makes those.
    if (mode) Object.defineProperty(made, "mode", { value: mode });
    const event = {
      request: made,
      preloadResponse,
      respondWith: (response: Promise<Response>) => {
        answer = response;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    };
    listeners.get("fetch")?.(event);
    const response = answer ? await answer : undefined;
    await Promise.all(pending);
    return response;
  }

  return { scope, dispatch, request, install: () => dispatch("install", {}), activate: () => dispatch("activate", {}) };
}

describe("the service worker's shell", () => {
  it("precaches the build's files into a cache named by its version, past the HTTP cache", async () => {
    const worker = startWorker();
    await worker.install();
    expect(await storage.keys()).toEqual(["quire-shell-build-2"]);
    const shell = await storage.open("quire-shell-build-2");
    expect(shell.added).toEqual(PRECACHE.urls.map((url) => ({ url: `${ORIGIN}${url}`, cache: "no-cache" })));
    // An update waits for the page's "Reload": installing does not skip waiting.
    expect(worker.scope.skipWaiting).not.toHaveBeenCalled();
  });

  it("precaches nothing when the file was not built (vite dev)", async () => {
    await startWorker(workerSource).install();
    expect(await storage.keys()).toEqual([]);
    expect(network).not.toHaveBeenCalled();
  });

  it("takes over when the page says so", async () => {
    const worker = startWorker();
    await worker.dispatch("message", { data: { type: "SKIP_WAITING" } });
    expect(worker.scope.skipWaiting).toHaveBeenCalledTimes(1);
    await worker.dispatch("message", { data: { type: "something else" } });
    expect(worker.scope.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it("on activation deletes older shells, keeps downloads, turns on navigation preload and takes control", async () => {
    await storage.open("quire-shell-build-1");
    await storage.open(bookCacheName("b9"));
    const worker = startWorker();
    await worker.install();
    await worker.activate();
    expect((await storage.keys()).sort()).toEqual(["quire-book-b9", "quire-shell-build-2"]);
    expect(worker.scope.clients.claim).toHaveBeenCalled();
    expect(worker.scope.registration.navigationPreload.enable).toHaveBeenCalled();
  });

  it("sends pages to the network, and offline answers any page with the precached shell", async () => {
    network.mockImplementation(async (request) =>
      new URL(request.url).pathname === "/" ? new Response(SHELL_HTML) : new Response("page from network"),
    );
    const worker = startWorker();
    await worker.install();
    expect(await (await worker.request("/read/b1", { mode: "navigate" }))?.text()).toBe("page from network");
    goOffline();
    expect(await (await worker.request("/read/b1", { mode: "navigate" }))?.text()).toBe(SHELL_HTML);
    expect(await (await worker.request("/library", { mode: "navigate" }))?.text()).toBe(SHELL_HTML);
  });

  it("answers a page with the browser's preloaded response when there is one", async () => {
    const worker = startWorker();
    network.mockClear();
    const preloaded = worker.request("/browse", {
      mode: "navigate",
      preloadResponse: Promise.resolve(new Response("preloaded page")),
    });
    expect(await (await preloaded)?.text()).toBe("preloaded page");
    expect(network).not.toHaveBeenCalled();
  });

  it("offline with no shell yet, a page fails as it would without the worker", async () => {
    const worker = startWorker(workerSource);
    goOffline();
    await expect(worker.request("/", { mode: "navigate" })).rejects.toThrow("Failed to fetch");
  });

  it("serves the build's files from the precache without asking the network", async () => {
    const worker = startWorker();
    await worker.install();
    network.mockClear();
    goOffline();
    expect(await (await worker.request("/assets/index-abc.js"))?.text()).toBe("network /assets/index-abc.js");
    expect(network).not.toHaveBeenCalled();
  });

  it("leaves alone what offline reading has no part in: other origins, other API calls, writes", async () => {
    const worker = startWorker();
    expect(await worker.request("https://cdn.example/x.png")).toBeUndefined();
    expect(await worker.request("/api/v1/feed")).toBeUndefined();
    expect(await worker.request("/api/v1/stream")).toBeUndefined();
    expect(await worker.request("/api/v1/books/b1/progress", { method: "PUT", body: "{}" })).toBeUndefined();
    expect(await worker.request("/assets/from-another-build.js")).toBeUndefined();
  });
});

describe("the service worker and downloaded books", () => {
  async function downloaded(userId: string | null = "user-1") {
    serveBook();
    await downloadBook(BOOK_ID, { userId });
    return startWorker();
  }

  it("answers the reader online from the network, and offline from the download", async () => {
    const worker = await downloaded();
    expect(await (await worker.request("/api/v1/books/b1/chapters/c2"))?.text()).toBe(
      "network /api/v1/books/b1/chapters/c2",
    );
    goOffline();
    const chapter = await worker.request("/api/v1/books/b1/chapters/c1");
    expect(await chapter?.json()).toMatchObject({ chapter: { anchorId: "c1" } });
    expect(await (await worker.request("/api/v1/books/b1/chapters?cursor=page-2"))?.json()).toMatchObject({
      items: [{ anchorId: "c2" }],
    });
    expect(await (await worker.request("/files/books/b1/v1/a/fonts/g.woff2"))?.text()).toBe("font-bytes");
    expect(await (await worker.request("/api/v1/books/b1/progress"))?.json()).toMatchObject({
      progress: { currentChapter: "c2" },
    });
  });

  it("offline, a request no download holds fails as it would without the worker", async () => {
    const worker = await downloaded();
    goOffline();
    await expect(worker.request("/api/v1/books/b2/chapters/c1")).rejects.toThrow("Failed to fetch");
    await expect(worker.request("/api/v1/books/b1/search?q=night")).rejects.toThrow("Failed to fetch");
  });

  it("keeps a download current: a fresh answer online replaces the stored one, and adds nothing new", async () => {
    const worker = await downloaded();
    network.mockImplementation(async () => Response.json({ progress: { currentChapter: "c9" }, chapters: [] }));
    await worker.request("/api/v1/books/b1/progress");
    await worker.request("/api/v1/books/b1/after-reading");
    const name = bookCacheName(BOOK_ID);
    expect(JSON.parse((await storage.text(name, "/api/v1/books/b1/progress")) ?? "")).toMatchObject({
      progress: { currentChapter: "c9" },
    });
    expect(storage.paths(name)).not.toContain("/api/v1/books/b1/after-reading");
  });

  it("remembers the session for offline starts", async () => {
    const worker = startWorker();
    const me = makeMe({ id: "user-1" });
    network.mockImplementation(async () => Response.json({ user: me }));
    await worker.request("/api/auth/get-session");
    goOffline();
    expect(await (await worker.request("/api/auth/get-session"))?.json()).toEqual({ user: me });
  });

  it("offline, answers the session from a download when it never saw one itself", async () => {
    serveBook(signedIn);
    await downloadBook(BOOK_ID, { userId: makeMe().id });
    const worker = startWorker();
    goOffline();
    expect(await (await worker.request("/api/auth/get-session"))?.json()).toEqual({ user: makeMe() });
  });

  it("a session answer naming someone else, or nobody, drops the signed-in reader's downloads", async () => {
    const worker = await downloaded("user-1");
    const visitorBook = await storage.open(bookCacheName("visitor-book"));
    await visitorBook.put(DOWNLOAD_RECORD_URL, Response.json({ bookId: "visitor-book", userId: null }));
    network.mockImplementation(async () => Response.json({ user: makeMe({ id: "user-1" }) }));
    await worker.request("/api/auth/get-session");
    expect(await storage.has(bookCacheName(BOOK_ID))).toBe(true);

    network.mockImplementation(async () => Response.json({ user: makeMe({ id: "user-2" }) }));
    await worker.request("/api/auth/get-session");
    expect(await storage.has(bookCacheName(BOOK_ID))).toBe(false);
    expect(await storage.has(bookCacheName("visitor-book"))).toBe(true);

    await downloadBook(BOOK_ID, { userId: "user-2" });
    network.mockImplementation(async () => Response.json({ user: null }));
    await worker.request("/api/auth/get-session");
    expect(await storage.has(bookCacheName(BOOK_ID))).toBe(false);
    expect(await storage.has(bookCacheName("visitor-book"))).toBe(true);
  });

  it("signing out forgets the session and the reader's downloads", async () => {
    const worker = await downloaded("user-1");
    network.mockImplementation(async () => Response.json({ user: makeMe({ id: "user-1" }) }));
    await worker.request("/api/auth/get-session");
    network.mockImplementation(async () => new Response(null, { status: 204 }));
    const answer = await worker.request("/api/auth/sign-out", { method: "POST" });
    expect(answer?.status).toBe(204);
    expect(await storage.keys()).toEqual([]);
  });
});
