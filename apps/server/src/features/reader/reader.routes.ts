import { readingContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
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

  route(app, c["books.chapterContent"], async (request) => ({
    chapter: await service.chapterContent(request.params.id, request.params.anchorId),
  }));

  route(app, c["books.file"], async (request, reply) => {
    const { bytes, contentType } = await service.bookFile(request.params.id, request.params["*"]);
    // The same isolation as /files: a book's SVG opened on its own runs nothing and reaches nothing.
    return reply
      .type(contentType)
      .header("content-security-policy", FILES_CSP)
      .header("cache-control", "public, max-age=86400")
      .send(Buffer.from(bytes));
  });
};
