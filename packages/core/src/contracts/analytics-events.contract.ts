import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { ANALYTICS_EVENT_NAMES, ANALYTICS_MAX_BATCH, ANALYTICS_MAX_PROPERTIES, PAGE_VIEW_EVENT } from "../constants";
import { defineContract } from "./define-contract";

/** A route pattern as the router matched it ("/books/:bookId"): a path with no query, fragment or encoding. */
const RoutePatternSchema = z
  .string()
  .max(200)
  .regex(/^\/[A-Za-z0-9/:_*.-]*$/, "Send the route pattern, not a full address.");

/** Small, non-personal facts about an event (a step name, a result count): no free text from the reader. */
const PropertiesSchema = z
  .record(
    z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/),
    z.union([z.string().max(64), z.number().finite(), z.boolean()]),
  )
  .refine((properties) => Object.keys(properties).length <= ANALYTICS_MAX_PROPERTIES, {
    message: `At most ${ANALYTICS_MAX_PROPERTIES} properties.`,
  });

const PageViewSchema = z.object({
  name: z.literal(PAGE_VIEW_EVENT),
  route: RoutePatternSchema,
  occurredAt: z.iso.datetime(),
});
const NamedEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  properties: PropertiesSchema.optional(),
  occurredAt: z.iso.datetime(),
});
export const AnalyticsEventSchema = z.discriminatedUnion("name", [PageViewSchema, NamedEventSchema]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/**
 * A batch as the web sends it (fetch, or sendBeacon as text/plain). `consent` is set only after a visitor
 * chose "Allow"; signed-in readers' consent is their account's acceptedTracking. `visitorId` is a random id
 * the browser keeps once consenting, for counting unique visitors.
 */
export const AnalyticsBatchSchema = z
  .object({
    consent: z.literal("granted").optional(),
    visitorId: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .optional(),
    events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_MAX_BATCH),
  })
  .strict();
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

export const analyticsEventsContract = defineContract({
  "analytics.events": {
    method: "POST",
    path: P["analytics.events"],
    body: AnalyticsBatchSchema,
    status: 202,
    errors: [400, 403, 429],
  },
});
