import type { Logger } from "pino";

/**
 * A queue consumer that runs its batches until one finds nothing to do, one run at a time per
 * process: a nudge during a run makes that run go round once more instead of starting a second one.
 * An interval, when started, nudges too (for work written by other processes or falling due later).
 */
export abstract class DrainLoop {
  #running: Promise<number> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly failureMessage: string,
  ) {}

  /** One batch: how many queue rows it took (0 ends the run) and how many results it counts. */
  protected abstract runBatch(): Promise<{ claimed: number; done: number }>;

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
    this.runOnce().catch((error: unknown) => this.logger.error({ err: error }, this.failureMessage));
  }

  /** Drains the queue; resolves to the sum of the batches' `done`. */
  runOnce(): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let done = 0;
      try {
        do {
          this.#again = false;
          for (let batch = await this.runBatch(); batch.claimed > 0; batch = await this.runBatch()) done += batch.done;
        } while (this.#again);
      } finally {
        this.#running = undefined;
      }
      return done;
    })();
    return this.#running;
  }
}
