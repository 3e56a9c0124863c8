import type { AnalyticsBatch } from "@quire/core";
import type { Insertable } from "kysely";
import type { AnalyticsEventsTable } from "../../db/schema";

export type AnalyticsEventRow = Insertable<AnalyticsEventsTable>;

const DAY_MS = 86_400_000;

export const utcDay = (time: Date) => time.toISOString().slice(0, 10);
export const addUtcDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Who the events are counted for: the user only when signed in and consenting; never an IP. */
export interface EventSource {
  userId: string | null;
  visitorId: string | null;
  country: string | null;
}

/** A client's clock may be wrong: its time is kept within a day of the server's, and gives the row its day. */
export function clampToServerDay(occurredAt: string, now: Date): Date {
  const time = Date.parse(occurredAt);
  return new Date(Math.min(Math.max(time, now.getTime() - DAY_MS), now.getTime() + DAY_MS));
}

export function eventRows(batch: AnalyticsBatch, source: EventSource, now: Date, newId: () => string) {
  return batch.events.map((event): AnalyticsEventRow => {
    const occurredAt = clampToServerDay(event.occurredAt, now);
    const isPageView = event.name === "page_view";
    return {
      id: newId(),
      name: event.name,
      route: isPageView ? event.route : null,
      properties: !isPageView && event.properties ? JSON.stringify(event.properties) : null,
      ...source,
      occurredAt: occurredAt.toISOString(),
      receivedAt: now.toISOString(),
      day: utcDay(occurredAt),
    };
  });
}
