import { createHash, randomUUID } from "node:crypto";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { AppError } from "@quire/core";
import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "pino";
import type { Config } from "../../config";
import { type AttemptLimit, type AttemptLimiter, attemptsExceeded } from "../attempt-limiter";
import { LocalPublicChanges } from "./memory-shared-state";
import type { OneTimeTokens, PublicChanges, SharedState } from "./shared-state";

type RedisConfig = NonNullable<Config["redis"]>;

/**
 * A request waits at most this long for Redis before it is refused: limits fail closed, so an outage
 * costs answers, never protection.
 */
const COMMAND_TIMEOUT_MS = 1000;
/** The subscriber connection may still be on its way at start-up; the process serves meanwhile. */
const SUBSCRIBE_WAIT_MS = 2000;

const COMMAND_OPTIONS: RedisOptions = {
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2000,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
};

/**
 * One counting step for a fixed window: INCR, and PEXPIRE when the key has no expiry yet (its first hit),
 * inside one script, so hits from any number of processes are counted exactly and a window always ends.
 */
const FIXED_WINDOW_HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithWindowHit = Redis & { quireWindowHit(key: string, windowMs: number): Promise<[number, number]> };

/** Fixed-window counters in Redis; a failure to count is an `unavailable` answer (fail closed). */
export class RedisWindows {
  private readonly redis: WithWindowHit;

  constructor(redis: Redis) {
    redis.defineCommand("quireWindowHit", { numberOfKeys: 1, lua: FIXED_WINDOW_HIT });
    this.redis = redis as WithWindowHit;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetsInMs: number }> {
    try {
      const [count, resetsInMs] = await this.redis.quireWindowHit(key, windowMs);
      return { count, resetsInMs };
    } catch (error) {
      throw AppError.of("limitsUnavailable", { cause: error });
    }
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly windows: RedisWindows,
    private readonly keyPrefix: string,
    private readonly limit: AttemptLimit,
    private readonly logger: Logger,
  ) {}

  async hit(key: string): Promise<void> {
    const { count, resetsInMs } = await this.windows.hit(this.keyOf(key), this.limit.windowMs);
    if (count > this.limit.max) throw attemptsExceeded(resetsInMs);
  }

  /** A reset that cannot reach Redis only leaves the window to end by itself: the attempt that earned it succeeded. */
  async reset(key: string): Promise<void> {
    await this.windows.forget(this.keyOf(key)).catch((error: unknown) => {
      this.logger.warn({ err: error, limiter: this.limit.name }, "could not reset an attempt window in Redis");
    });
  }

  // Keys are emails and account ids: hashed, so Redis holds no personal data and keys stay short.
  private keyOf(key: string): string {
    const digest = createHash("sha256").update(key).digest("base64url").slice(0, 32);
    return `${this.keyPrefix}attempts:${this.limit.name}:${digest}`;
  }
}

