import type { AnalyticsRange } from "@quire/core";

export const RANGE_PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days up to today (UTC, as the server counts days), today included. */
export function lastDays(days: number, now = Date.now()): AnalyticsRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** The range in the address (?from&to) when both are days, else the last 30 days. */
export function rangeFromSearch(search: URLSearchParams, now = Date.now()): AnalyticsRange {
  const from = search.get("from");
  const to = search.get("to");
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return from && to && day.test(from) && day.test(to) ? { from, to } : lastDays(30, now);
}

/** How many days a range spans when it is one of the presets ending today, so its button shows pressed. */
export function presetOf(range: AnalyticsRange, now = Date.now()): number | undefined {
  return RANGE_PRESETS.find((days) => {
    const preset = lastDays(days, now);
    return preset.from === range.from && preset.to === range.to;
  });
}
