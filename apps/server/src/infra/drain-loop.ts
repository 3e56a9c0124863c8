import type { Logger } from "pino";

/**
 * Runs a queue consumer's batches until one finds nothing to do, one run at a time per process:
 * a nudge during a run makes that run go round once more instead of starting a second one. An
 * interval, when started, nudges too (for work written by other processes or falling due later).
 */
export class DrainLoop {
  #running: Promise<number> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    /** One batch: how many queue rows it took (0 ends the run) and how many results it counts. */
    private readonly batch: () => Promise<{ claimed: number; done: number }>,
    private readonly logger: Logger,
    private readonly failureMessage: string,
  ) {}

  start(intervalMs: number): void {
    if (this.#timer || intervalMs <= 0) return;
    this.#timer = setInterval(() => this.nudge(), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => 0);
  }

  /** Runs soon without waiting. */
  nudge(): void {
    this.run().catch((error: unknown) => this.logger.error({ err: error }, this.failureMessage));
  }

  /** Drains the queue; resolves to the sum of the batches' `done`. */
  run(): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let done = 0;
      try {
        do {
          this.#again = false;
          for (let batch = await this.batch(); batch.claimed > 0; batch = await this.batch()) done += batch.done;
        } while (this.#again);
      } finally {
        this.#running = undefined;
      }
      return done;
    })();
    return this.#running;
  }
}
