import type { Logger } from "pino";
import type { BookLaunchService } from "./book-launch.service";

/**
 * Launches scheduled books when their date comes. Every `intervalMs` it asks the launch service for
 * the due books; each is claimed by a conditional update (`status = 'scheduled' AND launched_date
 * <= now`), so any number of server processes may run this loop and each book launches once.
 * Ticks never overlap within a process; the first runs at start, for books that fell due while the
 * server was down.
 */
export class LaunchWorker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly launches: Pick<BookLaunchService, "launchDue">,
    private readonly logger: Logger,
  ) {}

  /** 0 leaves this process without the loop (another process runs it). */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.#timer) return;
    void this.tick();
    this.#timer = setInterval(() => void this.tick(), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** One pass; a tick asked for while one runs waits for it instead of starting a second. */
  async tick(): Promise<string[]> {
    if (this.#running) {
      await this.#running;
      return [];
    }
    let launched: string[] = [];
    this.#running = (async () => {
      try {
        launched = await this.launches.launchDue();
      } catch (err) {
        this.logger.error({ err }, "launch worker tick failed; the next tick tries again");
      }
    })();
    try {
      await this.#running;
    } finally {
      this.#running = undefined;
    }
    return launched;
  }
}
