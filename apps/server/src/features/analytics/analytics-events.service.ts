import { randomUUID } from "node:crypto";
import { type AnalyticsBatch, AppError } from "@quire/core";
import type { Viewer } from "../../shared/session";
import type { AnalyticsEventsRepository } from "./analytics-events.repository";
import { eventRows } from "./analytics-events.rows";

/** What the request says about the sender's wishes, beyond the batch itself. */
export interface PrivacySignals {
  /** Sec-GPC: 1 or DNT: 1: the browser asks not to be tracked, whatever else was chosen. */
  optedOut: boolean;
}

/** Collection with consent: a signed-in reader's acceptedTracking, or a visitor's explicit "Allow". */
export class AnalyticsEventsService {
  constructor(
    private readonly repository: AnalyticsEventsRepository,
    private readonly clock: () => Date,
  ) {}

  async collect(batch: AnalyticsBatch, viewer: Viewer | null, signals: PrivacySignals): Promise<void> {
    const consenting = viewer ? await this.repository.tracksUser(viewer.userId) : batch.consent === "granted";
    if (!consenting || signals.optedOut) throw AppError.of("analyticsWithoutConsent");
    // The country would come from the IP through the locale feature, which does not exist yet: null until then.
    const source = { userId: viewer?.userId ?? null, visitorId: batch.visitorId ?? null, country: null };
    await this.repository.append(eventRows(batch, source, this.clock(), randomUUID));
  }
}
