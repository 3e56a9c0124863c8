import { ApiErrorBodySchema, readingContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { operation } from "../../openapi-operation";
import type { ReaderService } from "./reader.service";

/**
 * Chapter content, public like the catalogue: anyone may read a launched book, so anonymous reads
 * share the public cache (a chapter only changes with a new edition or an author's edit).
 */
export const readerRoutes: FastifyPluginAsyncZod<{ service: ReaderService; cache: ResponseCache }> = async (
  app,
  { service, cache },
) => {
  cachePublicReads(app, cache);

  const route = c["books.chapterContent"];
  app.get(
    route.path,
    {
      schema: {
        ...operation("books.chapterContent"),
        params: route.params,
        response: { 200: route.response, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema, 412: ApiErrorBodySchema },
      },
    },
    async (request) => ({
      chapter: await service.chapterContent(request.params.id, request.params.anchorId),
    }),
  );
};
