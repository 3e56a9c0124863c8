import type { Logger } from "pino";
import { DrainLoop } from "../../infra/drain-loop";
import type { AnalyticsSummaryRepository } from "./analytics-summary.repository";
import { addDays, lastClosedDay } from "./analytics-summary.service";

/** How often a process looks for a newly closed day to roll up. */
export const ANALYTICS_ROLLUP_INTERVAL_MS = 15 * 60_000;

/**
 * Rolls up closed days, oldest first, one day per batch: after the last rolled day (or from the first
 * event's day) up to the day before yesterday. Rolling a day replaces its rows, so two processes racing
 * on one day, or a rerun, leave the same figures.
 */
export class AnalyticsRollupJob extends DrainLoop {
  constructor(
    private readonly repository: AnalyticsSummaryRepository,
    private readonly clock: () => Date,
    logger: Logger,
  ) {
    super(logger, "analytics rollup failed; the next tick tries again");
  }

  protected async runBatch(): Promise<{ claimed: number; done: number }> {
    const day = await this.nextDay();
    if (day === null) return { claimed: 0, done: 0 };
    await this.repository.rollDay(day);
    return { claimed: 1, done: 1 };
  }

  private async nextDay(): Promise<string | null> {
    const lastRolled = await this.repository.lastRolledDay();
    const next = lastRolled === null ? await this.repository.firstEventDay() : addDays(lastRolled, 1);
    return next !== null && next <= lastClosedDay(this.clock()) ? next : null;
  }
}
