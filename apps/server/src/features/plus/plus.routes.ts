import { plusContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import type { PlusService } from "./plus.service";

/** Prices change only with the configuration or a rates import, so shared caches may keep them an hour. */
const PRICING_CACHE_CONTROL = "public, max-age=3600";

/** `GET /plus`: public prices and rates. */
export const plusRoutes: FastifyPluginAsyncZod<{ service: PlusService }> = async (app, { service }) => {
  route(app, c["plus.get"], async (request, reply) => {
    reply.header("cache-control", PRICING_CACHE_CONTROL);
    return service.pricing(request.query.currency);
  });
};

/** `GET /admin/beta-signups`: visitors get 401, readers who are not administrators 403. */
export const betaSignupsRoutes: FastifyPluginAsyncZod<{ service: PlusService }> = async (app, { service }) => {
  // Before validation, so a reader who is not an administrator learns nothing from a malformed cursor either.
  app.addHook("preValidation", async (request) => {
    await service.requireAdmin(requireViewer(request, "notLoggedIn").userId);
  });
  route(app, c["admin.betaSignups"], async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return service.betaSignups(request.query.cursor);
  });
};
