import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { defineContract } from "./define-contract";

/** The longest range the dashboard answers in one request: a year and a day, so "last 365 days" fits. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};
const DaySchema = z.string().regex(DAY, "Use a date like 2026-01-31.").refine(isRealDay, "Use a date that exists.");

/** Whole days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const AnalyticsRangeSchema = z
  .object({ from: DaySchema, to: DaySchema })
  .refine((range) => range.from <= range.to, {
    message: "The start date must not be after the end date.",
    path: ["from"],
  })
  .refine((range) => daysInRange(range.from, range.to) <= ANALYTICS_MAX_RANGE_DAYS, {
    message: `Choose at most ${ANALYTICS_MAX_RANGE_DAYS} days.`,
    path: ["to"],
  });
export type AnalyticsRange = z.infer<typeof AnalyticsRangeSchema>;

export const AnalyticsDaySchema = z.object({
  day: z.string(),
  activeReaders: z.number().int(),
  pageViews: z.number().int(),
  signUps: z.number().int(),
  readsStarted: z.number().int(),
  readsFinished: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const AnalyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(AnalyticsDaySchema),
  /** Sign-ups in the range by the campaign they arrived with (users.utm); "(none)" when they came directly. */
  campaigns: z.array(z.object({ source: z.string(), medium: z.string(), signUps: z.number().int() })),
  /** People who signed up in the range and how far each of them has come since. */
  funnel: z.object({
    signedUp: z.number().int(),
    verified: z.number().int(),
    onboarded: z.number().int(),
    readFirstChapter: z.number().int(),
    finishedBook: z.number().int(),
  }),
  topBooks: z.array(
    z.object({
      bookId: z.string(),
      title: z.string(),
      readsStarted: z.number().int(),
      readsFinished: z.number().int(),
    }),
  ),
  launches: z.array(
    z.object({ bookId: z.string(), title: z.string(), launchedDate: z.string(), subscribers: z.number().int() }),
  ),
  /** The last day whose event figures come from the daily rollup; later days are counted live. */
  rolledUpTo: z.string().nullable(),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

const ERRORS = [400, 401, 403] as const;

export const analyticsSummaryContract = defineContract({
  "admin.analyticsSummary": {
    method: "GET",
    path: P["admin.analyticsSummary"],
    querystring: AnalyticsRangeSchema,
    response: AnalyticsSummarySchema,
    errors: ERRORS,
  },
  "admin.analyticsSummaryCsv": {
    method: "GET",
    path: P["admin.analyticsSummaryCsv"],
    querystring: AnalyticsRangeSchema,
    response: z
      .any()
      .meta({ description: "The same summary as CSV (text/csv), one section per table, as a download." }),
    errors: ERRORS,
  },
});
