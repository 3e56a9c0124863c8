import { catalogContract as c } from "@quire/core";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { type CatalogService, VISITOR } from "./catalog.service";

/** A body the database wrote as JSON goes out as it is: Fastify sends a string with a JSON type unserialised. */
function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type("application/json; charset=utf-8").send(json);
}

/** Catalogue reads; every caller is a visitor here (hidden books are the studio's). */
export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService; cache: ResponseCache }> = async (
  app,
  { service, cache },
) => {
  // No route here reads the viewer, so signed-in readers share the visitors' cached answers.
  cachePublicReads(app, cache, { sameForEveryone: true });
  route(app, c["books.list"], async (request, reply) =>
    sendJson(reply, await service.listBooksJson(request.query, VISITOR)),
  );
  route(app, c["books.trending"], async () => ({ items: await service.trendingBooks() }));
  route(app, c["books.newCommunity"], async (request) => service.newCommunityBooks(request.query.cursor));
  route(app, c["books.get"], async (request, reply) =>
    sendJson(reply, await service.getBookJson(request.params.id, VISITOR)),
  );
  route(app, c["books.chapters"], async (request) =>
    service.listChapters(request.params.id, request.query.cursor, VISITOR),
  );
  route(app, c["genres.list"], async () => ({ items: await service.listGenres() }));
  route(app, c["categories.list"], async () => ({ items: await service.listCategories(VISITOR) }));
};
