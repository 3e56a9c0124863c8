import { type AnalyticsDay, type AnalyticsRange, type AnalyticsSummary, daysInRange } from "@quire/core";
import type { AnalyticsSummaryRepository, EventFigures } from "./analytics-summary.repository";

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The newest day the rollup may take. Clients date events up to a day back (occurred_at is clamped to
 * now ± 1 day), so yesterday can still grow: only the days before it are final.
 */
export function lastClosedDay(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -2);
}

/** The admin dashboard's figures: event counts from the rollup for rolled days, live for the rest. */
export class AnalyticsSummaryService {
  constructor(
    private readonly deps: {
      repository: AnalyticsSummaryRepository;
      requireAdmin: (userId: string) => Promise<unknown>;
    },
  ) {}

  /** Refuses anyone but an administrator (403), before their query is even looked at. */
  async requireAdmin(viewerId: string): Promise<void> {
    await this.deps.requireAdmin(viewerId);
  }

  async summary(range: AnalyticsRange): Promise<AnalyticsSummary> {
    const { repository } = this.deps;
    const [events, signUps, reads, campaigns, funnel, topBooks, launches] = await Promise.all([
      this.eventFigures(range),
      repository.signUpsByDay(range),
      repository.readsByDay(range),
      repository.campaigns(range),
      repository.funnel(range),
      repository.topBooks(range),
      repository.launches(range),
    ]);
    const days = new Map<string, AnalyticsDay>();
    for (let i = 0; i < daysInRange(range.from, range.to); i++) {
      const day = addDays(range.from, i);
      days.set(day, { day, activeReaders: 0, pageViews: 0, signUps: 0, readsStarted: 0, readsFinished: 0 });
    }
    for (const row of events.figures) {
      const day = days.get(row.day);
      if (day) Object.assign(day, { activeReaders: row.active_readers, pageViews: row.page_views });
    }
    for (const row of signUps) {
      const day = days.get(row.day);
      if (day) day.signUps = row.count;
    }
    for (const row of reads) {
      const day = days.get(row.day);
      if (day && row.verb === "started") day.readsStarted = row.count;
      if (day && row.verb === "finished") day.readsFinished = row.count;
    }
    campaigns.sort((a, b) => b.signUps - a.signUps || a.source.localeCompare(b.source));
    return {
      ...range,
      days: [...days.values()],
      campaigns,
      funnel,
      topBooks,
      launches,
      rolledUpTo: events.rolledUpTo,
    };
  }

  /** Rolled days from analytics_daily, the days after the last rolled one counted from the events. */
  private async eventFigures(range: AnalyticsRange): Promise<{ figures: EventFigures[]; rolledUpTo: string | null }> {
    const { repository } = this.deps;
    const rolledUpTo = await repository.lastRolledDay();
    if (rolledUpTo === null || rolledUpTo < range.from) {
      return { figures: await repository.liveEventFigures(range), rolledUpTo };
    }
    // biome-ignore lint/complexity/useMathMinMax: days are ISO strings, which Math.min cannot compare.
    const lastRolledInRange = rolledUpTo < range.to ? rolledUpTo : range.to;
    const [rolled, live] = await Promise.all([
      repository.rolledFigures({ from: range.from, to: lastRolledInRange }),
      lastRolledInRange < range.to
        ? repository.liveEventFigures({ from: addDays(lastRolledInRange, 1), to: range.to })
        : Promise.resolve([]),
    ]);
    return { figures: [...rolled, ...live], rolledUpTo };
  }
}
