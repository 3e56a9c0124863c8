import { randomUUID } from "node:crypto";
import { type AnalyticsBatch, AppError } from "@quire/core";
import type { Viewer } from "../../shared/session";
import type { AnalyticsEventsRepository } from "./analytics-events.repository";
import { eventRows } from "./analytics-events.rows";

/** What the request says beyond the batch itself. */
export interface RequestFacts {
  /** Sec-GPC: 1 or DNT: 1: the browser asks not to be tracked, whatever else was chosen. */
  optedOut: boolean;
  /** Only ever turned into a country, never stored. */
  ip: string;
}

/** The two-letter country of a public address, or null when it cannot be told (private, unknown). */
export type CountryOfAddress = (ip: string) => Promise<string | null>;

/** Collection with consent: a signed-in reader's acceptedTracking, or a visitor's explicit "Allow". */
export class AnalyticsEventsService {
  constructor(
    private readonly repository: AnalyticsEventsRepository,
    private readonly clock: () => Date,
    private readonly countryOf: CountryOfAddress,
  ) {}

  async collect(batch: AnalyticsBatch, viewer: Viewer | null, request: RequestFacts): Promise<void> {
    const consenting = viewer ? await this.repository.tracksUser(viewer.userId) : batch.consent === "granted";
    if (!consenting || request.optedOut) throw AppError.of("analyticsWithoutConsent");
    const country = await this.countryOf(request.ip);
    const source = { userId: viewer?.userId ?? null, visitorId: batch.visitorId ?? null, country };
    await this.repository.append(eventRows(batch, source, this.clock(), randomUUID));
  }
}
