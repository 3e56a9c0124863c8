import type { Logger } from "pino";
import { DrainLoop } from "../../infra/drain-loop";
import type { AnalyticsEventsRepository } from "./analytics-events.repository";
import { addUtcDays, utcDay } from "./analytics-events.rows";

/** Hourly: partitions are made a week ahead, so a missed run or two changes nothing. */
export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 60 * 60_000;
const PARTITION_DAYS_AHEAD = 7;

/**
 * Upkeep of the events table: day partitions from yesterday to a week ahead (PostgreSQL), and retention
 * (whole partitions dropped on PostgreSQL, rows deleted on SQLite). Runs until a pass changes nothing.
 */
export class AnalyticsMaintenanceJob extends DrainLoop {
  constructor(
    private readonly repository: AnalyticsEventsRepository,
    private readonly retentionDays: number,
    private readonly clock: () => Date,
    logger: Logger,
  ) {
    super(logger, "analytics maintenance failed; the next tick tries again");
  }

  protected async runBatch(): Promise<{ claimed: number; done: number }> {
    const today = utcDay(this.clock());
    const firstKeptDay = addUtcDays(today, -this.retentionDays);
    const wanted = Array.from({ length: PARTITION_DAYS_AHEAD + 2 }, (_, offset) => addUtcDays(today, offset - 1));
    const created = await this.repository.createPartitions(wanted.filter((day) => day >= firstKeptDay));
    const dropped = await this.repository.dropBefore(firstKeptDay);
    return { claimed: created + dropped, done: created + dropped };
  }
}
