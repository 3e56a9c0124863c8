import { bookSearchContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
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
  cachePublicReads(app, cache);
  const limited = { config: { rateLimit: { max: perIpPerMinute, timeWindow: "1 minute" } } };
  route(app, c["books.search"], limited, async (request) => service.search(request.params.id, request.query.q));
};
