import { searchContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import type { SearchService } from "./search.service";

/** Search and suggestions; anyone may search, within a per-IP rate. The indexes start building once the app is ready. */
export const searchRoutes: FastifyPluginAsyncZod<{
  service: SearchService;
  cache: ResponseCache;
  perIpPerMinute: number;
}> = async (app, { service, cache, perIpPerMinute }) => {
  app.addHook("onReady", async () => service.startIndexing());
  app.addHook("onClose", async () => service.stopIndexing());
  cachePublicReads(app, cache);
  const limited = { config: { rateLimit: { max: perIpPerMinute, timeWindow: "1 minute" } } };
  route(app, c.search, limited, async (request) => service.search(request.query));
  route(app, c["search.suggest"], limited, async (request) => service.suggest(request.query.q));
};
