import { SESSION_COOKIE_NAME } from "@quire/core";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * A small in-process cache of serialized responses with a time to live and a size bound (least
 * recently used out first). It trades at most `ttlMs` of staleness for not redoing identical work:
 * public catalogue pages are read far more often than they change.
 */
/** A response body as a route sent it: text, or UTF-8 a route encoded once for many readers. */
export type CachedBody = string | Buffer;

export class ResponseCache {
  private readonly entries = new Map<string, { body: CachedBody; expiresAt: number }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) {
      if (entry) this.entries.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.body;
  }

  set(key: string, body: CachedBody): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expiresAt: this.now() + this.ttlMs });
  }

  /** Drops everything, for writes that change what the cached pages show. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface PublicReadOptions {
  /**
   * Every answer of the plugin is the same whoever asks (no route reads the viewer): signed-in readers are
   * served the visitors' entries, and fill them. Their own state on a book or a person comes from its own request.
   */
  sameForEveryone?: boolean;
  /** Routes of such a plugin (by path) that do depend on the viewer: only visitors' answers are cached. */
  personal?: readonly string[];
}

/**
 * Serves cached bodies for the plugin's GET routes before any work, and stores fresh 200 answers.
 * By default only anonymous requests are cached: anything carrying credentials (a session cookie or an
 * Authorization header) may be personal, unless the plugin says its answers are the same for everyone.
 */
export function cachePublicReads(app: FastifyInstance, cache: ResponseCache, options: PublicReadOptions = {}): void {
  if (!cache.enabled) return;
  const personal = new Set(options.personal);
  // Only credentials make a request personal: other cookies (the campaign one) must not cost the cache.
  const isCacheable = (request: FastifyRequest) =>
    request.method === "GET" &&
    ((options.sameForEveryone && !personal.has(request.routeOptions.url ?? "")) ||
      (!request.headers.authorization && !hasSessionCookie(request.headers.cookie)));

  app.addHook("onRequest", async (request, reply) => {
    if (!isCacheable(request)) return;
    const body = cache.get(request.url);
    if (body === undefined) return;
    return reply.header("content-type", CACHED_CONTENT_TYPE).header(CACHE_HEADER, "hit").send(body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.getHeader(CACHE_HEADER) === "hit" || !isCacheable(request)) return payload;
    if (reply.statusCode === 200 && (typeof payload === "string" || Buffer.isBuffer(payload))) {
      cache.set(request.url, payload);
      reply.header(CACHE_HEADER, "miss");
    }
    return payload;
  });
}

const CACHE_HEADER = "x-quire-cache";
const SESSION_COOKIE = new RegExp(`(^|;\\s*)${SESSION_COOKIE_NAME}=`);

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
const CACHED_CONTENT_TYPE = "application/json; charset=utf-8";
