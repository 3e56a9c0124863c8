/** The most keys one batch reads; a key past it starts the next batch. */
export const MAX_BATCH_KEYS = 100;

/** Statements one BatchedRead has in flight at most; a batch ready meanwhile waits, and keeps taking keys. */
export const MAX_BATCHES_IN_FLIGHT = 2;

interface Waiting<Value> {
  promise: Promise<Value>;
  resolve: (value: Value) => void;
  reject: (error: unknown) => void;
}

function waiting<Value>(): Waiting<Value> {
  let resolve!: Waiting<Value>["resolve"];
  let reject!: Waiting<Value>["reject"];
  const promise = new Promise<Value>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Reads asked for at about the same time, answered together: on PostgreSQL each statement is a round trip on the
 * loopback, and on SQLite each pays the statement's fixed cost in a busy server; both cost more than a point read
 * (docs/catalog.md), so the reader sends the keys in one statement; equal keys (a list page many readers open at
 * once) are read once.
 * Requests read from the sockets in one poll phase all ask before `setImmediate` runs, and while
 * MAX_BATCHES_IN_FLIGHT statements are out, keys asked for wait for one to come back and go out together, so
 * batches grow with the load. A batch takes keys only until it is sent, so no caller is answered from before its
 * request. Equal keys share one answer; a failed statement rejects every caller in its batch.
 */
export class BatchedRead<Key, Value> {
  /** The batch taking keys: the newest of `ready`. */
  private open: Map<Key, Waiting<Value | undefined>> | undefined;
  private readonly ready: Map<Key, Waiting<Value | undefined>>[] = [];
  private inFlight = 0;

  constructor(
    /** The values found for `keys` (distinct, at most MAX_BATCH_KEYS); a key left out is not found. */
    private readonly readMany: (keys: Key[]) => Promise<Map<Key, Value>>,
  ) {}

  load(key: Key): Promise<Value | undefined> {
    let batch = this.open;
    const asked = batch?.get(key);
    if (asked) return asked.promise;
    if (!batch || batch.size >= MAX_BATCH_KEYS) {
      this.open = batch = new Map();
      this.ready.push(batch);
      setImmediate(() => this.sendReady());
    }
    const answer = waiting<Value | undefined>();
    batch.set(key, answer);
    return answer.promise;
  }

  private sendReady(): void {
    while (this.inFlight < MAX_BATCHES_IN_FLIGHT) {
      const batch = this.ready.shift();
      if (!batch) return;
      if (this.open === batch) this.open = undefined;
      void this.send(batch);
    }
  }

  private async send(batch: Map<Key, Waiting<Value | undefined>>): Promise<void> {
    this.inFlight++;
    try {
      const found = await this.readMany([...batch.keys()]);
      for (const [key, answer] of batch) answer.resolve(found.get(key));
    } catch (error) {
      for (const answer of batch.values()) answer.reject(error);
    } finally {
      this.inFlight--;
      this.sendReady();
    }
  }
}
