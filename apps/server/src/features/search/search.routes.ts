import rateLimit from "@fastify/rate-limit";
import { ApiErrorBodySchema, searchContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { operation } from "../../openapi-operation";
import type { SearchService } from "./search.service";

const errors = { 400: ApiErrorBodySchema, 429: ApiErrorBodySchema };

/** Search and suggestions; anyone may search, within a per-IP rate. */
export const searchRoutes: FastifyPluginAsyncZod<{
  service: SearchService;
  cache: ResponseCache;
  perIpPerMinute: number;
}> = async (app, { service, cache, perIpPerMinute }) => {
  await app.register(rateLimit, { global: false });
  cachePublicReads(app, cache);
  const limited = { rateLimit: { max: perIpPerMinute, timeWindow: "1 minute" } };

  app.get(
    c.search.path,
    {
      config: limited,
      schema: {
        ...operation("search"),
        querystring: c.search.querystring,
        response: { 200: c.search.response, ...errors },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    c["search.suggest"].path,
    {
      config: limited,
      schema: {
        ...operation("search.suggest"),
        querystring: c["search.suggest"].querystring,
        response: { 200: c["search.suggest"].response, ...errors },
      },
    },
    async (request) => service.suggest(request.query.q),
  );
};
