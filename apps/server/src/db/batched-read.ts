/** The most keys one batch reads; a key past it starts the next batch. */
export const MAX_BATCH_KEYS = 100;

interface Waiting<Value> {
  promise: Promise<Value | undefined>;
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Point reads asked for in the same turn of the event loop, answered by one statement: on PostgreSQL each
 * statement is a round trip on the loopback, which costs this process more than the read (docs/catalog.md).
 * Requests read from the sockets in one poll phase all ask before `setImmediate` runs. Equal keys share one
 * answer; a failed statement rejects every caller in its batch.
 */
export class BatchedRead<Key, Value> {
  private batch: Map<Key, Waiting<Value>> | undefined;

  constructor(
    /** The values found for `keys` (distinct, at most MAX_BATCH_KEYS); a key left out is not found. */
    private readonly readMany: (keys: Key[]) => Promise<Map<Key, Value>>,
  ) {}

  load(key: Key): Promise<Value | undefined> {
    let batch = this.batch;
    const waiting = batch?.get(key);
    if (waiting) return waiting.promise;
    if (!batch || batch.size >= MAX_BATCH_KEYS) {
      const next = new Map<Key, Waiting<Value>>();
      this.batch = batch = next;
      setImmediate(() => this.run(next));
    }
    let resolve!: Waiting<Value>["resolve"];
    let reject!: Waiting<Value>["reject"];
    const promise = new Promise<Value | undefined>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    batch.set(key, { promise, resolve, reject });
    return promise;
  }

  private async run(batch: Map<Key, Waiting<Value>>): Promise<void> {
    if (this.batch === batch) this.batch = undefined;
    try {
      const found = await this.readMany([...batch.keys()]);
      for (const [key, waiting] of batch) waiting.resolve(found.get(key));
    } catch (error) {
      for (const waiting of batch.values()) waiting.reject(error);
    }
  }
}
