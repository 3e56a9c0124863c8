import { ApiErrorBodySchema, readingContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { operation } from "../../openapi-operation";
import { FILES_CSP } from "../../security-headers";
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

  const file = c["books.file"];
  app.get(
    file.path,
    {
      schema: {
        ...operation("books.file"),
        params: file.params,
        response: { 200: file.response, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema, 412: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await service.bookFile(request.params.id, request.params["*"]);
      // The same isolation as /files: a book's SVG opened on its own runs nothing and reaches nothing.
      return reply
        .type(contentType)
        .header("content-security-policy", FILES_CSP)
        .header("cache-control", "public, max-age=86400")
        .send(Buffer.from(bytes));
    },
  );
};
