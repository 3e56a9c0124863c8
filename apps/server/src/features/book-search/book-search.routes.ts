import rateLimit from "@fastify/rate-limit";
import { ApiErrorBodySchema, bookSearchContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { operation } from "../../openapi-operation";
import type { BookSearchService } from "./book-search.service";

/**
 * Search inside a book: public like its chapters, so visitors' searches share the public read cache,
 * within the site search's per-IP rate.
 */
export const bookSearchRoutes: FastifyPluginAsyncZod<{
  service: BookSearchService;
  cache: ResponseCache;
  perIpPerMinute: number;
}> = async (app, { service, cache, perIpPerMinute }) => {
  await app.register(rateLimit, { global: false });
  cachePublicReads(app, cache);

  const route = c["books.search"];
  app.get(
    route.path,
    {
      config: { rateLimit: { max: perIpPerMinute, timeWindow: "1 minute" } },
      schema: {
        ...operation("books.search"),
        params: route.params,
        querystring: route.querystring,
        response: {
          200: route.response,
          400: ApiErrorBodySchema,
          404: ApiErrorBodySchema,
          412: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
        },
      },
    },
    async (request) => service.search(request.params.id, request.query.q),
  );
};
