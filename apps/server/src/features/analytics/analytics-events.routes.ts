import { AppError, analyticsEventsContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import type { AnalyticsEventsService } from "./analytics-events.service";

/** A full batch of 50 events is under 10 KiB; anything far larger is not the web's tracker. */
export const ANALYTICS_BODY_LIMIT_BYTES = 32 * 1024;
/** A tab flushes every few seconds at most; several tabs behind one address stay well under this. */
export const ANALYTICS_BATCHES_PER_IP_PER_MINUTE = 60;

/**
 * `POST /analytics/events`. navigator.sendBeacon can only send text/plain without a CORS preflight, so this
 * route alone reads a text/plain body as JSON; the Origin check of shared/session.ts still applies.
 */
export const analyticsEventsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsEventsService }> = async (
  app,
  { service },
) => {
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError("invalid-argument", "The analytics batch is not valid JSON."), undefined);
    }
  });
  route(
    app,
    c["analytics.events"],
    {
      bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: ANALYTICS_BATCHES_PER_IP_PER_MINUTE, timeWindow: "1 minute" } },
    },
    async (request) => {
      const optedOut = request.headers["sec-gpc"] === "1" || request.headers.dnt === "1";
      await service.collect(request.body, request.viewer, { optedOut, ip: request.ip });
    },
  );
};
