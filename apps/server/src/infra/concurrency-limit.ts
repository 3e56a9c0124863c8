/**
 * Lets at most `limit` jobs run at once; the rest wait in arrival order. `peak` is the most that
 * ever ran together, so tests and benchmarks can see the bound hold.
 */
export class ConcurrencyLimit {
  #running = 0;
  #peak = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`A concurrency limit must be 1 or more, not ${limit}`);
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  get peak(): number {
    return this.#peak;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    this.#peak = Math.max(this.#peak, this.#running);
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
