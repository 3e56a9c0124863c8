import {
  CAMPAIGN_COOKIE_MAX_AGE_DAYS,
  type CampaignCookie,
  CampaignCookieSchema,
  parseCampaignParams,
} from "@quire/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isSecureContext } from "../../shared/session";

/** SPEC §9 leaves the cookie's name open. */
export const CAMPAIGN_COOKIE_NAME = "quire_campaign";

/**
 * Records where a visitor came from (SPEC §5) on the page request that carries the parameters, so
 * it works before any script runs. Only when both source and medium survive cleaning.
 */
export function captureCampaign(request: FastifyRequest, reply: FastifyReply, now: Date): void {
  const query = request.url.indexOf("?");
  if (query < 0) return;
  const campaign = parseCampaignParams(new URLSearchParams(request.url.slice(query + 1)), now);
  if (!campaign) return;
  reply.setCookie(CAMPAIGN_COOKIE_NAME, Buffer.from(JSON.stringify(campaign)).toString("base64url"), {
    httpOnly: true,
    secure: isSecureContext(request),
    sameSite: "lax",
    path: "/",
    maxAge: CAMPAIGN_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
  });
}

/** The visitor's unexpired campaign, or null for a missing, tampered or stale cookie. */
export function readCampaign(request: FastifyRequest, now: Date): CampaignCookie | null {
  const raw = request.cookies[CAMPAIGN_COOKIE_NAME];
  if (!raw) return null;
  try {
    const parsed = CampaignCookieSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now.getTime()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
