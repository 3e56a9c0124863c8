import {
  CAMPAIGN_COOKIE_MAX_AGE_DAYS,
  type CampaignCookie,
  CampaignCookieSchema,
  parseCampaignParams,
  USERNAME_PATTERN,
} from "@quire/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isSecureContext } from "../../shared/session";

/** SPEC §9 leaves the cookie's name open. */
export const CAMPAIGN_COOKIE_NAME = "quire_campaign";
/** The username of an invite link (`/?ref=<username>`), kept until sign-up like the campaign. */
export const REFERRER_COOKIE_NAME = "quire_ref";

/**
 * Records where a visitor came from (SPEC §5) on the page request that carries the parameters, so
 * it works before any script runs: the campaign only when both source and medium survive cleaning,
 * the invite link's `ref` only when it looks like a username.
 */
export function captureCampaign(request: FastifyRequest, reply: FastifyReply, now: Date): void {
  const query = request.url.indexOf("?");
  if (query < 0) return;
  const params = new URLSearchParams(request.url.slice(query + 1));
  const cookieOptions = {
    httpOnly: true,
    secure: isSecureContext(request),
    sameSite: "lax" as const,
    path: "/",
    maxAge: CAMPAIGN_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
  };
  const campaign = parseCampaignParams(params, now);
  if (campaign) {
    reply.setCookie(CAMPAIGN_COOKIE_NAME, Buffer.from(JSON.stringify(campaign)).toString("base64url"), cookieOptions);
  }
  const referrer = params.get("ref")?.toLowerCase();
  if (referrer && USERNAME_PATTERN.test(referrer)) reply.setCookie(REFERRER_COOKIE_NAME, referrer, cookieOptions);
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

/** The invite link's username, or null; whether it names a user is decided inside the sign-up transaction. */
export function readReferrer(request: FastifyRequest): string | null {
  const raw = request.cookies[REFERRER_COOKIE_NAME];
  return raw && USERNAME_PATTERN.test(raw) ? raw : null;
}

/** Where a sign-up came from: the campaign and the invite link's username. */
export interface Attribution {
  utm: CampaignCookie | null;
  referrer: string | null;
}

export function readAttribution(request: FastifyRequest, now: Date): Attribution {
  return { utm: readCampaign(request, now), referrer: readReferrer(request) };
}
