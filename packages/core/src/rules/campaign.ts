import { CAMPAIGN_COOKIE_MAX_AGE_DAYS, CAMPAIGN_VALUE_MAX_LENGTH } from "../constants";
import type { CampaignCookie } from "../domain/campaign";

export const CAMPAIGN_FIELDS = ["source", "medium", "content", "campaign", "term"] as const;
type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

/** SPEC §5: values over the limit are dropped (not cut); only letters, digits, - _ + . survive. */
export function cleanCampaignValue(raw: string | null | undefined): string | undefined {
  if (raw == null || raw.length > CAMPAIGN_VALUE_MAX_LENGTH) return undefined;
  const cleaned = raw.replace(/[^A-Za-z0-9\-_+.]/g, "");
  return cleaned.length > 0 ? cleaned : undefined;
}

/**
 * Reads campaign parameters from a query string, `utm_source` winning over `source`.
 * Returns nothing unless both source and medium survive cleaning.
 */
export function parseCampaignParams(params: URLSearchParams, now: Date): CampaignCookie | undefined {
  const values: Partial<Record<CampaignField, string>> = {};
  for (const field of CAMPAIGN_FIELDS) {
    const value = cleanCampaignValue(params.get(`utm_${field}`)) ?? cleanCampaignValue(params.get(field));
    if (value !== undefined) values[field] = value;
  }
  if (!values.source || !values.medium) return undefined;
  const expiresAt = new Date(now.getTime() + CAMPAIGN_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
  return {
    source: values.source,
    medium: values.medium,
    ...(values.content ? { content: values.content } : {}),
    ...(values.campaign ? { campaign: values.campaign } : {}),
    ...(values.term ? { term: values.term } : {}),
    capturedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}
