import { localeContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import type { LocaleService } from "./locale.service";

/** A browser asks once a day at most (its answer is cached); this leaves room for many readers behind one address. */
export const LOCALE_LOOKUPS_PER_IP_PER_MINUTE = 60;

/** `GET /locale`: anonymous, per-IP limited; the answer is about this caller, so no shared cache may keep it. */
export const localeRoutes: FastifyPluginAsyncZod<{ service: LocaleService }> = async (app, { service }) => {
  route(
    app,
    c["locale.get"],
    { config: { rateLimit: { max: LOCALE_LOOKUPS_PER_IP_PER_MINUTE, timeWindow: "1 minute" } } },
    async (request, reply) => {
      reply.header("cache-control", "private");
      return service.guess(request.ip);
    },
  );
};
