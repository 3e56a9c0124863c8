import { catalogContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import type { AfterReadingService } from "./after-reading.service";

export const afterReadingRoutes: FastifyPluginAsyncZod<{ service: AfterReadingService; cache: ResponseCache }> = async (
  app,
  { service, cache },
) => {
  // A visitor's answer is everyone's; a reader's leaves out what they finished, so it is never cached.
  cachePublicReads(app, cache);
  route(app, c["books.afterReading"], async (request) =>
    service.afterReading(request.params.id, request.viewer?.userId),
  );
};
