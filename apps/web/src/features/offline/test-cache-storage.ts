/**
 * Cache Storage in memory for tests (happy-dom has none), with the parts the download manager and
 * public/sw.js use: open, has, delete, keys, match (cacheName, ignoreVary), and a cache's put, addAll,
 * match and keys. Requests are keyed by absolute URL, as browsers key them (Vary is not modelled).
 */
export class FakeCache {
  readonly entries = new Map<string, Response>();
  /** What addAll asked the network for, with the request's cache mode. */
  readonly added: { url: string; cache: RequestCache }[] = [];

  constructor(
    private readonly origin: string,
    private readonly network: (request: Request) => Promise<Response>,
  ) {}

  key(request: RequestInfo | URL): string {
    const url = request instanceof Request ? request.url : String(request);
    return new URL(url, this.origin).href;
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(this.key(request))?.clone();
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    // A browser reads the whole body before the put settles; so does this copy.
    const body = await response.arrayBuffer();
    const { status, statusText, headers } = response;
    this.entries.set(this.key(request), new Response(status === 204 ? null : body, { status, statusText, headers }));
  }

  async addAll(requests: Request[]): Promise<void> {
    for (const request of requests) {
      this.added.push({ url: this.key(request), cache: request.cache });
      const response = await this.network(request);
      if (!response.ok) throw new TypeError(`addAll: ${request.url} answered ${response.status}`);
      await this.put(request, response);
    }
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  constructor(
    private readonly origin: string,
    private readonly network: (request: Request) => Promise<Response> = async () => new Response("", { status: 404 }),
  ) {}

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache(this.origin, this.network);
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options: { cacheName?: string } = {}): Promise<Response | undefined> {
    const names = options.cacheName ? [options.cacheName] : [...this.caches.keys()];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /** A cache's stored answer as text, for assertions. */
  async text(name: string, url: string): Promise<string | undefined> {
    return (await this.caches.get(name)?.match(url))?.text();
  }

  /** The paths (with their query) a cache holds, sorted. */
  paths(name: string): string[] {
    const cache = this.caches.get(name);
    if (!cache) return [];
    return [...cache.entries.keys()].map((url) => url.slice(this.origin.length)).sort();
  }
}