/** A @fastify/rate-limit store on the shared windows, one key space per route (as the plugin's own stores). */
export function sharedRateLimitStore(windows: RedisWindows, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly routeKey = `${keyPrefix}rate:`,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      windows.hit(`${this.routeKey}${key}`, timeWindow).then(
        ({ count, resetsInMs }) => callback(null, { current: count, ttl: resetsInMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
      return new SharedRateLimitStore({}, `${keyPrefix}rate:${String(routeOptions.method)}:${routeOptions.url}:`);
    }
  };
}

export class RedisOneTimeTokens implements OneTimeTokens {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {}

  async claim(id: string, expiresAtMs: number): Promise<boolean> {
    try {
      // NX makes the first SET win across processes; PXAT forgets the token when it could not verify anyway.
      return (await this.redis.set(`${this.keyPrefix}captcha-used:${id}`, "1", "PXAT", expiresAtMs, "NX")) === "OK";
    } catch (error) {
      this.logger.error({ err: error }, "could not record a used captcha in Redis; refusing it");
      return false;
    }
  }
}

/**
 * Each process keeps its own response cache; an announced change clears this process's at once and is
 * published for the others. Messages lost while a connection is down are bounded by the cache's TTL, and a
 * reconnected subscriber clears its cache because it may have missed some.
 */
export class RedisPublicChanges implements PublicChanges {
  private readonly local = new LocalPublicChanges();
  private readonly processId = randomUUID();

  constructor(
    private readonly publisher: Redis,
    readonly channel: string,
    private readonly logger: Logger,
  ) {}

  announce(): void {
    this.local.announce();
    this.publisher.publish(this.channel, this.processId).catch((error: unknown) => {
      this.logger.warn(
        { err: error },
        "could not publish a public change; other processes' caches expire by themselves",
      );
    });
  }

  onChange(listener: () => void): void {
    this.local.onChange(listener);
  }

  /** A message from a process (ours is skipped: its listeners already ran), or a reconnection. */
  received(senderId: string | undefined): void {
    if (senderId !== this.processId) this.local.announce();
  }
}

export class RedisSharedState implements SharedState {
  readonly captchaTokens: RedisOneTimeTokens;
  readonly rateLimit: { store: FastifyRateLimitStoreCtor };
  readonly publicChanges: RedisPublicChanges;
  private readonly windows: RedisWindows;

  constructor(
    private readonly commands: Redis,
    private readonly subscriber: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {
    this.windows = new RedisWindows(commands);
    this.captchaTokens = new RedisOneTimeTokens(commands, keyPrefix, logger);
    this.rateLimit = { store: sharedRateLimitStore(this.windows, keyPrefix) };
    this.publicChanges = new RedisPublicChanges(commands, `${keyPrefix}public-changes`, logger);
  }

  attemptLimiter(limit: AttemptLimit): AttemptLimiter {
    return new RedisAttemptLimiter(this.windows, this.keyPrefix, limit, this.logger);
  }

  /** Subscribes to other processes' public changes; waits a little for it, never fails start-up. */
  async listen(): Promise<void> {
    const { channel } = this.publicChanges;
    this.subscriber.on("message", (from: string, senderId: string) => {
      if (from === channel) this.publicChanges.received(senderId);
    });
    const subscribed = this.subscriber.subscribe(channel).then(
      () => {
        // From now on, every (re)connection may have missed messages.
        this.subscriber.on("ready", () => this.publicChanges.received(undefined));
        return true;
      },
      (error: unknown) => {
        this.logger.error({ err: error }, "could not subscribe to public changes in Redis");
        return false;
      },
    );
    const waited = await Promise.race([subscribed, delay(SUBSCRIBE_WAIT_MS)]);
    if (waited !== true) this.logger.warn("Redis is not reachable yet: limits refuse requests until it is");
  }

  async close(): Promise<void> {
    await Promise.all([closeConnection(this.commands), closeConnection(this.subscriber)]);
  }
}

export async function connectRedisSharedState(config: RedisConfig, logger: Logger): Promise<RedisSharedState> {
  const commands = new Redis(config.url, COMMAND_OPTIONS);
  // A subscription waits for Redis as long as it takes; only commands have a deadline.
  const subscriber = commands.duplicate({ commandTimeout: undefined, maxRetriesPerRequest: null });
  reportConnection(commands, "commands", logger);
  reportConnection(subscriber, "subscriber", logger);
  const state = new RedisSharedState(commands, subscriber, config.keyPrefix, logger);
  await state.listen();
  return state;
}

/** One line when a connection drops and one when it is back, not one per reconnection attempt. */
function reportConnection(redis: Redis, role: string, logger: Logger): void {
  let healthy = true;
  redis.on("error", (error: Error) => {
    if (healthy)
      logger.error({ err: error, role }, "Redis connection lost: shared limits refuse requests until it is back");
    healthy = false;
  });
  redis.on("ready", () => {
    if (!healthy) logger.info({ role }, "Redis connection back");
    healthy = true;
  });
}

async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === "ready") {
    const quit = await redis.quit().catch(() => undefined);
    if (quit === "OK") return;
  }
  redis.disconnect();
}

const delay = (ms: number) => new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
