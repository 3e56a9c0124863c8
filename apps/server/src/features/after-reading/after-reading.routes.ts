import { ApiErrorBodySchema, catalogContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { operation } from "../../openapi-operation";
import type { AfterReadingService } from "./after-reading.service";

export const afterReadingRoutes: FastifyPluginAsyncZod<{ service: AfterReadingService; cache: ResponseCache }> = async (
  app,
  { service, cache },
) => {
  // A visitor's answer is everyone's; a reader's leaves out what they finished, so it is never cached.
  cachePublicReads(app, cache);

  app.get(
    c["books.afterReading"].path,
    {
      schema: {
        ...operation("books.afterReading"),
        params: c["books.afterReading"].params,
        response: { 200: c["books.afterReading"].response, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => service.afterReading(request.params.id, request.viewer?.userId),
  );
};
